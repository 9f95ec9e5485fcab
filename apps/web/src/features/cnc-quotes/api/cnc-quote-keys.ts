/** The TanStack Query keys of the buyer's CNC quotes, all under `['cnc-quotes']` (what every change invalidates). */
export const cncQuoteKeys = {
  all: ['cnc-quotes'] as const,
  mine: ['cnc-quotes', 'mine'] as const,
  one: (quoteId: string) => ['cnc-quotes', 'one', quoteId] as const,
};
