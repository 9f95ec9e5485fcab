import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { conflict } from '../../../plugins/errors';
import { careerApplications } from '../careers.tables';
import type { CareersDeps } from '../careers.types';
import { newToken, sendVerification } from '../careers.verification';

/** A new link for the own unverified application. */
export async function resendVerification(
  deps: Pick<CareersDeps, 'auth' | 'mail' | 'publicUrl'>,
  db: Db,
  userId: string,
): Promise<void> {
  const { token, ...tokenColumns } = newToken();
  const [row] = await db
    .update(careerApplications)
    .set(tokenColumns)
    .where(and(eq(careerApplications.userId, userId), sql`${careerApplications.emailVerifiedAt} IS NULL`))
    .returning({ email: careerApplications.email });
  if (!row) throw conflict('CAREER_EMAIL_ALREADY_VERIFIED', 'There is no unverified application e-mail');
  await sendVerification(deps, userId, row.email, token);
}
