import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  cncQuoteRfqRequestSchema,
  type CncQuoteRfqRequest,
  type CncQuoteRfqResponse,
} from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { unprocessable } from '../../plugins/errors';
import { firmQuoteRequestText, lockCncQuoteForRfq, recordCncQuoteRfq } from '../../modules/cnc-quotes';
import { sendRfq, type SendRfqDoors } from './send-rfq';
import '../../modules/catalog';

export type FirmQuotesDoors = SendRfqDoors & Pick<FastifyInstance, 'storage' | 'catalog'>;

/** The seeded product category of CNC machining shops (apps/server/src/seed/catalog-data.ts). */
export const CNC_MACHINING_CATEGORY_SLUG = 'cnc-machining';

/** The file's name as a supplier sees it: no path, no control characters, at most 200 characters. */
function attachmentName(name: string, extension: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const printable = [...last].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.trim().slice(0, 200) || `part.${extension}`;
}

/**
 * "Request firm quotes" for the buyer's CNC instant quote (decision 325): a request for quotes sent by `sendRfq`
 * itself (verified e-mail, the 10-open and 20-a-day limits, matching by category and province, `rfq.sent`) in the CNC
 * machining category, its title and description made from the quote, the quote's kept file attached privately, and
 * the request recorded on the quote — all in one transaction under the quote's row lock, so concurrent requests for
 * one quote make one request and the others answer it (`created: false`); the column's unique key is the last word.
 * A quote without a kept file is 422 CNC_QUOTE_FILE_MISSING; another buyer's 404 CNC_QUOTE_NOT_FOUND.
 */
export async function requestFirmQuotes(
  doors: FirmQuotesDoors,
  input: { buyerId: string; quoteId: string; body: CncQuoteRfqRequest; now?: Date },
): Promise<CncQuoteRfqResponse> {
  const body = cncQuoteRfqRequestSchema.parse(input.body);
  let attachmentKey: string | null = null;
  try {
    return await withTransaction(doors.db, async (tx) => {
      const quote = await lockCncQuoteForRfq(tx, { buyerId: input.buyerId, id: input.quoteId });
      if (quote.rfqId) return { rfqId: quote.rfqId, created: false };
      if (!quote.file)
        throw unprocessable('CNC_QUOTE_FILE_MISSING', 'This quote was made before files were kept');
      // Looked up once the quote is known to be the buyer's: another buyer learns nothing but 404.
      const categoryId = await doors.catalog.topCategoryId(tx, CNC_MACHINING_CATEGORY_SLUG);
      if (categoryId === null)
        throw unprocessable('RFQ_NO_SUPPLIERS', 'No supplier of this category serves this province');
      const text = firmQuoteRequestText(quote, body.language, body.notes);
      const { rfq } = await sendRfq(
        // The doors are the app's decorators: named one by one (a spread of the instance does not copy them).
        { db: tx, auth: doors.auth, rfq: doors.rfq, sellers: doors.sellers, events: doors.events },
        {
          buyerId: input.buyerId,
          body: {
            title: text.title,
            categoryId,
            description: text.description,
            quantity: quote.options.quantity,
            deadline: body.deadline,
            deliveryProvince: body.deliveryProvince,
            deliveryPostalCode: body.deliveryPostalCode,
            private: body.private,
          },
          idempotencyKey: null,
          now: input.now,
        },
      );
      const stored = await doors.storage.get(quote.file.key);
      if (!stored) throw new Error(`The kept file of CNC quote ${quote.id} is missing from storage`);
      const stl = /\.stl$/i.test(quote.file.key);
      const contentType = stl ? 'model/stl' : 'model/step';
      const id = randomUUID();
      attachmentKey = `rfq-attachments/${rfq.id}/${id}.${stl ? 'stl' : 'step'}`;
      await doors.storage.put(attachmentKey, stored.data, { visibility: 'private', contentType });
      await doors.rfq.addAttachment(tx, {
        id,
        rfqId: rfq.id,
        buyerId: input.buyerId,
        storageKey: attachmentKey,
        filename: attachmentName(quote.fileName, stl ? 'stl' : 'step'),
        contentType,
        bytes: stored.data.length,
      });
      if (!(await recordCncQuoteRfq(tx, { id: quote.id, rfqId: rfq.id })))
        throw new Error(`CNC quote ${quote.id} took a request while its row was locked`);
      return { rfqId: rfq.id, created: true };
    });
  } catch (error) {
    if (attachmentKey) await doors.storage.delete(attachmentKey);
    throw error;
  }
}
