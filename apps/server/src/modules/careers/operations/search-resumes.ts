import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ResumeSearchFilters, ResumeSearchResponse } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { toSearchItem } from '../careers.present';
import { careerApplications } from '../careers.tables';
import type { CareersDeps } from '../careers.types';
import { requireQualifiedEmployer } from './require-qualified-employer';

/** The résumé database: verified applications only, filtered, newest first. */
export async function searchResumes(
  deps: Pick<CareersDeps, 'auth'>,
  db: Db,
  employerId: string,
  query: ResumeSearchFilters,
): Promise<ResumeSearchResponse> {
  await requireQualifiedEmployer(deps, employerId);
  const { page, pageSize } = query;
  const conditions: SQL[] = [sql`${careerApplications.emailVerifiedAt} IS NOT NULL`];
  if (query.jobCategory) conditions.push(eq(careerApplications.jobCategory, query.jobCategory));
  if (query.province) conditions.push(eq(careerApplications.province, query.province));
  if (query.city)
    conditions.push(sql`careers_fold(${careerApplications.city}) = careers_fold(${query.city})`);
  if (query.q)
    conditions.push(
      sql`search_doc @@ (plainto_tsquery('english'::regconfig, careers_fold(${query.q})) || plainto_tsquery('french'::regconfig, careers_fold(${query.q})))`,
    );
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(careerApplications)
      .where(where)
      .orderBy(desc(careerApplications.createdAt), desc(careerApplications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(careerApplications).where(where),
  ]);
  return { items: rows.map(toSearchItem), total: Number(totals[0]?.n ?? 0), page, pageSize };
}
