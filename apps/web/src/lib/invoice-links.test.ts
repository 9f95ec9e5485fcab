import { describe, expect, it } from 'vitest';
import { invoicePagePath } from './invoice-links';

describe('invoicePagePath', () => {
  it('links a product invoice without a query', () => {
    expect(invoicePagePath('tok123', 'product')).toBe('/invoice/tok123');
  });

  it('marks a service invoice with ?kind=service', () => {
    expect(invoicePagePath('tok123', 'service')).toBe('/invoice/tok123?kind=service');
  });

  it('opens the accept step when asked', () => {
    expect(invoicePagePath('tok123', 'service', { accept: true })).toBe(
      '/invoice/tok123?kind=service&step=accept',
    );
  });
});
