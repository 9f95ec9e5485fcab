import type { Db } from '../../../db/client';
import { findOwn, ownApplicationNotFound } from '../careers.present';
import type { ResumeDownload } from '../careers.types';

/** The applicant's own résumé file, as it was uploaded. */
export async function getOwnResume(db: Db, userId: string): Promise<ResumeDownload> {
  const row = await findOwn(db, userId);
  if (!row) throw ownApplicationNotFound();
  return { key: row.resumeKey, filename: row.resumeFilename };
}
