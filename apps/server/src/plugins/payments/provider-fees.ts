/**
 * The card fee the sandbox charges (decision 304): Stripe Canada's standard pricing for domestic cards, 2.9 % of the
 * amount plus 30¢, rounded to the cent. The platform bears it; the seller's share is computed without it.
 */
export const cardFeeRateBps = 290;
export const cardFeeFixedCents = 30;

export function cardFeeCents(amountCents: number): number {
  return Math.round((amountCents * cardFeeRateBps) / 10_000) + cardFeeFixedCents;
}
