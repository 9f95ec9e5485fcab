import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestCatalog, buyerHeaders, createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';

/** Storefront claims (decision 263): the switch, codes, the admin queue, approval racing approval, 404 fences. */
let t: TestApp;
let adminCookie: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestCatalog(t, 60);
  adminId = randomUUID();
  const n = Math.floor(Math.random() * 1e9);
  await t.database.db.execute(
    sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
        values (${adminId}, ${`M${n}`}, 'Ada Admin', ${`a${n}@example.ca`}, ${`+1416${String(n).padStart(7, '0').slice(0, 7)}`}, 'x', '{buyer,admin}')`,
  );
  adminCookie = `ms_session=${await t.app.auth.sessions.create(adminId)}`;
});
afterAll(async () => t.close());

type Row = Record<string, unknown>;
const query = async (q: ReturnType<typeof sql>) => rowsOf<Row>(await t.database.db.execute(q));
const as = (user: SignedUp) => ({ ...buyerHeaders, cookie: user.cookie });
const admin = () => ({ role: 'admin', cookie: adminCookie });
const taken = new Set<string>();
/** An unclaimed storefront with products, listed e-mail and phone, not used by another test. */
async function unclaimedStorefront() {
  const found = await query(
    sql`SELECT s.id, s.slug, s.name, s.contact_email, s.contact_phone FROM sellers s
        WHERE NOT s.claimed AND s.owner_user_id IS NULL AND s.contact_email IS NOT NULL
          AND EXISTS (SELECT 1 FROM products p WHERE p.seller_id = s.id)
        ORDER BY s.id`,
  );
  const row = found.find((candidate) => !taken.has(String(candidate.id)))!;
  taken.add(String(row.id));
  return {
    id: String(row.id),
    slug: String(row.slug),
    name: String(row.name),
    email: String(row.contact_email),
    phone: String(row.contact_phone),
    domain: String(row.contact_email).split('@')[1]!,
  };
}
const setOpen = (claimsOpen: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/storefront-claims/settings',
    headers: admin(),
    payload: { claimsOpen },
  });
const start = (user: SignedUp, storefrontId: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/claim-stores/${storefrontId}/claims`,
    headers: as(user),
    payload,
  });
const verify = (user: SignedUp, claimId: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/storefront-claims/${claimId}/verify`,
    headers: as(user),
    payload: { code },
  });
const outbox = async (to: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}` })).json()
    .messages as Array<{ code?: string; body: string }>;
const codeFor = async (to: string) => (await outbox(to))[0]!.code!;
const approve = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/storefront-claims/${id}/approve`, headers: admin() });
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met');
};
/** A verified claim by e-mail for `user`. */
async function verifiedClaim(user: SignedUp, storefront: { id: string; domain: string }, local = 'owner') {
  const address = `${local}.${randomUUID().slice(0, 8)}@${storefront.domain}`;
  const started = await start(user, storefront.id, {
    channel: 'email',
    email: address,
    businessNumber: '123 456 789',
  });
  expect(started.statusCode, started.body).toBe(201);
  const done = await verify(user, started.json().id, await codeFor(address));
  expect(done.statusCode, done.body).toBe(200);
  return started.json().id as string;
}

describe('storefront claims', () => {
  it('answer "under maintenance" until an admin opens them, and the switch is audited', async () => {
    const storefront = await unclaimedStorefront();
    const user = await signUp(t.app, { fullName: 'Closed Claimant' });
    const button = await t.app.inject({
      method: 'POST',
      url: `/api/v1/claim-stores/${storefront.id}/claim`,
      headers: buyerHeaders,
    });
    expect(button.statusCode).toBe(503);
    expect(button.json().error).toEqual({
      code: 'CLAIM_SERVICE_MAINTENANCE',
      message: 'Claim service is under maintenance',
    });
    const started = await start(user, storefront.id, { channel: 'phone', businessNumber: '123456789' });
    expect(started.statusCode).toBe(503);
    // Only an admin turns the switch.
    const notAdmin = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/storefront-claims/settings',
      headers: { ...as(user), role: 'admin' },
      payload: { claimsOpen: true },
    });
    expect(notAdmin.statusCode).toBe(403);
    expect((await setOpen(true)).json()).toEqual({ claimsOpen: true });
    const audit = await query(
      sql`SELECT actor_user_id, after FROM admin_audit_log WHERE entity = 'storefront_claim_settings'
          ORDER BY at DESC LIMIT 1`,
    );
    expect(audit[0]).toMatchObject({ actor_user_id: adminId, after: { claimsOpen: true } });
    const open = await t.app.inject({
      method: 'POST',
      url: `/api/v1/claim-stores/${storefront.slug}/claim`,
      headers: buyerHeaders,
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toEqual({
      ok: true,
      emailDomain: storefront.domain,
      phoneHint: `•••• ${storefront.phone.slice(-4)}`,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/claim-stores/999999999/claim',
          headers: buyerHeaders,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('proves the listed e-mail domain with a hashed, attempt-limited code, and fences claims by account', async () => {
    await setOpen(true);
    const storefront = await unclaimedStorefront();
    const user = await signUp(t.app, { fullName: 'Code Claimant' });
    const stranger = await signUp(t.app, { fullName: 'Someone Else' });
    const elsewhere = await start(user, storefront.id, {
      channel: 'email',
      email: 'owner@gmail.com',
      businessNumber: '123456789',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('CLAIM_EMAIL_DOMAIN_MISMATCH');
    const badNumber = await start(user, storefront.id, {
      channel: 'email',
      email: `owner@${storefront.domain}`,
      businessNumber: '12345',
    });
    expect(badNumber.statusCode).toBe(400);
    const address = `Owner@${storefront.domain.toUpperCase()}`;
    const started = await start(user, storefront.id, {
      channel: 'email',
      email: address,
      businessNumber: '123 456 789',
    });
    expect(started.statusCode, started.body).toBe(201);
    const claim = started.json();
    expect(claim).toMatchObject({ status: 'verifying', channel: 'email', businessNumber: '123456789' });
    const code = await codeFor(address.toLowerCase());
    expect(code).toMatch(/^\d{6}$/);
    const [stored] = await query(sql`SELECT code_hash FROM storefront_claims WHERE id = ${claim.id}`);
    expect(String(stored!.code_hash)).not.toContain(code);
    // Another account's claim does not exist for them.
    expect((await verify(stranger, claim.id, code)).statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storefront-claims/mine',
      headers: as(stranger),
    });
    expect(mine.json().items).toEqual([]);
    const wrong = code === '000000' ? '000001' : '000000';
    const miss = await verify(user, claim.id, wrong);
    expect(miss.statusCode).toBe(400);
    expect(miss.json().error.code).toBe('CLAIM_CODE_WRONG');
    // Wrong tries stay counted (the error did not roll them back); the fifth wrong try is the last.
    for (let i = 0; i < 4; i++) await verify(user, claim.id, wrong);
    const [counted] = await query(sql`SELECT attempts FROM storefront_claims WHERE id = ${claim.id}`);
    expect(counted!.attempts).toBe(5);
    const locked = await verify(user, claim.id, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('CLAIM_CODE_ATTEMPTS');
    // A new code resets the tries; the right code puts the claim in the admin's queue.
    const again = await start(user, storefront.id, {
      channel: 'email',
      email: address,
      businessNumber: '123456789',
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(claim.id);
    const ok = await verify(user, claim.id, await codeFor(address.toLowerCase()));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('pending');
    expect((await verify(user, claim.id, code)).statusCode).toBe(409);
    await waitFor(async () =>
      (await outbox(user.email)).some((message) => message.body.includes('waiting for review')),
    );
    // The admin cannot approve what another admin route would not show: a random id is 404.
    expect((await approve(randomUUID())).statusCode).toBe(404);
  });

  it('shows competing claims together; two approvals racing hand the storefront over exactly once', async () => {
    await setOpen(true);
    const storefront = await unclaimedStorefront();
    const first = await signUp(t.app, { fullName: 'First Claimant' });
    const second = await signUp(t.app, { fullName: 'Second Claimant' });
    const firstClaim = await verifiedClaim(first, storefront, 'first');
    // The second proves the listed phone.
    const byPhone = await start(second, storefront.id, { channel: 'phone', businessNumber: '987654321' });
    expect(byPhone.statusCode, byPhone.body).toBe(201);
    expect(byPhone.json().destination).toBe(`•••• ${storefront.phone.slice(-4)}`);
    const phoneCode = await codeFor(storefront.phone);
    const secondClaim = byPhone.json().id as string;
    expect((await verify(second, secondClaim, phoneCode)).statusCode).toBe(200);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/storefront-claims',
      headers: admin(),
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const group = queue
      .json()
      .items.find((item: { storefront: { id: string } }) => item.storefront.id === storefront.id);
    expect(group.storefront).toMatchObject({
      contactEmail: storefront.email,
      contactPhone: storefront.phone,
    });
    expect(group.claims.map((claim: { id: string }) => claim.id).sort()).toEqual(
      [firstClaim, secondClaim].sort(),
    );
    expect(group.claims.find((claim: { id: string }) => claim.id === secondClaim).claimant).toMatchObject({
      id: second.id,
      fullName: 'Second Claimant',
    });

    const [a, b] = await Promise.all([approve(firstClaim), approve(secondClaim)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? first : second;
    const loserClaim = a.statusCode === 200 ? secondClaim : firstClaim;
    const [seller] = await query(
      sql`SELECT owner_user_id, claimed, business_number FROM sellers WHERE id = ${Number(storefront.id)}`,
    );
    expect(seller).toMatchObject({ owner_user_id: winner.id, claimed: true });
    const claims = await query(
      sql`SELECT id, status, refusal_reason FROM storefront_claims WHERE seller_id = ${Number(storefront.id)}`,
    );
    expect(claims.filter((claim) => claim.status === 'approved')).toHaveLength(1);
    expect(claims.find((claim) => claim.id === loserClaim)).toMatchObject({ status: 'refused' });
    // The storefront's products move with it: the winner's seller centre lists them.
    const products = await t.app.inject({
      method: 'GET',
      url: `/api/v1/seller/${storefront.id}/products`,
      headers: { role: 'seller', cookie: winner.cookie },
    });
    expect(products.statusCode, products.body).toBe(200);
    expect(products.json().total).toBeGreaterThan(0);
    // The loser gets 404 for it; the storefront cannot be claimed again.
    const loser = winner === first ? second : first;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/seller/${storefront.id}/products`,
          headers: { role: 'seller', cookie: loser.cookie },
        })
      ).statusCode,
    ).not.toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/claim-stores/${storefront.id}/claim`,
      headers: buyerHeaders,
    });
    expect(again.json().error.code).toBe('STOREFRONT_ALREADY_CLAIMED');
    // Audited and e-mailed to both parties.
    const audits = await query(
      sql`SELECT entity_id FROM admin_audit_log WHERE entity = 'storefront_claim' AND entity_id IN (${firstClaim}, ${secondClaim})`,
    );
    expect(new Set(audits.map((row) => row.entity_id))).toEqual(new Set([firstClaim, secondClaim]));
    await waitFor(async () => (await outbox(winner.email)).some((m) => m.body.includes('was approved')));
    await waitFor(async () => (await outbox(loser.email)).some((m) => m.body.includes('was refused')));
  });

  it('refuses with a reason, once', async () => {
    await setOpen(true);
    const storefront = await unclaimedStorefront();
    const user = await signUp(t.app, { fullName: 'Refused Claimant' });
    const id = await verifiedClaim(user, storefront);
    const refuse = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/storefront-claims/${id}/refuse`,
        headers: admin(),
        payload,
      });
    expect((await refuse({ reason: '' })).statusCode).toBe(400);
    const refused = await refuse({ reason: 'The business number belongs to another company.' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      refusalReason: expect.stringContaining('another'),
    });
    expect((await refuse({ reason: 'Twice' })).statusCode).toBe(409);
    expect((await approve(id)).statusCode).toBe(409);
    const [seller] = await query(sql`SELECT claimed FROM sellers WHERE id = ${Number(storefront.id)}`);
    expect(seller!.claimed).toBe(false);
    // Closed again: the maintenance answer is back.
    await setOpen(false);
    const closed = await start(user, storefront.id, { channel: 'phone', businessNumber: '123456789' });
    expect(closed.statusCode).toBe(503);
  });
  it("tells the storefront's listed contact of a submitted, an approved and a refused claim, in EN and FR", async () => {
    await setOpen(true);
    const refusedOne = await unclaimedStorefront();
    const approvedOne = await unclaimedStorefront();
    const told = async (email: string, words: string) =>
      (await outbox(email)).filter((message) => message.body.includes(words)).length;
    const user = await signUp(t.app, { fullName: 'Contact Told' });

    const refusedId = await verifiedClaim(user, refusedOne);
    await waitFor(async () => (await told(refusedOne.email, 'Someone has proven control')) === 1);
    const [submitted] = (await outbox(refusedOne.email)).filter((m) => m.body.includes('Someone has proven'));
    expect(submitted!.body).toContain(refusedOne.name);
    expect(submitted!.body).toContain('Quelqu’un a prouvé le contrôle');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/storefront-claims/${refusedId}/refuse`,
      headers: admin(),
      payload: { reason: 'Not the owner.' },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    await waitFor(async () => (await told(refusedOne.email, 'was refused by an administrator')) === 1);

    const approvedId = await verifiedClaim(user, approvedOne, 'boss');
    expect((await approve(approvedId)).statusCode).toBe(200);
    await waitFor(async () => (await told(approvedOne.email, 'A claim of the storefront')) === 1);
    const approvedMail = (await outbox(approvedOne.email)).find((m) => m.body.includes('was approved'));
    expect(approvedMail!.body).toContain('est approuvée');
    // A redelivered event tells nobody twice; the claimant's own mails are unchanged.
    await t.app.events.drain();
    expect(await told(approvedOne.email, 'Someone has proven control')).toBe(1);
    expect(await told(approvedOne.email, 'was approved')).toBe(1);
    await setOpen(false);
  });
});
