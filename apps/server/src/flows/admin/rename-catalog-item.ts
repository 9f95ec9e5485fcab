import type { Tx } from '../../db/transaction';
import type { WorkflowActor, WorkflowDoors } from '../workflow-doors';

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
  await doors.content.writeAudit(tx, input.actor, {
    action: 'update',
    entity: input.kind,
    entityId: after.id,
    before,
    after,
  });
  await doors.events.emit('catalog-item.renamed', { itemKind: input.kind, itemId: after.id }, tx);
  return after;
}
