import { describe, expect, it } from 'vitest';
import { acceptFlowReducer, canEnter, initialAcceptFlow, type FlowAddress } from './accept-flow';

const shipping: FlowAddress = {
  fullName: 'Marie Tremblay',
  line1: '1200 rue Sainte-Catherine',
  line2: 'Bureau 4',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H3B 1K9',
  country: 'CA',
  phone: null,
  addressType: 'Shipping',
};

const start = () =>
  initialAcceptFlow({ invoiceToken: 'tok_1234567890abcdef', invoiceAmount: 11498, invoiceType: 'product' });

describe('the invoice-acceptance flow state (docs/product.md §3)', () => {
  it('starts on the address step with billing the same as shipping', () => {
    const state = start();
    expect(state.currentStep).toBe('address');
    expect(state.isBillingSameAsShipping).toBe(true);
    expect(state.signature).toBeNull();
    expect(state.billingAddress?.addressType).toBe('Billing');
  });

  it('copies every shipping change into billing, as a Billing address in Canada with the shipping province', () => {
    const state = acceptFlowReducer(start(), { type: 'setShipping', address: shipping });
    expect(state.billingAddress).toEqual({
      ...shipping,
      addressType: 'Billing',
      province: 'QC',
      country: 'CA',
    });
    const moved = acceptFlowReducer(state, {
      type: 'setShipping',
      address: { ...shipping, province: 'ON', city: 'Ottawa' },
    });
    expect(moved.billingAddress).toMatchObject({ province: 'ON', city: 'Ottawa', addressType: 'Billing' });
    expect(moved.shippingAddress.addressType).toBe('Shipping');
  });

  it('clears billing when the switch is turned off, keeps the typed billing, and copies shipping again when on', () => {
    const filled = acceptFlowReducer(start(), { type: 'setShipping', address: shipping });
    const off = acceptFlowReducer(filled, { type: 'setBillingSameAsShipping', same: false });
    expect(off.billingAddress).toBeNull();
    const billing = {
      ...shipping,
      line1: '9 Head Office Way',
      province: 'ON' as const,
      addressType: 'Shipping' as const,
    };
    const typed = acceptFlowReducer(off, { type: 'setBilling', address: billing });
    expect(typed.billingAddress).toMatchObject({
      line1: '9 Head Office Way',
      province: 'ON',
      addressType: 'Billing',
    });
    const shippingMoved = acceptFlowReducer(typed, {
      type: 'setShipping',
      address: { ...shipping, city: 'Laval' },
    });
    expect(shippingMoved.billingAddress?.line1).toBe('9 Head Office Way');
    const on = acceptFlowReducer(shippingMoved, { type: 'setBillingSameAsShipping', same: true });
    expect(on.billingAddress).toMatchObject({ city: 'Laval', line1: shipping.line1, addressType: 'Billing' });
  });

  it('ignores a billing address typed while billing follows shipping', () => {
    const filled = acceptFlowReducer(start(), { type: 'setShipping', address: shipping });
    const same = acceptFlowReducer(filled, {
      type: 'setBilling',
      address: { ...shipping, city: 'Elsewhere' },
    });
    expect(same.billingAddress?.city).toBe('Montréal');
  });

  it('moves forward only when the earlier steps hold their data', () => {
    const state = start();
    expect(acceptFlowReducer(state, { type: 'goTo', step: 'signature' }).currentStep).toBe('address');
    const addressed = acceptFlowReducer(
      acceptFlowReducer(state, { type: 'setShipping', address: shipping }),
      { type: 'goTo', step: 'signature' },
    );
    expect(addressed.currentStep).toBe('signature');
    expect(canEnter(addressed, 'confirmation')).toBe(false);
    const signed = acceptFlowReducer(addressed, {
      type: 'setSignature',
      signature: { fullName: 'Marie', svg: '<svg/>' },
    });
    expect(acceptFlowReducer(signed, { type: 'goTo', step: 'confirmation' }).currentStep).toBe(
      'confirmation',
    );
    const noBilling = acceptFlowReducer(signed, { type: 'setBillingSameAsShipping', same: false });
    expect(canEnter(noBilling, 'signature')).toBe(false);
  });
});
