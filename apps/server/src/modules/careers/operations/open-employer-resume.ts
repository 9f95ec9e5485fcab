import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { AppError, notFound } from '../../../plugins/errors';
import { downloadName } from '../careers.resumes';
import { careerApplications, careerResumeViews } from '../careers.tables';
import type { CareersDeps, ResumeDownload } from '../careers.types';
import { requireQualifiedEmployer } from './require-qualified-employer';

/** An employer opens a résumé: qualified employers only (anyone else gets a 404), verified applications only; the view is logged. */
export async function openEmployerResume(
  deps: Pick<CareersDeps, 'auth'>,
  db: Db,
  employerId: string,
  applicationId: string,
): Promise<ResumeDownload> {
  const employer = await requireQualifiedEmployer(deps, employerId).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 403)
      throw notFound('CAREER_APPLICATION_NOT_FOUND', 'No such application');
    throw error;
  });
  const [row] = await db
    .select()
    .from(careerApplications)
    .where(
      and(eq(careerApplications.id, applicationId), sql`${careerApplications.emailVerifiedAt} IS NOT NULL`),
    );
  if (!row) throw notFound('CAREER_APPLICATION_NOT_FOUND', 'No such application');
  await db.insert(careerResumeViews).values({
    applicationId: row.id,
    viewerUserId: employer.id,
    viewerName: employer.fullName,
    viewedAt: new Date(),
  });
  const extension = row.resumeFilename.split('.').pop() ?? 'pdf';
  return { key: row.resumeKey, filename: downloadName(`${row.fullName} résumé`, extension) };
}
