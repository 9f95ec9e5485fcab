import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestCatalog, buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';

/** Becoming a seller (decision 280): apply, the draft storefront, the admin queue, approve and refuse. */
let t: TestApp;
let adminCookie: string;
let category: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 40);
  const id = randomUUID();
  const n = Math.floor(Math.random() * 1e9);
  await t.database.db.execute(
    sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
        values (${id}, ${`M${n}`}, 'Ada Admin', ${`a${n}@example.ca`}, ${`+1416${String(n).padStart(7, '0').slice(0, 7)}`}, 'x', '{buyer,admin}')`,
  );
  adminCookie = `ms_session=${await t.app.auth.sessions.create(id)}`;
  const [top] = rowsOf<{ slug: string }>(
    await t.database.db.execute(sql`SELECT slug FROM categories WHERE parent_id IS NULL ORDER BY id LIMIT 1`),
  );
  category = top!.slug;
});
afterAll(async () => t.close());

const as = (user: SignedUp) => ({ ...buyerHeaders, cookie: user.cookie });
const asAdmin = () => ({ role: 'admin', cookie: adminCookie });
const form = (overrides: Record<string, unknown> = {}) => ({
  legalName: 'Atelier Boréal Inc.',
  operatingName: `Atelier Boréal ${Math.floor(Math.random() * 1e6)}`,
  businessNumber: '123 456 789',
  province: 'QC',
  city: 'Montréal',
  businessType: 'manufacturer',
  categories: [category],
  contactEmail: 'ventes@boreal.example.ca',
  contactPhone: '514 555 0100',
  gstHstNumber: '123456789RT0001',
  qstNumber: '1234567890TQ0001',
  ...overrides,
});
const apply = (user: SignedUp, body: Record<string, unknown> = form(), key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/seller-applications',
    headers: { ...as(user), 'idempotency-key': key },
    payload: body,
  });
const decide = (id: string, action: 'approve' | 'refuse', payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/seller-applications/${id}/${action}`,
    headers: { ...asAdmin(), 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
const directoryHas = async (slug: string, name: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/seller?q=${encodeURIComponent(name)}`,
    headers: buyerHeaders,
  });
  return res.json().items.some((item: { slug: string }) => item.slug === slug);
};
const rolesOf = async (id: string) =>
  rowsOf<{ roles: string[] }>(await t.database.db.execute(sql`SELECT roles FROM users WHERE id = ${id}`))[0]!
    .roles;

/** The e-mail goes out after the notification's commit, so the test waits for it rather than reading once. */
const expectMailTo = async (email: string, text: string) => {
  await t.app.events.drain();
  await expect
    .poll(async () => (await t.app.messaging.readOutbox(email)).some((m) => m.body.includes(text)), {
      timeout: 10_000,
    })
    .toBe(true);
};

describe('applying to sell', () => {
  it('creates a draft storefront that the directory does not list, until an admin approves', async () => {
    const applicant = await signUp(t.app, { fullName: 'Béa Applicant' });
    const body = form();
    const res = await apply(applicant, body);
    expect(res.statusCode, res.body).toBe(201);
    const application = res.json();
    expect(application).toMatchObject({
      status: 'pending',
      businessNumber: '123456789',
      gstHstNumber: '123456789RT0001',
    });
    const slug = application.storefront.slug as string;
    // The draft answers at its address, but is not listed.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/seller/${slug}`, headers: buyerHeaders });
    expect(page.statusCode).toBe(200);
    expect(await directoryHas(slug, body.operatingName)).toBe(false);
    // A second application while one is open: 409.
    const again = await apply(applicant);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SELLER_APPLICATION_EXISTS');
    // The applicant sees it; the admin queue lists it with who applied.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/seller-applications/mine',
      headers: as(applicant),
    });
    expect(mine.json().application.id).toBe(application.id);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/seller-applications',
      headers: asAdmin(),
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().items).toContainEqual(
      expect.objectContaining({
        id: application.id,
        applicant: expect.objectContaining({ id: applicant.id }),
      }),
    );
    await expectMailTo(applicant.email, 'received your application');

    // A buyer cannot decide it.
    const asBuyer = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/seller-applications/${application.id}/approve`,
      headers: { ...buyerHeaders, cookie: applicant.cookie, 'idempotency-key': randomUUID() },
    });
    expect([401, 403]).toContain(asBuyer.statusCode);

    const approved = await decide(application.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect(await rolesOf(applicant.id)).toContain('seller');
    expect(await directoryHas(slug, body.operatingName)).toBe(true);
    // Decided once: a refusal afterwards is 409.
    const late = await decide(application.id, 'refuse', { reason: 'Too late' });
    expect(late.statusCode).toBe(409);
    // Audited, notified and e-mailed.
    const [audit] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM admin_audit_log WHERE entity = 'seller_application' AND entity_id = ${application.id}`,
      ),
    );
    expect(audit!.n).toBe(1);
    await expectMailTo(applicant.email, 'was approved');
    const notes = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: as(applicant) });
    expect(JSON.stringify(notes.json())).toContain('"sellerApplication":"approved"');
    // The tax profile of its invoices is the application's.
    const tax = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${application.storefront.id}/tax-profile`,
      headers: { role: 'seller', cookie: applicant.cookie },
    });
    expect(tax.statusCode, tax.body).toBe(200);
    expect(tax.json().profile).toMatchObject({
      legalName: 'Atelier Boréal Inc.',
      qstNumber: '1234567890TQ0001',
    });
  });

  it('refuses with a reason: the draft goes, the applicant is told why and may apply again', async () => {
    const applicant = await signUp(t.app, { fullName: 'Rémi Refused', language: 'fr' });
    const res = await apply(applicant);
    const { id, storefront } = res.json();
    expect((await decide(id, 'refuse', { reason: '' })).statusCode).toBe(400);
    const refused = await decide(id, 'refuse', { reason: 'Numéro d’entreprise introuvable' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      refusalReason: 'Numéro d’entreprise introuvable',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${storefront.slug}`,
      headers: buyerHeaders,
    });
    expect(page.statusCode).toBe(404);
    expect(await rolesOf(applicant.id)).not.toContain('seller');
    await expectMailTo(applicant.email, 'Motif : Numéro d’entreprise introuvable');
    expect((await apply(applicant)).statusCode).toBe(201);
  });

  it("copies the application's contact e-mail and phone into its storefront, phone in E.164", async () => {
    const applicant = await signUp(t.app, { fullName: 'Contact Copied' });
    const res = await apply(
      applicant,
      form({ contactEmail: 'Sales@Boreal.example.ca', contactPhone: '(514) 555-0199' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const application = res.json();
    const page = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/seller/${application.storefront.slug}`,
          headers: buyerHeaders,
        })
      ).json();
    expect(await page()).toMatchObject({
      contactEmail: 'sales@boreal.example.ca',
      contactPhone: '+15145550199',
    });
    expect((await decide(application.id, 'approve')).statusCode).toBe(200);
    // Approved: the public storefront shows them (the owner edits them from the seller centre).
    expect(await page()).toMatchObject({
      contactEmail: 'sales@boreal.example.ca',
      contactPhone: '+15145550199',
    });
    // A number that is no real one cannot become a storefront's listed phone: 400 on that field, nothing kept.
    const other = await signUp(t.app, { fullName: 'Bad Phone' });
    const bad = await apply(other, form({ contactPhone: '+1 000 000 0000' }));
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().error.code).toBe('PHONE_INVALID');
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/seller-applications/mine',
      headers: as(other),
    });
    expect(mine.json().application).toBeNull();
  });

  it('checks the form: business number, QST outside Quebec, unknown category, login', async () => {
    const user = await signUp(t.app);
    expect((await apply(user, form({ businessNumber: '12345' }))).statusCode).toBe(400);
    expect((await apply(user, form({ province: 'ON' }))).statusCode).toBe(400);
    const unknown = await apply(user, form({ categories: ['no-such-category'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('SELLER_CATEGORY_UNKNOWN');
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/seller-applications',
      headers: { ...buyerHeaders, 'idempotency-key': randomUUID() },
      payload: form(),
    });
    expect(visitor.statusCode).toBe(401);
    expect((await decide(randomUUID(), 'approve')).statusCode).toBe(404);
  });
});
