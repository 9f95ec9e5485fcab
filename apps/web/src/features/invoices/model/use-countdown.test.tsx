import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { TimeRemaining } from '../components/time-remaining';
import { remainingUntil, useCountdown } from './use-countdown';

function Countdown({ expiresAt }: { expiresAt: string }) {
  return <TimeRemaining left={useCountdown(expiresAt)} />;
}

describe('remainingUntil', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it('splits the time left into days, hours and minutes, rounding seconds up', () => {
    expect(remainingUntil('2026-11-25T15:04:30Z', now)).toEqual({
      expired: false,
      days: 2,
      hours: 3,
      minutes: 5,
    });
    expect(remainingUntil('2026-11-23T12:00:01Z', now)).toEqual({
      expired: false,
      days: 0,
      hours: 0,
      minutes: 1,
    });
  });
  it('is expired at and after the expiry time', () => {
    expect(remainingUntil('2026-11-23T12:00:00Z', now).expired).toBe(true);
    expect(remainingUntil('2026-11-20T12:00:00Z', now).expired).toBe(true);
  });
});

describe('the live countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('ticks every minute in a polite live region and reaches the expired state', () => {
    renderWithProviders(<Countdown expiresAt="2026-11-23T13:01:30Z" />);
    const region = screen.getByText('1 hour 2 minutes left');
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByText('1 hour 2 minutes left')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('1 hour 1 minute left')).toBe(region);
    for (let minute = 0; minute < 60; minute++) act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('1 minute left')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(region).toHaveTextContent('This invoice has expired');
  });

  it('speaks French', async () => {
    const { i18n } = renderWithProviders(<Countdown expiresAt="2026-11-25T12:05:00Z" />);
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByText('Il reste 2 jours 5 minutes')).toBeInTheDocument();
  });
});
