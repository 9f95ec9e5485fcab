import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOwnAccount, signUp } from '../../../test/accounts-helpers';
import { cncQuoteFields, uploadCncQuote } from '../../../test/cnc-helpers';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Party } from '../../../test/orders-helpers';
import {
  makeRfqCategory,
  makeRfqSupplier,
  rfqBody,
  sendRfq,
  type RfqSupplier,
} from '../../../test/rfq-helpers';
import { binaryStl, box } from '../../../test/solids';
import { waitFor } from '../../../test/wait-for';
import { rowsOf, type Tx } from '../../db/transaction';
import { deleteAccountFilesJob, queueAccountFilesDeletion } from './delete-account-files';

/**
 * Account deletion takes the account's files with its rows (decision 347): the images of its chats, the attachments
 * of its requests for quotes and its CNC parts are deleted from storage after the rows are; another user's stay.
 */
let t: TestApp;
let categoryId: number;
let supplier: RfqSupplier;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = await makeRfqCategory(t);
  supplier = await makeRfqSupplier(t, categoryId, ['QC'], 'Fay Fabricator');
});
afterAll(async () => t?.close());

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----files${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function post(party: Party, url: string, body: ReturnType<typeof multipart>) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { role: 'buyer', cookie: party.cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A verified buyer with a chat image, a request for quotes with an attachment and a CNC quote with its part. */
async function buyerWithFiles(name: string): Promise<Party> {
  const user = await signUp(t.app, { fullName: name });
  await t.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${user.id}`);
  const party = { id: user.id, cookie: user.cookie, name };

  const { chatId } = await t.app.db.transaction((tx) =>
    t.app.chat.openConversation(tx, {
      buyerId: user.id,
      sellerUserId: supplier.party.id,
      subject: { kind: 'product', id: supplier.productId },
      quotationId: null,
      names: { subject: 'Steel brackets' },
    }),
  );
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#06c' } })
    .png()
    .toBuffer();
  await post(
    party,
    '/api/v1/upload',
    multipart({ chatId }, { name: 'part.png', type: 'image/png', bytes: photo }),
  );

  const { rfq } = await sendRfq(t, party, rfqBody(categoryId));
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
  await post(
    party,
    `/api/v1/rfqs/${rfq.id}/attachments`,
    multipart({}, { name: 'drawing.pdf', type: 'application/pdf', bytes: pdf }),
  );

  const quote = await uploadCncQuote(t, user.cookie, cncQuoteFields, {
    name: 'cube.stl',
    bytes: binaryStl(box(20, 20, 20)),
  });
  expect(quote.statusCode, quote.body).toBe(201);
  return party;
}

/** Every stored file a buyer's rows name: chat image and thumbnail, request attachment, CNC part. */
async function filesOf(party: Party): Promise<string[]> {
  const rows = rowsOf<{ key: string }>(
    await t.database.db.execute(sql`
      SELECT a.storage_key AS key FROM chat_attachments a JOIN chats c ON c.id = a.chat_id WHERE c.buyer_id = ${party.id}
      UNION ALL
      SELECT a.thumbnail_key FROM chat_attachments a JOIN chats c ON c.id = a.chat_id WHERE c.buyer_id = ${party.id}
      UNION ALL
      SELECT a.storage_key FROM rfq_attachments a JOIN rfqs r ON r.id = a.rfq_id WHERE r.buyer_id = ${party.id}
      UNION ALL
      SELECT file_key FROM cnc_quotes WHERE buyer_id = ${party.id}`),
  );
  return rows.map((row) => row.key);
}

const existing = async (keys: string[]) =>
  (await Promise.all(keys.map((key) => t.app.storage.exists(key)))).filter(Boolean).length;

describe('account deletion and the files of its rows', () => {
  it('deletes the chat images, request attachments and CNC parts of the account, and no other user’s', async () => {
    const leaving = await buyerWithFiles('Lea Leaving');
    const staying = await buyerWithFiles('Sid Staying');
    const [leavingFiles, stayingFiles] = [await filesOf(leaving), await filesOf(staying)];
    expect(leavingFiles).toHaveLength(4);
    expect(stayingFiles).toHaveLength(4);
    expect(await existing([...leavingFiles, ...stayingFiles])).toBe(8);

    const deleted = await deleteOwnAccount(t.app, leaving.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);

    await waitFor('the deleted account’s files to go', async () => (await existing(leavingFiles)) === 0);
    expect(await existing(stayingFiles)).toBe(4);
    expect(await filesOf(staying)).toEqual(stayingFiles);
  });

  it('keeps every file when the deletion is refused', async () => {
    const keeping = await buyerWithFiles('Kim Keeping');
    const files = await filesOf(keeping);
    const refused = await deleteOwnAccount(t.app, keeping.cookie, 'Not#ThePassword1');
    expect(refused.statusCode).toBe(400);
    const queued = rowsOf<{ n: number | string }>(
      await t.database.db.execute(
        sql`SELECT count(*) AS n FROM pgboss.job WHERE name = 'account.delete-files' AND data::text LIKE ${`%${files[0]}%`}`,
      ),
    );
    expect(Number(queued[0]!.n)).toBe(0);
    expect(await existing(files)).toBe(4);
  });

  it('queues each file once, at most 500 to a job, in the deletion’s transaction', async () => {
    const sent: Array<{ name: string; keys: string[]; tx: unknown }> = [];
    const jobs = {
      send: async (name: string, data: { keys: string[] }, options?: { tx?: unknown }) => {
        sent.push({ name, keys: data.keys, tx: options?.tx });
        return 'job';
      },
    } as unknown as TestApp['app']['jobs'];
    const tx = {} as Tx;
    const keys = Array.from({ length: 1_201 }, (_, i) => `chat/c/${i}.webp`);
    await queueAccountFilesDeletion({ jobs }, tx, [...keys, ...keys.slice(0, 50)]);
    expect(sent.map((job) => job.keys.length)).toEqual([500, 500, 201]);
    expect(sent.every((job) => job.name === deleteAccountFilesJob && job.tx === tx)).toBe(true);
    expect(new Set(sent.flatMap((job) => job.keys)).size).toBe(1_201);
  });
});
