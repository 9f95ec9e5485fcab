/** The origins a product can have (products.origin). */
export type ProductOrigin = 'made-in-canada' | 'product-of-canada' | 'imported';

/**
 * Which stored origins each origin filter lists (decision 040): "Product of Canada" (≥ 98 % Canadian content)
 * also qualifies as "Made in Canada". The listing condition and the facet count both read this table, so
 * "Made in Canada (n)" is the number of results the filter gives.
 */
export const originFilterMembers: Record<ProductOrigin, readonly ProductOrigin[]> = {
  'made-in-canada': ['made-in-canada', 'product-of-canada'],
  'product-of-canada': ['product-of-canada'],
  imported: ['imported'],
};

export function isProductOrigin(value: string): value is ProductOrigin {
  return Object.hasOwn(originFilterMembers, value);
}

/** Facet counts per filter value from counts per stored origin. */
export function originFilterCounts(stored: ReadonlyMap<string, number>): { value: string; n: number }[] {
  const out: { value: string; n: number }[] = [];
  for (const [value, members] of Object.entries(originFilterMembers)) {
    const n = members.reduce((sum, member) => sum + (stored.get(member) ?? 0), 0);
    if (n > 0) out.push({ value, n });
  }
  return out;
}
