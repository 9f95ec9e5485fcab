import type { DomainEventName, DomainEventPayload } from '@maplesource/contracts';
import type { Tx } from '../../db/transaction';
import type { WorkflowActor, WorkflowDoors } from '../workflow-doors';

/**
 * How every audited admin edit ends (decision 061): the update in content's audit log, with the row before and
 * after, then the change's event for what caches or copies it; both in the caller's transaction.
 */
export async function auditUpdate<N extends DomainEventName>(
  doors: WorkflowDoors,
  tx: Tx,
  actor: WorkflowActor,
  change: { entity: string; before: unknown; after: { id: string } },
  event: N,
  payload: DomainEventPayload<N>,
): Promise<void> {
  await doors.content.writeAudit(tx, actor, {
    action: 'update',
    entity: change.entity,
    entityId: change.after.id,
    before: change.before,
    after: change.after,
  });
  await doors.events.emit(event, payload, tx);
}
