import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/transaction';
import { deleteUnreferencedUploadJob, sweepUnreferencedUploadsJob } from './unreferenced-uploads';
import { requestIdKey } from '../../plugins/request-context';

let t: TestApp;

const newName = () => `${randomBytes(32).toString('hex')}.webp`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** An admin upload as the route leaves it: the file and its audit row, made `hours` ago. */
async function uploaded(hours: number, name = newName()): Promise<string> {
  await t.app.storage.put(name, Buffer.from('RIFF....WEBP'), {
    visibility: 'public',
    contentType: 'image/webp',
  });
  await t.database.db.execute(sql`
    insert into admin_audit_log (id, actor_user_id, action, entity, entity_id, before, after, at)
    values (${randomUUID()}, null, 'create', 'upload', ${name}, null, '{}'::jsonb, ${hoursAgo(hours)}::timestamptz)`);
  return name;
}

/** Waits until every job of `name` that is due has finished (the 24-hour ones are not due). */
async function jobsDone(name: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const result = await t.database.db.execute(
      sql`select count(*)::int as open from pgboss.job where name = ${name} and state not in ('completed', 'failed') and start_after <= now()`,
    );
    if (rowsOf<{ open: number }>(result)[0]!.open === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs ${name} still open`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' } });
});
afterAll(async () => {
  await t.close();
});

describe('deleting admin uploads that nothing references (durable job)', () => {
  it('queues the check 24 hours after an upload through the admin route', async () => {
    const adminId = randomUUID();
    await t.database.db.execute(sql`
      insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
      values (${adminId}, ${`A${adminId.slice(0, 8)}`}, 'Upload Admin', ${`a-${adminId}@example.ca`}, '+16135550142', 'x', '{buyer,admin}')`);
    const session = await t.app.auth.sessions.create(adminId);
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const boundary = `----maple${randomUUID().replace(/-/g, '')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const before = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/uploads',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, role: 'admin' },
      cookies: { ms_session: session },
    });
    expect(response.statusCode).toBe(201);
    const { name } = response.json<{ name: string }>();
    const jobs = rowsOf<{ data: { name: string }; start_after: string | Date }>(
      await t.database.db.execute(
        sql`select data, start_after from pgboss.job where name = ${deleteUnreferencedUploadJob}`,
      ),
    );
    // The job carries the id of the upload's request (decision 303).
    expect(jobs.map((job) => job.data)).toContainEqual({ name, [requestIdKey]: expect.any(String) });
    const startAfter = new Date(jobs.find((job) => job.data.name === name)!.start_after).getTime();
    expect(startAfter - before).toBeGreaterThanOrEqual(24 * 3_600_000);
  });

  it('deletes an old unreferenced upload and keeps referenced or recent ones', async () => {
    const unused = await uploaded(25);
    const recent = await uploaded(2);
    const inBlogBody = await uploaded(25);
    const asCover = await uploaded(25);
    const asHero = await uploaded(25);
    const inSeo = await uploaded(25);
    const asLogo = await uploaded(25);
    const reuploaded = await uploaded(30);
    await uploaded(1, reuploaded);

    await t.database.db.execute(sql`
      insert into blogs (slug, title_en, title_fr, excerpt_en, excerpt_fr, body_en, body_fr, category, cover_url)
      values (${`post-${randomUUID()}`}, 'T', 'T', 'E', 'E', ${`Text ![plant](/uploads/${inBlogBody}) more`}, 'Texte',
              'news', ${`/uploads/${asCover}`})`);
    await t.database.db.execute(sql`
      insert into hero_settings (id, title_en, title_fr, subtitle_en, subtitle_fr, cta_label_en, cta_label_fr, image_url)
      values (1, 'H', 'H', 'S', 'S', 'C', 'C', ${`/uploads/${asHero}`})
      on conflict (id) do update set image_url = excluded.image_url`);
    await t.database.db.execute(sql`
      insert into seo_entries (id, path, code) values (${randomUUID()}, '/about',
        ${`<meta property="og:image" content="https://maplesource.ca/uploads/${inSeo}">`})`);
    await t.database.db.execute(sql`
      insert into sellers (slug, name, business_type, province, city, postal_code, logo_url)
      values (${`seller-${randomUUID()}`}, 'Logo Works', 'manufacturer', 'ON', 'Ottawa', 'K1A 0B1', ${`/uploads/${asLogo}`})`);

    const names = [unused, recent, inBlogBody, asCover, asHero, inSeo, asLogo, reuploaded];
    for (const name of names) await t.app.jobs.send(deleteUnreferencedUploadJob, { name });
    await jobsDone(deleteUnreferencedUploadJob);

    expect(await t.app.storage.exists(unused)).toBe(false);
    for (const kept of names.filter((name) => name !== unused))
      expect(await t.app.storage.exists(kept)).toBe(true);
    const audit = rowsOf<{ entity_id: string }>(
      await t.database.db.execute(
        sql`select entity_id from admin_audit_log where entity = 'upload' and action = 'delete'`,
      ),
    );
    expect(audit.map((row) => row.entity_id)).toEqual([unused]);
  });

  it('the nightly sweep deletes what single jobs missed', async () => {
    const missed = await uploaded(48);
    const used = await uploaded(48);
    await t.database.db.execute(sql`
      insert into global_paragraphs (id, path, text_en, text_fr)
      values (${randomUUID()}, '/products', ${`See /uploads/${used}`}, 'Voir')`);
    await t.app.jobs.send(sweepUnreferencedUploadsJob, {});
    await jobsDone(sweepUnreferencedUploadsJob);
    expect(await t.app.storage.exists(missed)).toBe(false);
    expect(await t.app.storage.exists(used)).toBe(true);
    const schedules = rowsOf<{ cron: string }>(
      await t.database.db.execute(
        sql`select cron from pgboss.schedule where name = ${sweepUnreferencedUploadsJob}`,
      ),
    );
    expect(schedules).toEqual([{ cron: '15 3 * * *' }]);
  });
});
