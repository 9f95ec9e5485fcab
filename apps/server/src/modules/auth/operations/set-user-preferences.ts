import type { Preferences, UpdatePreferencesRequest } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { userPreferences } from '../auth.tables';
import { getUserPreferences } from './get-user-preferences';

/** Merges the patch into the account's preferences (payment methods without repeats) and answers the result. */
export async function setUserPreferences(
  db: Db,
  userId: string,
  patch: UpdatePreferencesRequest,
): Promise<Preferences> {
  const next = { ...(await getUserPreferences(db, userId)), ...patch };
  const values = {
    preferredPaymentMethods: [...new Set(next.preferredPaymentMethods)],
    preferredCurrency: next.preferredCurrency,
    preferredLanguage: next.preferredLanguage,
    updatedAt: new Date(),
  };
  await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: values });
  return getUserPreferences(db, userId);
}
