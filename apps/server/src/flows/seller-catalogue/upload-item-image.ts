import { uploadImage } from '../../modules/content';
import type { SellerCatalogueDoors } from './own-storefronts';

/**
 * A product or service image (decision 287): checked by its bytes and re-encoded by the content module's image
 * code (WebP, metadata dropped, width capped), stored public under the hash of the result. The item's form then
 * saves its address with its alternative text, in its order.
 */
export async function uploadItemImage(doors: Pick<SellerCatalogueDoors, 'storage'>, data: Buffer) {
  const saved = await uploadImage(doors.storage, data);
  return { url: saved.url, width: saved.width, height: saved.height };
}
