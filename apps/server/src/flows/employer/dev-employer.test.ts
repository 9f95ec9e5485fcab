import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';

let t: TestApp;
let user: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(async () => t.close());

describe('POST /api/v1/dev/premium-employer (test route)', () => {
  const post = (remoteAddress: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/premium-employer',
      headers: { role: 'buyer', ...(cookie ? { cookie } : {}) },
      remoteAddress,
    });

  it('answers only this machine and a logged-in user', async () => {
    expect((await post('203.0.113.7', user.cookie)).statusCode).toBe(403);
    expect((await post('127.0.0.1')).statusCode).toBe(401);
  });

  it('makes the own account a verified premium employer, who may then search résumés', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/career/applications',
      headers: { role: 'buyer', cookie: user.cookie },
    });
    expect(before.statusCode).toBe(403);
    const res = await post('127.0.0.1', user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: user.id, isVerifiedBusiness: true, isPremiumEmployer: true });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/career/applications',
      headers: { role: 'buyer', cookie: user.cookie },
    });
    expect(after.statusCode).toBe(200);
  });
});
