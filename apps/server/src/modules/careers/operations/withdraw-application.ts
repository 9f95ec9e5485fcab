import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { withTransaction } from '../../../db/transaction';
import { careerApplications } from '../careers.tables';
import type { CareersDeps } from '../careers.types';

/**
 * Withdrawal (privacy: deletion, withdrawal of consent): the résumé file, then the application and its view
 * log, under the row's lock. Nothing to withdraw is fine: withdrawing twice answers the same.
 */
export async function withdrawApplication(
  deps: Pick<CareersDeps, 'storage'>,
  db: Db,
  userId: string,
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(careerApplications)
      .where(eq(careerApplications.userId, userId))
      .for('update');
    if (!current) return;
    await deps.storage.delete(current.resumeKey);
    await tx.delete(careerApplications).where(eq(careerApplications.id, current.id));
  });
}
