import type { Tx } from '../../db/transaction';
import type { WorkflowActor, WorkflowDoors } from '../workflow-doors';
import { auditUpdate } from './audit-update';

type CatalogItemRename = Awaited<ReturnType<WorkflowDoors['catalog']['renameCatalogItem']>>['after'];

/**
 * Admin renames a product or a service (catalogue); audited (content's log) and announced
 * (`catalog-item.renamed`), all in the caller's transaction.
 */
export async function renameCatalogItemWorkflow(
  doors: WorkflowDoors,
  tx: Tx,
  input: {
    actor: WorkflowActor;
    kind: 'product' | 'service';
    idOrSlug: string;
    names: { nameEn: string; nameFr: string };
  },
): Promise<CatalogItemRename> {
  const { before, after } = await doors.catalog.renameCatalogItem(
    tx,
    input.kind,
    input.idOrSlug,
    input.names,
  );
  await auditUpdate(doors, tx, input.actor, { entity: input.kind, before, after }, 'catalog-item.renamed', {
    itemKind: input.kind,
    itemId: after.id,
  });
  return after;
}
