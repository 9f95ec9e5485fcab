import type { FastifyInstance } from 'fastify';
import type { EmployerStatus, EmployerStatusInput } from '@maplesource/contracts';
import '../../modules/auth';
import '../../modules/content';
import type { Tx } from '../../db/transaction';
import { notFound } from '../../plugins/errors';
import type { WorkflowActor } from '../workflow-doors';

/**
 * Admin marks an account a verified business and/or a premium employer (the careers résumé database is open to
 * accounts that are both); the change and its audit row (content's log) commit together in the caller's transaction.
 */
export async function setEmployerStatusWorkflow(
  doors: Pick<FastifyInstance, 'auth' | 'content'>,
  tx: Tx,
  input: { actor: WorkflowActor; userId: string; status: EmployerStatusInput },
): Promise<EmployerStatus> {
  const changed = await doors.auth.users.setEmployerStatus(tx, input.userId, input.status);
  if (!changed) throw notFound('USER_NOT_FOUND', 'Account not found');
  const flags = (row: typeof changed.after) => ({
    isVerifiedBusiness: row.isVerifiedBusiness,
    isPremiumEmployer: row.isPremiumEmployer,
  });
  await doors.content.writeAudit(tx, input.actor, {
    action: 'update',
    entity: 'employer',
    entityId: input.userId,
    before: flags(changed.before),
    after: flags(changed.after),
  });
  return {
    userId: changed.after.id,
    email: changed.after.email,
    fullName: changed.after.fullName,
    ...flags(changed.after),
  };
}
