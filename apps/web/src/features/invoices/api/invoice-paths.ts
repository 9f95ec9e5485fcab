import type { InvoiceKind } from '@maplesource/contracts/invoices';

/** `invoice/<what>` for products, `service-invoice/<what>` for services (docs/product.md §7). */
export const invoicePath = (kind: InvoiceKind, what: string) =>
  `${kind === 'service' ? 'service-invoice' : 'invoice'}/${what}`;
