import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LedgerEntryView } from '@maplesource/contracts/ledger';
import type { PayoutStatus } from '@maplesource/contracts/payouts';
import type {
  AdminPayoutsResponse,
  ReconciliationDayResponse,
  ReconciliationDaysResponse,
} from '@maplesource/contracts/reconciliation';
import { api } from '../../../lib/http';
import { useCursorList } from '../../../lib/use-cursor-list';

const asAdmin = { role: 'admin' } as const;

export interface HeldFunds {
  totalHeldCents: number;
  holds: Array<{ orderId: string; sellerId: string; heldCents: number; releaseAt: string }>;
}
export type LedgerAccountKind =
  | 'pending'
  | 'available'
  | 'paid_out'
  | 'refunds'
  | 'fees'
  | 'fee_tax'
  | 'provider_fees'
  | 'cash_at_provider';
export interface LedgerAccountQuery {
  holder: 'seller' | 'buyer' | 'platform';
  holderId: string;
  account: LedgerAccountKind;
}

/** GET admin/ledger/held (decision 296): every seller share still held, soonest release first. */
export const useHeldFunds = () =>
  useQuery({
    queryKey: ['admin', 'ledger', 'held'],
    queryFn: () => api.get<HeldFunds>('admin/ledger/held', asAdmin),
  });

/** GET admin/payouts (decision 304): payouts across storefronts, newest first, a page at a time. */
export const useAdminPayouts = (status: PayoutStatus | null) =>
  useCursorList(['admin', 'payouts', status], (cursor) =>
    api.get<AdminPayoutsResponse>('admin/payouts', { ...asAdmin, query: { status, cursor, limit: 50 } }),
  );

/** GET admin/reconciliation (decision 304): the reconciled days, newest first. */
export const useReconciliationDays = () =>
  useCursorList(['admin', 'reconciliation'], (cursor) =>
    api.get<ReconciliationDaysResponse>('admin/reconciliation', { ...asAdmin, query: { cursor } }),
  );

/** GET admin/reconciliation/:date: the day's report and its mismatches. */
export const useReconciliationDay = (date: string | null) =>
  useQuery({
    queryKey: ['admin', 'reconciliation', date],
    queryFn: () => api.get<ReconciliationDayResponse>(`admin/reconciliation/${date}`, asAdmin),
    enabled: date !== null,
  });

/** GET admin/ledger/orders/:orderId: every entry an order caused. */
export const useOrderEntries = (orderId: string | null) =>
  useQuery({
    queryKey: ['admin', 'ledger', 'order', orderId],
    queryFn: () =>
      api.get<{ entries: LedgerEntryView[] }>(
        `admin/ledger/orders/${encodeURIComponent(orderId ?? '')}`,
        asAdmin,
      ),
    enabled: orderId !== null,
    retry: false,
  });

/** GET admin/ledger/accounts: an account's balance and its latest entries. */
export const useAccountEntries = (query: LedgerAccountQuery | null) =>
  useQuery({
    queryKey: ['admin', 'ledger', 'account', query],
    queryFn: () =>
      api.get<{ balanceCents: number; entries: LedgerEntryView[] }>('admin/ledger/accounts', {
        ...asAdmin,
        query: { ...query! },
      }),
    enabled: query !== null,
    retry: false,
  });

/** POST admin/reconciliation/:date/run: reconciles the day again now and answers its report. */
export function useReconcileDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) =>
      api.post<ReconciliationDayResponse>(`admin/reconciliation/${date}/run`, asAdmin),
    onSuccess: (report) => {
      queryClient.setQueryData(['admin', 'reconciliation', report.day.runDate], report);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reconciliation'], exact: true });
    },
  });
}
