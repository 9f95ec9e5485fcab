import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { iso } from '../content.present';
import { adminAuditLog } from '../content.tables';

/** The admin audit log, newest first, optionally of one kind of entity. */
export async function listAudit(db: Db, page: number, pageSize: number, entity?: string) {
  const where = entity ? eq(adminAuditLog.entity, entity) : undefined;
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(adminAuditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      actorUserId: r.actorUserId,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before ?? null,
      after: r.after ?? null,
      at: iso(r.at),
    })),
    total: Number(total),
    page,
    pageSize,
  };
}
