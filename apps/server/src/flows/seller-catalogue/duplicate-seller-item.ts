import type { SellerItemKind, SellerProduct, SellerService } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { ownedSellerIds, type SellerCatalogueDoors } from './own-storefronts';
import { readSellerItem } from './save-seller-item';

/** A draft copy of one of the user's items, with a free SKU (decision 287). */
export function duplicateSellerItem(
  doors: Pick<SellerCatalogueDoors, 'db' | 'sellers' | 'catalog'>,
  userId: string,
  kind: SellerItemKind,
  id: string,
): Promise<SellerProduct | SellerService> {
  return withTransaction(doors.db, async (tx) => {
    const sellerIds = await ownedSellerIds(doors, tx, userId);
    const copyId = await doors.catalog.sellerItems.duplicate(tx, kind, sellerIds, id);
    return readSellerItem(doors, tx, kind, sellerIds, copyId);
  });
}
