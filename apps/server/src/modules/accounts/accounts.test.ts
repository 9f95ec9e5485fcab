import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { latestLink, signUp, type SignedUp } from '../../../test/accounts-helpers';

let t: TestApp;
let alice: SignedUp;
let bob: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, { fullName: 'Alice Martin' });
  bob = await signUp(t.app, { fullName: 'Bob Singh' });
});
afterAll(async () => t.close());

const as = (user: SignedUp) => ({ role: 'buyer', cookie: user.cookie });
const address = (extra: Record<string, unknown> = {}) => ({
  street: '200 Bay St',
  country: 'Canada',
  province: 'ON',
  city: 'Toronto',
  postalCode: 'm5j2j2',
  ...extra,
});

describe('profile', () => {
  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/address' })).statusCode).toBe(401);
  });

  it('reads and updates the own profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: as(alice) });
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({ fullName: 'Alice Martin', country: 'Canada', email: alice.email });
    expect(user.memberId).toMatch(/^MS-\d+$/);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: as(alice),
      payload: {
        fullName: 'Alice M. Martin',
        email: alice.email,
        state: 'BC',
        city: 'vancouver',
        avatar: 'loon',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      user: {
        fullName: 'Alice M. Martin',
        state: 'BC',
        city: 'Vancouver',
        avatar: 'loon',
        memberId: user.memberId,
      },
      emailVerificationSent: false,
    });
  });

  it('validates per docs/product.md §5', async () => {
    const base = { fullName: 'Alice', email: alice.email, state: 'ON', city: 'Toronto' };
    for (const [field, value] of [
      ['email', 'not-an-email'],
      ['fullName', ''],
      ['city', ''],
      ['state', 'XX'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/profile',
        headers: as(alice),
        payload: { ...base, [field]: value },
      });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    const wrongCity = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: as(alice),
      payload: { ...base, city: 'Calgary' },
    });
    expect(wrongCity.statusCode).toBe(422);
    expect(wrongCity.json().error.code).toBe('CITY_NOT_IN_PROVINCE');
  });

  it('keeps a changed e-mail pending until it is verified', async () => {
    const newEmail = `alice-new-${Date.now()}@example.ca`;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: as(alice),
      payload: { fullName: 'Alice Martin', email: newEmail, state: 'ON', city: 'Toronto' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().emailVerificationSent).toBe(true);
    expect(put.json().user.email).toBe(alice.email);
    expect(put.json().user.pendingEmail).toBe(newEmail);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: as(alice),
      payload: { fullName: 'Alice Martin', email: bob.email, state: 'ON', city: 'Toronto' },
    });
    expect(taken.json().error.code).toBe('EMAIL_TAKEN');
    const token = new URL(await latestLink(t.app, newEmail)).searchParams.get('token')!;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: as(alice),
      payload: { token },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    alice.email = newEmail;
  });

  it('gets and sets preferences', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/v1/profile/preferences', headers: as(alice) });
    expect(get.json()).toEqual({
      preferences: { preferredPaymentMethods: [], preferredCurrency: 'CAD', preferredLanguage: 'en' },
    });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/preferences',
      headers: as(alice),
      payload: { preferredPaymentMethods: ['card', 'interac'], preferredLanguage: 'fr' },
    });
    expect(set.json().preferences).toEqual({
      preferredPaymentMethods: ['card', 'interac'],
      preferredCurrency: 'CAD',
      preferredLanguage: 'fr',
    });
    const usd = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/preferences',
      headers: as(alice),
      payload: { preferredCurrency: 'USD' },
    });
    expect(usd.statusCode).toBe(400);
    const bobs = await t.app.inject({ method: 'GET', url: '/api/v1/profile/preferences', headers: as(bob) });
    expect(bobs.json().preferences.preferredLanguage).toBe('en');
  });
});

describe('addresses', () => {
  it('keeps exactly one default shipping address', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: as(alice),
      payload: address(),
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().address).toMatchObject({
      isDefaultShipping: true,
      postalCode: 'M5J 2J2',
      addressType: 'Shipping',
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: as(alice),
      payload: address({
        street: '1 Rue Sainte-Catherine',
        province: 'QC',
        city: 'Montréal',
        postalCode: 'H2X 1K4',
      }),
    });
    expect(second.json().address.isDefaultShipping).toBe(false);
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/address/${second.json().address.id}`,
      headers: as(alice),
      payload: address({
        street: '1 Rue Sainte-Catherine',
        province: 'QC',
        city: 'Montréal',
        postalCode: 'H2X 1K4',
        isDefaultShipping: true,
      }),
    });
    expect(switched.statusCode, switched.body).toBe(200);
    let list = (await t.app.inject({ method: 'GET', url: '/api/v1/address', headers: as(alice) })).json()
      .items;
    expect(
      list
        .filter((a: { isDefaultShipping: boolean }) => a.isDefaultShipping)
        .map((a: { id: string }) => a.id),
    ).toEqual([second.json().address.id]);
    // deleting the default promotes another
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/address/${second.json().address.id}`,
      headers: as(alice),
    });
    list = (await t.app.inject({ method: 'GET', url: '/api/v1/address', headers: as(alice) })).json().items;
    expect(list).toHaveLength(1);
    expect(list[0].isDefaultShipping).toBe(true);
    // a lone address stays the default
    const unset = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/address/${list[0].id}`,
      headers: as(alice),
      payload: address({ isDefaultShipping: false }),
    });
    expect(unset.json().address.isDefaultShipping).toBe(true);
  });

  it('keeps one default under concurrent requests', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/address',
          headers: as(bob),
          payload: address({ street: `${i + 1} King St W`, isDefaultShipping: true }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/address', headers: as(bob) })).json()
      .items;
    expect(list.filter((a: { isDefaultShipping: boolean }) => a.isDefaultShipping)).toHaveLength(1);
  });

  it('validates Canadian postal codes and the province', async () => {
    for (const postalCode of ['12345', 'D1A 1A1', 'W1A 1A1', 'K1A 1O1', 'K1A1A']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/address',
        headers: as(alice),
        payload: address({ postalCode }),
      });
      expect(res.statusCode, postalCode).toBe(400);
      expect(res.json().error.fields.postalCode).toBe('errors:POSTAL_CODE_INVALID');
    }
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: as(alice),
      payload: address({ postalCode: 'V6B 1A1' }),
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.code).toBe('POSTAL_CODE_PROVINCE_MISMATCH');
    const country = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: as(alice),
      payload: address({ country: 'USA' }),
    });
    expect(country.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: as(alice),
      payload: { country: 'Canada' },
    });
    expect(Object.keys(missing.json().error.fields).sort()).toEqual([
      'city',
      'postalCode',
      'province',
      'street',
    ]);
  });

  it('never lets one user read or change another user’s addresses or profile', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/address',
      headers: as(alice),
      payload: address({ street: '99 Private Rd' }),
    });
    const id = own.json().address.id as string;
    const before = (await t.app.inject({ method: 'GET', url: '/api/v1/address', headers: as(alice) })).json();

    const bobList = (await t.app.inject({ method: 'GET', url: '/api/v1/address', headers: as(bob) })).json()
      .items;
    expect(bobList.map((a: { id: string }) => a.id)).not.toContain(id);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/address/${id}`,
      headers: as(bob),
      payload: address({ street: 'Hacked' }),
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().error.code).toBe('ADDRESS_NOT_FOUND');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/address/${id}`, headers: as(bob) });
    expect(del.statusCode).toBe(404);
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/address', headers: as(alice) })).json();
    expect(after).toEqual(before);

    // the profile routes only ever act on the caller
    const bobProfile = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: as(bob) });
    expect(bobProfile.json().user.id).toBe(bob.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: as(bob),
      payload: { fullName: 'Bob', email: bob.email, state: 'ON', city: 'Ottawa', id: alice.id },
    });
    const aliceProfile = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: as(alice) });
    expect(aliceProfile.json().user.fullName).toBe('Alice Martin');
    // malformed ids are a 404, never a 500
    const junk = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/address/not-a-uuid',
      headers: as(bob),
    });
    expect(junk.statusCode).toBe(400);
  });
});

describe('locations', () => {
  it('lists Canada, its 13 provinces and territories, and real cities', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/locations/countries' })).json().items).toEqual([
      { code: 'CA', name: 'Canada', nameFr: 'Canada' },
    ]);
    const states = (await t.app.inject({ method: 'GET', url: '/api/v1/locations/states?country=CA' })).json()
      .items;
    expect(states).toHaveLength(13);
    const cities = (await t.app.inject({ method: 'GET', url: '/api/v1/locations/cities?state=ON' })).json()
      .items;
    expect(cities).toEqual(expect.arrayContaining(['Toronto', 'Ottawa', 'Hamilton', 'Thunder Bay']));
    for (const s of states) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/locations/cities?state=${s.code}` });
      expect(res.json().items.length).toBeGreaterThanOrEqual(8);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/locations/cities?state=XX' })).statusCode).toBe(
      400,
    );
  });
});
