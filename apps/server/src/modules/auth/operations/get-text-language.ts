import { eq } from 'drizzle-orm';
import { textLanguageOf, type TextLanguage } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { userPreferences } from '../auth.tables';

/**
 * The language the account's e-mails are written in (decision 210): French when its preferred language is
 * French, else English (also for an account without stored preferences, or one that is gone).
 */
export async function getTextLanguage(db: Db, userId: string): Promise<TextLanguage> {
  const [row] = await db
    .select({ language: userPreferences.preferredLanguage })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return textLanguageOf(row?.language);
}
