import { randomUUID } from 'node:crypto';
import { adminAuditLog } from '../content.tables';
import type { Actor, AuditInput, Executor } from '../content.types';

/** Writes one audit row (call inside the transaction that made the change). */
export async function writeAudit(db: Executor, actor: Actor, input: AuditInput): Promise<void> {
  await db.insert(adminAuditLog).values({
    id: randomUUID(),
    actorUserId: actor.userId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId,
    before: (input.before ?? null) as never,
    after: (input.after ?? null) as never,
  });
}
