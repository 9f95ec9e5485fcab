import { sql } from 'drizzle-orm';
import {
  payoutMinimumDefaultCents,
  type PayoutAccount,
  type PayoutAccountStatus,
  type PayoutSettings,
} from '@maplesource/contracts/payouts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import type { ConnectedAccount, PaymentProviderName } from '../../plugins/payments';

interface PayoutAccountRow {
  seller_id: number | string;
  provider: PaymentProviderName;
  provider_account_id: string;
  status: PayoutAccountStatus;
  details_submitted: boolean;
  payouts_enabled: boolean;
  requirements_due: string[];
  schedule_interval: 'daily' | 'weekly';
  schedule_weekday: number | null;
  minimum_cents: number | string;
  updated_at: string | Date;
}

/** The account as the seller's screens and the payout run see it, with the provider's account id. */
export interface StoredPayoutAccount extends PayoutAccount {
  providerAccountId: string;
}

const toAccount = (row: PayoutAccountRow): StoredPayoutAccount => ({
  sellerId: Number(row.seller_id),
  provider: row.provider,
  providerAccountId: row.provider_account_id,
  status: row.status,
  detailsSubmitted: row.details_submitted,
  payoutsEnabled: row.payouts_enabled,
  requirementsDue: row.requirements_due,
  schedule:
    row.schedule_interval === 'weekly'
      ? { interval: 'weekly', weekday: Number(row.schedule_weekday) }
      : { interval: 'daily' },
  minimumCents: Number(row.minimum_cents),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** A text[] parameter (drizzle spreads a JS array into a list of parameters). */
const textArray = (items: string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))::text[]`;

/** The payout account's status from the provider's account (decision 312). */
export function statusOf(account: ConnectedAccount): PayoutAccountStatus {
  if (account.disabledReason?.startsWith('rejected')) return 'disabled';
  if (!account.detailsSubmitted) return 'pending_onboarding';
  return account.payoutsEnabled ? 'active' : 'restricted';
}

export async function payoutAccountOf(db: Db, sellerId: number): Promise<StoredPayoutAccount | null> {
  const [row] = rowsOf<PayoutAccountRow>(
    await db.execute(sql`SELECT * FROM payout_accounts WHERE seller_id = ${sellerId}`),
  );
  return row ? toAccount(row) : null;
}

/**
 * Active payout accounts whose schedule pays on `weekday` (ISO, 1 = Monday; daily ones every day), by storefront
 * id after `afterSellerId`: the payout run's list, a page at a time (decision 297).
 */
export async function dueAccounts(
  db: Db,
  input: { weekday: number; afterSellerId: number; limit: number; onlySellerId?: number | undefined },
): Promise<StoredPayoutAccount[]> {
  return rowsOf<PayoutAccountRow>(
    await db.execute(sql`
      SELECT * FROM payout_accounts
      WHERE status = 'active' AND payouts_enabled AND seller_id > ${input.afterSellerId}
        AND (schedule_interval = 'daily' OR schedule_weekday = ${input.weekday})
        AND (${input.onlySellerId ?? null}::bigint IS NULL OR seller_id = ${input.onlySellerId ?? null}::bigint)
      ORDER BY seller_id
      LIMIT ${input.limit}`),
  ).map(toAccount);
}

/**
 * Records the storefront's provider account; the first one recorded stays (the storefront's one account, a unique
 * key), so concurrent starts all answer the same account.
 */
export async function recordPayoutAccount(
  db: Db,
  sellerId: number,
  provider: PaymentProviderName,
  account: ConnectedAccount,
): Promise<StoredPayoutAccount> {
  await db.execute(sql`
    INSERT INTO payout_accounts (seller_id, provider, provider_account_id, status, details_submitted,
                                 charges_enabled, payouts_enabled, requirements_due, schedule_interval,
                                 schedule_weekday, minimum_cents)
    VALUES (${sellerId}, ${provider}, ${account.id}, ${statusOf(account)}, ${account.detailsSubmitted},
            ${account.chargesEnabled}, ${account.payoutsEnabled}, ${textArray(account.requirementsDue)}, 'weekly', 1,
            ${payoutMinimumDefaultCents})
    ON CONFLICT (seller_id) DO NOTHING`);
  const stored = await payoutAccountOf(db, sellerId);
  if (!stored) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
  return stored;
}

/** The seller's schedule and minimum; 404 before the account exists. */
export async function setPayoutSettings(
  db: Db,
  sellerId: number,
  settings: PayoutSettings,
): Promise<StoredPayoutAccount> {
  const weekday = settings.schedule.interval === 'weekly' ? settings.schedule.weekday : null;
  const [row] = rowsOf<PayoutAccountRow>(
    await db.execute(sql`
      UPDATE payout_accounts
      SET schedule_interval = ${settings.schedule.interval}, schedule_weekday = ${weekday},
          minimum_cents = ${settings.minimumCents}, updated_at = clock_timestamp()
      WHERE seller_id = ${sellerId}
      RETURNING *`),
  );
  if (!row) throw notFound('PAYOUT_ACCOUNT_NOT_FOUND', 'This storefront has no payout account yet');
  return toAccount(row);
}

/**
 * Applies the provider's `account.updated` (in the webhook's transaction). An event older than the last one
 * applied changes nothing (events may arrive out of order); an account we do not know is ignored. Answers the
 * updated account, or null.
 */
export async function applyProviderAccount(
  db: Db,
  provider: PaymentProviderName,
  account: ConnectedAccount,
  providerTime: Date,
): Promise<StoredPayoutAccount | null> {
  const [row] = rowsOf<PayoutAccountRow>(
    await db.execute(sql`
      UPDATE payout_accounts
      SET status = ${statusOf(account)}, details_submitted = ${account.detailsSubmitted},
          charges_enabled = ${account.chargesEnabled}, payouts_enabled = ${account.payoutsEnabled},
          requirements_due = ${textArray(account.requirementsDue)}, provider_updated_at = ${providerTime.toISOString()}::timestamptz,
          updated_at = clock_timestamp()
      WHERE provider = ${provider} AND provider_account_id = ${account.id}
        AND (provider_updated_at IS NULL OR provider_updated_at <= ${providerTime.toISOString()}::timestamptz)
      RETURNING *`),
  );
  return row ? toAccount(row) : null;
}
