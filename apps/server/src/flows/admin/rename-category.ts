import type { AdminCategory, CategoryNamesInput } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { WorkflowActor, WorkflowDoors } from '../workflow-doors';
import { auditUpdate } from './audit-update';

/**
 * Admin renames a category (catalogue); the change is audited (content's log) and announced
 * (`category.renamed`: listings and page heads drop what they cached), all in the caller's transaction.
 */
export async function renameCategoryWorkflow(
  doors: WorkflowDoors,
  tx: Tx,
  input: { actor: WorkflowActor; id: string; names: CategoryNamesInput },
): Promise<AdminCategory> {
  const { before, after } = await doors.catalog.renameCategory(tx, input.id, input.names);
  await auditUpdate(doors, tx, input.actor, { entity: 'category', before, after }, 'category.renamed', {
    categoryId: after.id,
  });
  return after;
}
