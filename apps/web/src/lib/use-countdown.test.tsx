import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown, useRestartableCountdown } from './use-countdown';

function Countdown({ deadline }: { deadline: number | null }) {
  const seconds = useCountdown(deadline);
  return <p data-testid="left">{seconds === null ? 'none' : seconds}</p>;
}

function Restartable({ initialSeconds }: { initialSeconds?: number }) {
  const { left, start } = useRestartableCountdown(initialSeconds);
  return (
    <button type="button" data-testid="left" onClick={() => start(3)}>
      {left}
    </button>
  );
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T19:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('processing countdown', () => {
  it('counts down each second to zero and stays there', () => {
    render(<Countdown deadline={Date.now() + 5000} />);
    expect(screen.getByTestId('left').textContent).toBe('5');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('left').textContent).toBe('4');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('left').textContent).toBe('1');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByTestId('left').textContent).toBe('0');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the clock, not the number of ticks (a throttled tab catches up)', () => {
    render(<Countdown deadline={Date.now() + 60_000} />);
    act(() => {
      vi.setSystemTime(Date.now() + 30_000);
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId('left').textContent).toBe('29');
  });

  it('restarts from a new deadline and shows nothing without one', () => {
    const { rerender } = render(<Countdown deadline={null} />);
    expect(screen.getByTestId('left').textContent).toBe('none');
    rerender(<Countdown deadline={Date.now() + 10_000} />);
    expect(screen.getByTestId('left').textContent).toBe('10');
  });
});

describe('restartable countdown', () => {
  it('starts at its initial seconds, stops at zero and counts again from each start', () => {
    render(<Restartable initialSeconds={2} />);
    const left = screen.getByTestId('left');
    expect(left.textContent).toBe('2');
    act(() => vi.advanceTimersByTime(2000));
    expect(left.textContent).toBe('0');
    expect(vi.getTimerCount()).toBe(0);
    act(() => left.click());
    expect(left.textContent).toBe('3');
    act(() => vi.advanceTimersByTime(1000));
    expect(left.textContent).toBe('2');
  });

  it('has nothing to wait for without initial seconds', () => {
    render(<Restartable />);
    expect(screen.getByTestId('left').textContent).toBe('0');
    expect(vi.getTimerCount()).toBe(0);
  });
});
