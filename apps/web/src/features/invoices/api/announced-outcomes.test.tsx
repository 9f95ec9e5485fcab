import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { clearToasts, toastStore } from '../../../lib/toast-store';
import { json } from '../test-support';
import { useIssueInvoice } from './issue-invoice';
import { useWithdrawInvoice } from './withdraw-invoice';

afterEach(() => clearToasts());

/** A fetch answered only when the test says: the live event "unmounts" the form before the HTTP answer. */
function heldAnswer(body: unknown, status = 200) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    await held;
    return json(status, body);
  });
  return () => release();
}

const messages = () => toastStore.getState().toasts.map((toast) => `${toast.type}: ${toast.message}`);

function IssueOnMount() {
  const issue = useIssueInvoice();
  useEffect(() => {
    issue.mutate({
      kind: 'product',
      chatId: '10000000-0000-4000-8000-000000000000',
      idempotencyKey: 'k1',
      body: {} as never,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as a click would
  }, []);
  return null;
}

function WithdrawOnMount() {
  const withdraw = useWithdrawInvoice();
  useEffect(() => {
    withdraw.mutate({ kind: 'product', invoiceToken: 'tok' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as a click would
  }, []);
  return null;
}

describe('the seller’s invoice actions announce their outcome even when their form is already gone', () => {
  it('an issued invoice says so after the form unmounted', async () => {
    const answer = heldAnswer({ invoice: { version: 1 } });
    const { unmount } = renderWithProviders(<IssueOnMount />);
    unmount();
    answer();
    await waitFor(() => expect(messages()).toContain('success: Invoice sent to the buyer.'));
  });

  it('a withdrawal refused because the buyer answered says why, after the buttons unmounted', async () => {
    const answer = heldAnswer(
      { error: { code: 'INVOICE_NOT_PENDING', message: 'This invoice is no longer pending.' } },
      409,
    );
    const { unmount } = renderWithProviders(<WithdrawOnMount />);
    unmount();
    answer();
    await waitFor(() => expect(messages().some((m) => m.startsWith('error: '))).toBe(true));
    expect(messages().join()).toContain('refreshed');
  });
});
