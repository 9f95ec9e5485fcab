import type { UserProfile } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { notFound } from '../../../plugins/errors';
import { toProfile } from '../users.present';
import { findUserById } from './find-user';
import { getUserPreferences } from './get-user-preferences';

/** The account as the API shows it, with its preferences; a gone account: USER_NOT_FOUND. */
export async function getUserProfile(db: Db, userId: string): Promise<UserProfile> {
  const row = await findUserById(db, userId);
  if (!row) throw notFound('USER_NOT_FOUND', 'Account not found');
  return toProfile(row, await getUserPreferences(db, userId));
}
