import type {
  SellerItemKind,
  SellerProduct,
  SellerProductInput,
  SellerService,
  SellerServiceInput,
} from '@maplesource/contracts/seller-catalogue';

/**
 * What the seller centre's catalogue calls share (decision 287): the routes' plural, the item types and the query
 * keys. Every call acts as seller.
 */
export const pluralOf = (kind: SellerItemKind) => (kind === 'product' ? 'products' : 'services');
export type SellerItem = SellerProduct | SellerService;
export type SellerItemInput = SellerProductInput | SellerServiceInput;

export const sellerItemsKey = (kind: SellerItemKind) => ['seller-catalogue', kind] as const;
