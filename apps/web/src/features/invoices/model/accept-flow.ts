import type { ProvinceCode } from '@maplesource/contracts/provinces';

/** The address the accept request carries (shared12 interface: `Address` of contracts/orders.ts). */
export type FlowAddress = {
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  province: ProvinceCode | '';
  postalCode: string;
  country: 'CA';
  phone: string | null;
  addressType: 'Shipping' | 'Billing';
};

export type FlowSignature = { fullName: string; svg: string };

export const acceptSteps = ['address', 'signature', 'confirmation'] as const;
export type AcceptStep = (typeof acceptSteps)[number];

/** docs/product.md §3 "Invoice-acceptance flow state". */
export type AcceptFlowState = {
  invoiceToken: string;
  invoiceAmount: number;
  invoiceType: 'product' | 'service';
  shippingAddress: FlowAddress;
  billingAddress: FlowAddress | null;
  signature: FlowSignature | null;
  isBillingSameAsShipping: boolean;
  currentStep: AcceptStep;
};

export type AcceptFlowAction =
  | { type: 'setShipping'; address: FlowAddress }
  | { type: 'setBilling'; address: FlowAddress }
  | { type: 'setBillingSameAsShipping'; same: boolean }
  | { type: 'setSignature'; signature: FlowSignature | null }
  | { type: 'goTo'; step: AcceptStep };

export function emptyAddress(
  addressType: FlowAddress['addressType'],
  province: FlowAddress['province'] = '',
): FlowAddress {
  return {
    fullName: '',
    line1: '',
    line2: null,
    city: '',
    province,
    postalCode: '',
    country: 'CA',
    phone: null,
    addressType,
  };
}

/** docs/product.md §3: billing as a copy of shipping, with addressType Billing, the shipping province and country Canada. */
export function billingFromShipping(shipping: FlowAddress): FlowAddress {
  return { ...shipping, addressType: 'Billing', province: shipping.province, country: 'CA' };
}

export function initialAcceptFlow(input: {
  invoiceToken: string;
  invoiceAmount: number;
  invoiceType: 'product' | 'service';
  deliveryProvince?: ProvinceCode;
}): AcceptFlowState {
  const shippingAddress = emptyAddress('Shipping', input.deliveryProvince ?? '');
  return {
    invoiceToken: input.invoiceToken,
    invoiceAmount: input.invoiceAmount,
    invoiceType: input.invoiceType,
    shippingAddress,
    billingAddress: billingFromShipping(shippingAddress),
    signature: null,
    isBillingSameAsShipping: true,
    currentStep: 'address',
  };
}

/**
 * The flow's one reducer. While billing is the same as shipping every shipping change is copied to billing;
 * turning the switch off clears billing (the buyer types it), turning it on copies shipping again.
 */
export function acceptFlowReducer(state: AcceptFlowState, action: AcceptFlowAction): AcceptFlowState {
  switch (action.type) {
    case 'setShipping': {
      const shippingAddress: FlowAddress = { ...action.address, addressType: 'Shipping', country: 'CA' };
      return {
        ...state,
        shippingAddress,
        billingAddress: state.isBillingSameAsShipping
          ? billingFromShipping(shippingAddress)
          : state.billingAddress,
      };
    }
    case 'setBilling':
      if (state.isBillingSameAsShipping) return state;
      return { ...state, billingAddress: { ...action.address, addressType: 'Billing', country: 'CA' } };
    case 'setBillingSameAsShipping':
      return {
        ...state,
        isBillingSameAsShipping: action.same,
        billingAddress: action.same ? billingFromShipping(state.shippingAddress) : null,
      };
    case 'setSignature':
      return { ...state, signature: action.signature };
    case 'goTo':
      return canEnter(state, action.step) ? { ...state, currentStep: action.step } : state;
  }
}

/** A step is reachable only once the steps before it hold their data (the address form validates it). */
export function canEnter(state: AcceptFlowState, step: AcceptStep): boolean {
  if (step === 'address') return true;
  const addressDone =
    state.shippingAddress.line1 !== '' && (state.isBillingSameAsShipping || state.billingAddress !== null);
  if (step === 'signature') return addressDone;
  return addressDone && state.signature !== null;
}
