import { desc, eq } from 'drizzle-orm';
import {
  jobCategorySchema,
  provinceCodeSchema,
  resumeAcceptedTypes,
  type CareerApplication,
  type ResumeSearchItem,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../plugins/errors';
import { careerApplications, careerResumeViews } from './careers.tables';

/**
 * What the careers operations share: the not-found error, the applicant's own row and its view log, and an
 * application as its applicant or an employer sees it.
 */
export type ApplicationRow = typeof careerApplications.$inferSelect;

export const ownApplicationNotFound = () =>
  notFound('CAREER_APPLICATION_NOT_FOUND', 'You have no career application');

/** Thrown for a résumé upload that is not multipart or lacks its parts. */
export const badUpload = (message: string) => new AppError(400, 'CAREER_FORM_INVALID', message);

export async function findOwn(db: Db, userId: string) {
  const [row] = await db.select().from(careerApplications).where(eq(careerApplications.userId, userId));
  return row;
}

export async function viewsOf(db: Db, applicationId: string) {
  const rows = await db
    .select({ viewerName: careerResumeViews.viewerName, viewedAt: careerResumeViews.viewedAt })
    .from(careerResumeViews)
    .where(eq(careerResumeViews.applicationId, applicationId))
    .orderBy(desc(careerResumeViews.viewedAt), desc(careerResumeViews.id))
    .limit(200);
  return rows.map((row) => ({ viewerName: row.viewerName, viewedAt: row.viewedAt.toISOString() }));
}

export function toApplication(row: ApplicationRow, views: CareerApplication['views']): CareerApplication {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    phoneNumber: row.phoneNumber,
    jobCategory: jobCategorySchema.parse(row.jobCategory),
    street: row.street,
    province: provinceCodeSchema.parse(row.province),
    city: row.city,
    postalCode: row.postalCode,
    coverLetter: row.coverLetter,
    resume: {
      filename: row.resumeFilename,
      contentType: resumeContentType(row.resumeContentType),
      bytes: row.resumeBytes,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    views,
  };
}

function resumeContentType(value: string): (typeof resumeAcceptedTypes)[number] {
  const found = resumeAcceptedTypes.find((type) => type === value);
  if (!found) throw new Error(`unexpected résumé type ${value}`);
  return found;
}

export function toSearchItem(row: ApplicationRow): ResumeSearchItem {
  const {
    views: _views,
    street: _s,
    postalCode: _p,
    emailVerified: _e,
    updatedAt: _u,
    ...rest
  } = toApplication(row, []);
  return rest;
}
