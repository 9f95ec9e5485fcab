import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../plugins/errors';
import { careerApplications } from '../careers.tables';
import { hashToken } from '../careers.verification';

/** A link is used once, within 24 hours; a wrong, expired or already used link is the same 400. */
export async function verifyApplicationEmail(db: Db, token: string): Promise<void> {
  const [row] = await db
    .update(careerApplications)
    .set({ emailVerifiedAt: new Date(), emailTokenHash: null, emailTokenExpiresAt: null })
    .where(
      and(
        eq(careerApplications.emailTokenHash, hashToken(token)),
        gt(careerApplications.emailTokenExpiresAt, new Date()),
      ),
    )
    .returning({ id: careerApplications.id });
  if (!row)
    throw badRequest(
      'CAREER_VERIFICATION_INVALID',
      'This link is not valid: it was copied incorrectly, has expired or was already used',
    );
}
