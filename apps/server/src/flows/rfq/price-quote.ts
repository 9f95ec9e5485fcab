import { rfqComparisonRow, type ProvinceCode } from '@maplesource/contracts';
import type { StoredQuoteVersion } from '../../modules/rfq';

/**
 * A quote version priced for the request's quantity and delivery province on a date (the contracts' comparison
 * row, decision 298): a quote with no tiers prices every quantity at its unit price.
 */
export function priceQuote(
  quoteId: string,
  version: StoredQuoteVersion,
  request: { quantity: number; deliveryProvince: string },
  date: string,
) {
  const tiers = [{ minQuantity: 1, unitPriceCents: version.unitPriceCents }, ...version.tiers];
  return rfqComparisonRow(
    { quoteId, tiers, shippingCents: version.shippingCents, leadDays: version.leadDays },
    { quantity: request.quantity, province: request.deliveryProvince as ProvinceCode, date },
  );
}
