import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/modules/auth/auth.tables';
import { SESSION_COOKIE } from '../../src/plugins/auth';
import { createTestApp, type TestApp } from '../helpers';
import { createUser } from './security-helpers';

/** Decision 015: sessions end 30 days after login, or after 7 days without a request; last_seen_at is cheap. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function sessionWithLastSeen(ago: string) {
  const user = await createUser(t);
  await t.database.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - ${sql.raw(`interval '${ago}'`)}` })
    .where(eq(sessions.userId, user.id));
  return user;
}
const lastSeen = async (userId: string) =>
  (
    await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.userId, userId))
  )[0]!.at;
const verify = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/verify-tokens', cookies: { [SESSION_COOKIE]: token } });

describe('session idle expiry', () => {
  it('ends a session unused for more than 7 days, although its 30 days are not over', async () => {
    const user = await sessionWithLastSeen('7 days 1 minute');
    const res = await verify(user.token);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('keeps a session used 6 days ago, and records that it was used now', async () => {
    const user = await sessionWithLastSeen('6 days');
    const before = await lastSeen(user.id);
    expect((await verify(user.token)).statusCode).toBe(200);
    const after = await lastSeen(user.id);
    expect(after.getTime() - before.getTime()).toBeGreaterThan(5 * 24 * 3600 * 1000);
    expect(Date.now() - after.getTime()).toBeLessThan(5 * 60 * 1000);
  });

  it('does not write last_seen_at again within 10 minutes', async () => {
    const user = await sessionWithLastSeen('2 minutes');
    const before = await lastSeen(user.id);
    for (let i = 0; i < 3; i++) expect((await verify(user.token)).statusCode).toBe(200);
    expect((await lastSeen(user.id)).getTime()).toBe(before.getTime());
  });

  it('answers every concurrent request of a stale session and records the use', async () => {
    const user = await sessionWithLastSeen('1 hour');
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(user.token)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(Date.now() - (await lastSeen(user.id)).getTime()).toBeLessThan(5 * 60 * 1000);
  });
});
