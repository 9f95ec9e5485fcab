import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/transaction';
import { users } from '../auth.tables';
import type { NewUser, UserRow } from '../users.types';

/** A new account with the next member number (`MS-…`); a buyer unless other roles are given. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  const [seq] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select nextval('member_number_seq') as n`),
  );
  const [row] = await db
    .insert(users)
    .values({
      id: input.id ?? randomUUID(),
      memberId: `MS-${seq!.n}`,
      fullName: input.fullName,
      email: input.email.toLowerCase(),
      emailVerifiedAt: input.emailVerified ? new Date() : null,
      phoneNumber: input.phoneNumber,
      passwordHash: input.passwordHash,
      roles: input.roles ?? ['buyer'],
      state: input.state,
      city: input.city ?? null,
      avatar: input.avatar ?? null,
      isVerifiedBusiness: input.isVerifiedBusiness ?? false,
      isPremiumEmployer: input.isPremiumEmployer ?? false,
    })
    .returning();
  return row!;
}
