import { randomUUID } from 'node:crypto';
import { careerApplicationInputSchema, type CareerApplicationInput } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { conflict } from '../../../plugins/errors';
import { toApplication } from '../careers.present';
import { storeResume } from '../careers.resumes';
import { careerApplications } from '../careers.tables';
import type { CareersDeps, ResumeUpload } from '../careers.types';
import { newToken, sendVerification } from '../careers.verification';

/** One application per account (the unique key decides); the résumé is stored first and removed on a refusal. */
export async function createApplication(
  deps: Pick<CareersDeps, 'auth' | 'storage' | 'mail' | 'publicUrl'>,
  db: Db,
  userId: string,
  input: CareerApplicationInput,
  upload: ResumeUpload,
) {
  const fields = careerApplicationInputSchema.parse(input);
  const resume = await storeResume(deps.storage, upload);
  const { token, ...tokenColumns } = newToken();
  const now = new Date();
  const inserted = await db
    .insert(careerApplications)
    .values({
      id: randomUUID(),
      userId,
      ...fields,
      ...resume,
      ...tokenColumns,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: careerApplications.userId })
    .returning();
  const row = inserted[0];
  if (!row) {
    await deps.storage.delete(resume.resumeKey);
    throw conflict('CAREER_APPLICATION_EXISTS', 'You have already applied; correct your application instead');
  }
  await sendVerification(deps, userId, row.email, token);
  return toApplication(row, []);
}
