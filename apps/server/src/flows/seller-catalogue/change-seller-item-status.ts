import type { SellerItemAction, SellerItemKind, SellerProduct, SellerService } from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { ownedSellerIds, type SellerCatalogueDoors } from './own-storefronts';
import { readSellerItem } from './save-seller-item';

/**
 * Publish, unpublish or archive one of the user's items (decision 287). The status column is watched by the
 * catalogue-version trigger, so listings and search drop their cached answers within one version poll.
 */
export function changeSellerItemStatus(
  doors: Pick<SellerCatalogueDoors, 'db' | 'sellers' | 'catalog' | 'events'>,
  userId: string,
  kind: SellerItemKind,
  id: string,
  action: SellerItemAction,
): Promise<SellerProduct | SellerService> {
  return withTransaction(doors.db, async (tx) => {
    const sellerIds = await ownedSellerIds(doors, tx, userId);
    const change = await doors.catalog.sellerItems.changeStatus(tx, kind, sellerIds, id, action);
    // The item's page head (404 or 410 when it is not listed) follows in this process at once.
    if (change.from !== change.to)
      await doors.events.emit('catalog-item.renamed', { itemKind: kind, itemId: id }, tx);
    return readSellerItem(doors, tx, kind, sellerIds, id);
  });
}
