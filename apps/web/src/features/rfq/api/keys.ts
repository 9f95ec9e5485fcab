/** The TanStack Query keys of requests for quotes: the buyer's and the supplier's sides. */
export const rfqKeys = {
  all: ['rfq'] as const,
  mine: (page: number) => ['rfq', 'mine', page] as const,
  mineAll: ['rfq', 'mine'] as const,
  one: (rfqId: string) => ['rfq', 'one', rfqId] as const,
  inboxAll: ['rfq', 'inbox'] as const,
  inbox: (sellerId: number) => ['rfq', 'inbox', sellerId] as const,
  supplierOne: (rfqId: string) => ['rfq', 'supplier', rfqId] as const,
};
