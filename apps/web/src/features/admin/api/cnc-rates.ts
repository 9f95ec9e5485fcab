import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCncRatesList, CncRatesInput } from '@maplesource/contracts/cnc-rates';
import type { CncRates } from '@maplesource/contracts/cnc-pricing';
import { api } from '../../../lib/http';

const asAdmin = { role: 'admin' } as const;
const cncRatesKey = ['admin', 'cnc-rates'] as const;

/** GET admin/cnc-rates (decision 322): every dated row, newest date first, and the date of the one in effect. */
export const useCncRates = () =>
  useQuery({
    queryKey: cncRatesKey,
    queryFn: () => api.get<AdminCncRatesList>('admin/cnc-rates', asAdmin),
  });

/**
 * POST admin/cnc-rates: a new dated row. No Idempotency-Key: the date is the row's key, so a repeat is
 * `CNC_RATES_DATE_TAKEN` rather than a second row.
 */
export function useAddCncRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: CncRatesInput) => api.post<CncRates>('admin/cnc-rates', { ...asAdmin, body: rates }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cncRatesKey }),
  });
}
