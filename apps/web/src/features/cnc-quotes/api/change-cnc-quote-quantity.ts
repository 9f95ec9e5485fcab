import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CncQuote } from '@maplesource/contracts/cnc-quotes';
import { api } from '../../../lib/http';
import { withQuantity } from '../my-quotes/my-quotes-logic';
import { cncQuoteKeys } from './cnc-quote-keys';
import type { CncQuoteList } from './list-my-cnc-quotes';

/** `PATCH cnc-quotes/:id` `{ quantity }`: priced again with the rates row it was priced with; answers the quote. */
export const changeCncQuoteQuantity = ({ quoteId, quantity }: { quoteId: string; quantity: number }) =>
  api.patch<CncQuote>(`cnc-quotes/${encodeURIComponent(quoteId)}`, { body: { quantity } });

/**
 * Optimistic: the list shows the new quantity at once, priced from the quote's own terms (the server prices the same
 * way, with the same rates row), and the server's answer replaces it; a refusal puts the list back as it was.
 */
export function useChangeCncQuoteQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCncQuoteQuantity,
    onMutate: async ({ quoteId, quantity }) => {
      await queryClient.cancelQueries({ queryKey: cncQuoteKeys.mine });
      const before = queryClient.getQueryData<CncQuoteList>(cncQuoteKeys.mine);
      if (before)
        queryClient.setQueryData<CncQuoteList>(cncQuoteKeys.mine, {
          items: before.items.map((quote) => (quote.id === quoteId ? withQuantity(quote, quantity) : quote)),
        });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(cncQuoteKeys.mine, context.before);
    },
    onSuccess: (quote) => {
      queryClient.setQueryData<CncQuoteList>(cncQuoteKeys.mine, (list) =>
        list ? { items: list.items.map((q) => (q.id === quote.id ? quote : q)) } : list,
      );
      queryClient.setQueryData(cncQuoteKeys.one(quote.id), quote);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: cncQuoteKeys.all }),
  });
}
