import { describe, expect, it } from 'vitest';
import { fixedPhaseAfter } from './chat.phases';

describe('fixedPhaseAfter (business actions posted without reading the chat first)', () => {
  it('gives the phase that does not depend on the current one', () => {
    expect(
      fixedPhaseAfter([
        { action: 'invoice_accepted', payload: {} },
        { action: 'order_created', payload: { status: 'pending' } },
      ]),
    ).toBe('ordered');
    expect(fixedPhaseAfter([{ action: 'order_cancelled', payload: {} }])).toBe('cancelled');
  });

  it('refuses actions whose outcome depends on the chat as it is', () => {
    // order_updated keeps a completed conversation completed: it depends on the phase before.
    expect(() => fixedPhaseAfter([{ action: 'order_updated', payload: { status: 'shipped' } }])).toThrow(
      /depends on the current one/,
    );
    for (const action of ['invoice_sent', 'quotation_created', 'invoice_expired'] as const)
      expect(() => fixedPhaseAfter([{ action, payload: {} }])).toThrow(/postBusinessActions/);
  });
});
