import type { CareerApplication } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { findOwn, ownApplicationNotFound, toApplication, viewsOf } from '../careers.present';

/** The applicant's own application, with who viewed its résumé. */
export async function getOwnApplication(db: Db, userId: string): Promise<CareerApplication> {
  const row = await findOwn(db, userId);
  if (!row) throw ownApplicationNotFound();
  return toApplication(row, await viewsOf(db, row.id));
}
