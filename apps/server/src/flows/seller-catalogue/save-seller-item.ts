import type {
  SellerItemKind,
  SellerProduct,
  SellerProductInput,
  SellerService,
  SellerServiceInput,
} from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { ownStorefront, ownedSellerIds, type SellerCatalogueDoors } from './own-storefronts';

type Doors = Pick<SellerCatalogueDoors, 'db' | 'sellers' | 'catalog' | 'events'>;
type Input = SellerProductInput | SellerServiceInput;

/** The item as the seller centre shows it, read in the same transaction. */
export const readSellerItem = (
  doors: Pick<Doors, 'catalog'>,
  db: Doors['db'],
  kind: SellerItemKind,
  sellerIds: number[],
  id: string,
) =>
  kind === 'product'
    ? doors.catalog.sellerItems.getProduct(db, sellerIds, id)
    : doors.catalog.sellerItems.getService(db, sellerIds, id);

/** A new draft item in one of the user's storefronts (decision 287). */
export function createSellerItem(
  doors: Doors,
  userId: string,
  sellerId: string,
  kind: SellerItemKind,
  input: Input,
): Promise<SellerProduct | SellerService> {
  return withTransaction(doors.db, async (tx) => {
    const ownId = await ownStorefront(doors, tx, userId, sellerId);
    const id = await doors.catalog.sellerItems.create(tx, kind, ownId, input);
    return readSellerItem(doors, tx, kind, [ownId], id);
  });
}

/** Replaces the fields of one of the user's items; its status and address stay. */
export function updateSellerItem(
  doors: Doors,
  userId: string,
  kind: SellerItemKind,
  id: string,
  input: Input,
): Promise<SellerProduct | SellerService> {
  return withTransaction(doors.db, async (tx) => {
    const sellerIds = await ownedSellerIds(doors, tx, userId);
    await doors.catalog.sellerItems.update(tx, kind, sellerIds, id, input);
    // What its page head shows may have changed: this process's rendered heads and listings are dropped after
    // commit (the catalogue version tells the other processes' listings).
    await doors.events.emit('catalog-item.renamed', { itemKind: kind, itemId: id }, tx);
    return readSellerItem(doors, tx, kind, sellerIds, id);
  });
}
