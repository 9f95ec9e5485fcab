import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Tx } from '../../db/transaction';

/** Decision 347: the stored files of a deleted account's rows, deleted after its transaction commits. */
export const deleteAccountFilesJob = 'account.delete-files';
/** Keys per job: a user with years of chat images makes several small jobs rather than one huge one. */
const keysPerJob = 500;

const filesSchema = z.object({ keys: z.array(z.string().min(1).max(512)).max(keysPerJob) });

/**
 * Queues the deletion of `keys` in the account deletion's transaction: the files go only if the rows that named
 * them did, and a crash after the commit leaves the job to run at the next start.
 */
export async function queueAccountFilesDeletion(deps: Pick<FastifyInstance, 'jobs'>, tx: Tx, keys: string[]) {
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += keysPerJob) {
    await deps.jobs.send(deleteAccountFilesJob, { keys: unique.slice(start, start + keysPerJob) }, { tx });
  }
}

/** Deleting a file already gone is not an error, so a job that runs twice is harmless. */
export function registerDeleteAccountFilesJob(app: FastifyInstance) {
  app.jobs.register<z.infer<typeof filesSchema>>(
    deleteAccountFilesJob,
    async ({ keys }) => {
      for (const key of keys) await app.storage.delete(key);
    },
    { schema: filesSchema },
  );
}
