import { eq } from 'drizzle-orm';
import { careerApplicationInputSchema, type CareerApplicationInput } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { withTransaction } from '../../../db/transaction';
import { ownApplicationNotFound, toApplication, viewsOf, type ApplicationRow } from '../careers.present';
import { storeResume } from '../careers.resumes';
import { careerApplications } from '../careers.tables';
import type { CareersDeps, ResumeUpload } from '../careers.types';
import { newToken, sendVerification } from '../careers.verification';

/** Correction (privacy: right of correction); a new e-mail must be verified again, a new résumé replaces the file. */
export async function updateApplication(
  deps: Pick<CareersDeps, 'auth' | 'storage' | 'mail' | 'publicUrl'>,
  db: Db,
  userId: string,
  input: CareerApplicationInput,
  upload: ResumeUpload | null,
) {
  const fields = careerApplicationInputSchema.parse(input);
  const resume = upload ? await storeResume(deps.storage, upload) : null;
  let verification: string | null = null;
  let oldKey: string | null = null;
  let row: ApplicationRow;
  try {
    row = await withTransaction(db, async (tx) => {
      const [current] = await tx
        .select()
        .from(careerApplications)
        .where(eq(careerApplications.userId, userId))
        .for('update');
      if (!current) throw ownApplicationNotFound();
      const emailChanged = current.email !== fields.email;
      const tokenColumns = emailChanged ? newToken() : null;
      verification = tokenColumns?.token ?? null;
      oldKey = resume ? current.resumeKey : null;
      const [updated] = await tx
        .update(careerApplications)
        .set({
          ...fields,
          ...(resume ?? {}),
          ...(tokenColumns
            ? {
                emailVerifiedAt: null,
                emailTokenHash: tokenColumns.emailTokenHash,
                emailTokenExpiresAt: tokenColumns.emailTokenExpiresAt,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(careerApplications.id, current.id))
        .returning();
      return updated!;
    });
  } catch (error) {
    if (resume) await deps.storage.delete(resume.resumeKey);
    throw error;
  }
  if (oldKey) await deps.storage.delete(oldKey);
  if (verification) await sendVerification(deps, userId, row.email, verification);
  return toApplication(row, await viewsOf(db, row.id));
}
