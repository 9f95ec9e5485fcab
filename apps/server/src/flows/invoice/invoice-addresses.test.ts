import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, SellerTaxProfileResponse } from '@maplesource/contracts';
import { seedTestCatalog, createTestApp, type TestApp } from '../../../test/helpers';
import { issueInvoiceFor, makeInvoicingSeller, makeUser, type Party } from '../../../test/orders-helpers';

/**
 * The parties' addresses on an invoice (decision 315): the seller's business address from its tax profile and the
 * buyer's billing address are copied when the invoice is issued, so a later move changes no invoice.
 */
let t: TestApp;
let seller: Party;
let buyer: Party;
let other: Party;
let sellerId: number;
let productId: number;

const hamilton = { street: '1200 Industrial Rd', city: 'Hamilton', province: 'ON', postalCode: 'l8p4r5' };
const profileBody = {
  legalName: 'Addressed Steel Inc.',
  gstHstNumber: '123456789RT0001',
  qstNumber: null,
  smallSupplier: false,
};
const putProfile = (user: Party, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/seller/${sellerId}/tax-profile`,
    headers: { role: 'seller', cookie: user.cookie },
    payload,
  });
const details = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/invoice/details?invoiceToken=${encodeURIComponent(token)}`,
    headers: { role: 'buyer', cookie: buyer.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ invoice: Invoice }>().invoice;
};
const addAddress = async (payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/address',
    headers: { role: 'buyer', cookie: buyer.cookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 5);
  seller = await makeUser(t, ['buyer', 'seller'], 'Sam Seller');
  buyer = await makeUser(t, ['buyer'], 'Bea Buyer');
  other = await makeUser(t, ['buyer', 'seller'], 'Olga Other');
  ({ sellerId, productId } = await makeInvoicingSeller(t, seller));
});
afterAll(async () => t?.close());

describe('addresses on invoices', () => {
  it("keeps the seller's business address with the tax profile, checked like any address", async () => {
    const saved = await putProfile(seller, { ...profileBody, address: hamilton });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SellerTaxProfileResponse>().profile.address).toEqual({
      ...hamilton,
      postalCode: 'L8P 4R5',
    });
    // Sent without an address, the profile keeps the one on file.
    const kept = await putProfile(seller, profileBody);
    expect(kept.json<SellerTaxProfileResponse>().profile.address?.street).toBe('1200 Industrial Rd');
    for (const [address, code] of [
      [{ ...hamilton, postalCode: '12345' }, 'POSTAL_CODE_INVALID'],
      [{ ...hamilton, street: '' }, 'STREET_REQUIRED'],
      [{ ...hamilton, street: 'Rue\u0000 1' }, undefined],
      [{ ...hamilton, province: 'XX' }, undefined],
    ] as const) {
      const refused = await putProfile(seller, { ...profileBody, address });
      expect(refused.statusCode, JSON.stringify(address)).toBe(400);
      if (code) expect(refused.body).toContain(code);
    }
    // Nobody else sets it.
    expect((await putProfile(other, { ...profileBody, address: hamilton })).statusCode).toBe(404);
  });

  it("copies both parties' addresses when the invoice is issued, and a later move changes no invoice", async () => {
    await addAddress({ street: '9 Dock St', province: 'ON', city: 'Toronto', postalCode: 'M5V 2T6' });
    await addAddress({
      street: '45 Rue Principale',
      province: 'QC',
      city: 'Laval',
      postalCode: 'H7N 1A1',
      addressType: 'Billing',
    });
    const { token } = await issueInvoiceFor(t, { buyer, seller, productId });
    const issued = await details(token);
    expect(issued.seller.address).toEqual({ ...hamilton, postalCode: 'L8P 4R5' });
    expect(issued.buyer.address).toEqual({
      street: '45 Rue Principale',
      city: 'Laval',
      province: 'QC',
      postalCode: 'H7N 1A1',
    });

    const moved = await putProfile(seller, {
      ...profileBody,
      address: { street: '7 New Way', city: 'Oakville', province: 'ON', postalCode: 'L6J 1A1' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await details(token)).seller.address?.street).toBe('1200 Industrial Rd');

    // Cleared: the next invoice (another buyer's, who has no address) has neither, and says so with null.
    expect((await putProfile(seller, { ...profileBody, address: null })).statusCode).toBe(200);
    const next = await issueInvoiceFor(t, { buyer: other, seller, productId });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/details?invoiceToken=${encodeURIComponent(next.token)}`,
      headers: { role: 'buyer', cookie: other.cookie },
    });
    const nextInvoice = read.json<{ invoice: Invoice }>().invoice;
    expect(nextInvoice.seller.address).toBeNull();
    expect(nextInvoice.buyer.address).toBeNull();
  });
});
