import { eq } from 'drizzle-orm';
import { isLanguageCode, paymentMethodSchema, type Preferences } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { userPreferences } from '../auth.tables';
import { defaultPreferences } from '../users.present';

/** The account's stored preferences (unknown payment methods dropped), else the defaults. */
export async function getUserPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  if (!row) return defaultPreferences;
  return {
    preferredPaymentMethods: row.preferredPaymentMethods.flatMap((m) => {
      const parsed = paymentMethodSchema.safeParse(m);
      return parsed.success ? [parsed.data] : [];
    }),
    preferredCurrency: 'CAD',
    preferredLanguage: isLanguageCode(row.preferredLanguage) ? row.preferredLanguage : 'en',
  };
}
