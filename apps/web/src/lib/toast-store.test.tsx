import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { limits } from '@maplesource/contracts';
import { Toaster } from '../components/ui/toaster';
import { createI18n } from './i18n';
import { clearToasts, showToast, toastStore } from './toast-store';

function renderToaster() {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <Toaster />
    </I18nextProvider>,
  );
}

const messages = () => toastStore.getState().toasts.map((t) => t.message);

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('keeps at most 3: a 4th drops the oldest', () => {
    renderToaster();
    act(() => {
      showToast({ type: 'success', message: 'one' });
      showToast({ type: 'error', message: 'two' });
      showToast({ type: 'info', message: 'three' });
    });
    expect(screen.getAllByText(/one|two|three/)).toHaveLength(3);
    act(() => {
      showToast({ type: 'warning', message: 'four' });
    });
    expect(limits.toast.max).toBe(3);
    expect(messages()).toEqual(['two', 'three', 'four']);
    expect(screen.queryByText('one')).not.toBeInTheDocument();
    expect(screen.getByText('four')).toBeInTheDocument();
  });

  it('auto-dismisses after 3 s (not before), with a 300 ms exit animation', () => {
    renderToaster();
    act(() => {
      showToast({ type: 'info', message: 'hello' });
    });
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.getByText('hello').closest('[data-toast-type]')).not.toHaveAttribute('data-leaving');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('hello').closest('[data-toast-type]')).toHaveAttribute('data-leaving', 'true');
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByText('hello')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('hello')).not.toBeInTheDocument();
    expect(messages()).toEqual([]);
  });

  it('close button (accessible name) removes the toast', () => {
    renderToaster();
    act(() => {
      showToast({ type: 'error', message: 'failed' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('failed');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    act(() => vi.advanceTimersByTime(limits.toast.exitMs));
    expect(screen.queryByText('failed')).not.toBeInTheDocument();
  });

  it('renders inside a labelled live region', () => {
    renderToaster();
    act(() => {
      showToast({ type: 'success', message: 'saved' });
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.querySelector('[aria-live="polite"]')).toContainElement(screen.getByText('saved'));
  });
});
