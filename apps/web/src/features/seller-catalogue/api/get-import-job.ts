import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerImportJob, SellerItemKind } from '@maplesource/contracts/seller-catalogue';
import { api } from '../../../lib/http';
import { sellerItemsKey } from './keys';

/** `GET seller/csv-imports/:jobId`. */
/** An import's progress, polled every second until it is done or failed; the item list follows when it ends. */
export function useImportJob(kind: SellerItemKind, jobId: string | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['seller-catalogue', 'import', jobId],
    queryFn: async () => {
      const job = await api.get<SellerImportJob>(`seller/csv-imports/${jobId}`, { role: 'seller' });
      if (job.status === 'done')
        await queryClient.invalidateQueries({ queryKey: [...sellerItemsKey(kind), 'list'] });
      return job;
    },
    enabled: jobId !== undefined,
    refetchInterval: (query) =>
      query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 1000,
  });
}
