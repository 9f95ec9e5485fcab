/**
 * The TanStack Query keys of requests for quotes, all under `['rfq']` (what every answer invalidates). The seller
 * centre's inbox keys are `supplier-inbox.ts`'s own: the navigation's badge imports that file alone.
 */
export const rfqKeys = {
  all: ['rfq'] as const,
  mine: (page: number) => ['rfq', 'mine', page] as const,
  mineAll: ['rfq', 'mine'] as const,
  one: (rfqId: string) => ['rfq', 'one', rfqId] as const,
  supplierOne: (rfqId: string) => ['rfq', 'supplier', rfqId] as const,
};
