import { storefrontLimits } from '@maplesource/contracts';
import { uploadImage } from '../../modules/content';
import type { SellerStorefrontDoors } from './edit-storefront';

/**
 * A storefront's logo or banner (decision 261): checked by its bytes and re-encoded by the content module's image
 * code (WebP, metadata dropped), resized to the logo's or the banner's width. The storefront form then saves its
 * address with the rest of the storefront.
 */
export async function uploadStorefrontImage(
  doors: Pick<SellerStorefrontDoors, 'storage'>,
  kind: 'logo' | 'banner',
  data: Buffer,
) {
  const maxWidth = kind === 'logo' ? storefrontLimits.logoMaxWidth : storefrontLimits.bannerMaxWidth;
  const saved = await uploadImage(doors.storage, data, { maxWidth });
  return { url: saved.url, width: saved.width, height: saved.height };
}
