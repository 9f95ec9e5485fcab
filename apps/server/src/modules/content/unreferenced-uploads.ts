import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isStorageKey } from '../../plugins/storage';
import '../sellers';
import { writeAudit } from './content.service';
import { contentReferencesUpload, lastUploadAt, uploadsOlderThan } from './upload-references';

/** How long an uploaded image may stay unused (the admin is still writing the post). */
export const unusedUploadGraceSeconds = 24 * 60 * 60;

export const deleteUnreferencedUploadJob = 'uploads.delete-unreferenced';
export const sweepUnreferencedUploadsJob = 'uploads.sweep-unreferenced';

/**
 * Deletes one admin upload if nothing names it and its latest upload is past the grace period.
 * Answers whether it deleted the file.
 */
export async function deleteUploadIfUnreferenced(app: FastifyInstance, name: string, now = new Date()) {
  if (!isStorageKey(name)) return false;
  const uploadedAt = await lastUploadAt(app.db, name);
  // Not an admin upload, or uploaded again since: that upload's own job decides later.
  if (!uploadedAt || now.getTime() - uploadedAt.getTime() < unusedUploadGraceSeconds * 1000) return false;
  if (await contentReferencesUpload(app.db, name)) return false;
  if (await app.sellers.referencesUpload(app.db, name)) return false;
  const deleted = await app.storage.delete(name);
  if (deleted) {
    await writeAudit(
      app.db,
      { userId: null },
      {
        action: 'delete',
        entity: 'upload',
        entityId: name,
        before: { name },
        after: { reason: 'unreferenced' },
      },
    );
    app.log.info({ upload: name }, 'deleted an unreferenced admin upload');
  }
  return deleted;
}

/**
 * The first durable jobs (decision 072): 24 hours after each admin upload, delete the image if no
 * content references it; a nightly sweep catches uploads whose job was lost or that predate it.
 */
export async function registerUploadCleanup(app: FastifyInstance) {
  app.jobs.register<{ name: string }>(
    deleteUnreferencedUploadJob,
    async ({ name }) => void (await deleteUploadIfUnreferenced(app, name)),
    { schema: z.object({ name: z.string().max(512) }) },
  );
  app.jobs.register(sweepUnreferencedUploadsJob, async () => {
    const cutoff = new Date(Date.now() - unusedUploadGraceSeconds * 1000);
    for (const name of await uploadsOlderThan(app.db, cutoff)) {
      if (await app.storage.exists(name)) await deleteUploadIfUnreferenced(app, name);
      else
        await writeAudit(
          app.db,
          { userId: null },
          {
            action: 'delete',
            entity: 'upload',
            entityId: name,
            before: { name },
            after: { reason: 'missing' },
          },
        );
    }
  });
  await app.jobs.schedule(sweepUnreferencedUploadsJob, '15 3 * * *');
}

/** Queues the check for an upload that just happened. */
export function scheduleUploadCleanup(app: FastifyInstance, name: string) {
  return app.jobs.send(deleteUnreferencedUploadJob, { name }, { startAfter: unusedUploadGraceSeconds + 60 });
}
