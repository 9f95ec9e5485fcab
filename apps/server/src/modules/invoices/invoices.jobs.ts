import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { expireInvoiceJob, expireSweepJob, type InvoicesService } from './invoices.service';

const expireJobSchema = z.object({ invoiceId: z.uuid() });

/**
 * Expiry (decision 133): the issue-invoice workflow queues `invoices.expire` at the invoice's `expiresAt`
 * (one per invoice: its id is the singleton key); a sweep every 5 minutes catches any the job missed (a job lost
 * with a restored backup, a clock skew). Both run the same conditional update, so each expiry happens once.
 */
export async function registerInvoiceJobs(app: FastifyInstance, invoices: InvoicesService) {
  app.jobs.register(
    expireInvoiceJob,
    async ({ invoiceId }) => {
      await withTransaction(app.db, (tx) => invoices.expireDue(tx, { now: new Date(), invoiceId }));
    },
    { schema: expireJobSchema, retryLimit: 5 },
  );
  app.jobs.register(expireSweepJob, async () => {
    await withTransaction(app.db, (tx) => invoices.expireDue(tx, { now: new Date() }));
  });
  await app.jobs.schedule(expireSweepJob, '*/5 * * * *');
}
