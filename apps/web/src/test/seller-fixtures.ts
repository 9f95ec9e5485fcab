/** The signed-in seller's storefront as `GET seller/me` lists it, for the seller centre's screens. */
export const myStorefront = {
  sellerId: 42,
  slug: 'maple-metal',
  name: 'Maple Metal',
  legalName: 'Maple Metal',
  gstHstNumber: null,
  qstNumber: null,
  smallSupplier: false,
};
