import type { InvoiceKind } from '@maplesource/contracts/invoices';
import { to } from '../config/paths';

/** The one builder of an invoice page link, shared by the features that link to an invoice: `/invoice/{token}` (with `?kind=service` for a service invoice; `accept` opens the accept flow directly). */
export function invoicePagePath(
  token: string,
  kind: InvoiceKind,
  options: { accept?: boolean } = {},
): string {
  const query = new URLSearchParams();
  if (kind === 'service') query.set('kind', 'service');
  if (options.accept) query.set('step', 'accept');
  const qs = query.toString();
  return `${to('invoice', { invoiceToken: token })}${qs ? `?${qs}` : ''}`;
}
