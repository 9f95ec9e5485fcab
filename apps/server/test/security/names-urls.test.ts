import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressInputSchema,
  blogInputSchema,
  fullNameSchema,
  isAllowedUrl,
  nameTextSchema,
  safeUrlSchema,
} from '@maplesource/contracts';
import { createSessionService } from '../../src/modules/auth/session.service';
import { createTestApp, type TestApp } from '../helpers';
import { signUp } from '../accounts-helpers';

/**
 * Issue 14 / decision 057: names reject control characters, bidi overrides and invisible-only values; URL fields
 * accept only https (http to a loopback host, and paths on our own site). One shared helper in contracts.
 */
const badNames = [
  'Evil\u202Egnp.exe',
  'Bob\u2066Smith',
  '\u200B\u200B\u200B',
  '\u200D\u2060\uFEFF ',
  'Tab\tName',
  'Line\nbreak',
  'Esc\u001B[31m',
  'Del\u007F',
];

describe('shared zod helpers', () => {
  it.each(badNames)('a name refuses %j', (value) => {
    const result = fullNameSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('errors:TEXT_INVALID_CHARACTERS');
  });

  it('a name keeps accents, apostrophes, hyphens and scripts of every kind', () => {
    for (const name of [
      'Jeanne-Élise Roy',
      "D'Arcy O'Neil",
      'Zoë Ça Ñandú',
      'محمد علي',
      '王小明',
      'Ōtautahi Ltd.',
    ]) {
      expect(nameTextSchema({ max: 120 }).safeParse(name).success, name).toBe(true);
    }
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://evil.example/x.png',
    '//evil.example/x.png',
    '/\\evil.example/x.png',
    'https://user:pass@evil.example/x.png',
    'https://exa\u202Emple.com/x.png',
    'ftp://example.com/x.png',
    'not a url',
  ])('a URL field refuses %j', (value) => {
    expect(isAllowedUrl(value.trim())).toBe(false);
    expect(safeUrlSchema().safeParse(value).success).toBe(false);
  });

  it.each([
    'https://cdn.example.ca/cover.webp',
    '/uploads/abc123.webp',
    '/api/v1/media/hero.svg',
    'http://localhost:3000/uploads/a.webp',
    'http://127.0.0.1:5173/x.png',
  ])('a URL field accepts %j', (value) => {
    expect(safeUrlSchema().safeParse(value).success).toBe(true);
  });

  it('addresses and blog posts use them', () => {
    const address = {
      street: '12 rue\u202E Principale',
      province: 'QC',
      city: 'Laval',
      postalCode: 'H7N 1A1',
    };
    expect(addressInputSchema.safeParse(address).success).toBe(false);
    expect(addressInputSchema.safeParse({ ...address, street: '12 rue Principale' }).success).toBe(true);
    const blog = {
      slug: 'a-post',
      titleEn: 'Title',
      titleFr: 'Titre',
      excerptEn: 'Line one\nline two',
      excerptFr: 'Ligne',
      bodyEn: '## Body\n\ntext',
      bodyFr: 'Texte',
      category: 'Guides',
      coverUrl: 'javascript:alert(document.cookie)',
      published: false,
    };
    expect(blogInputSchema.safeParse(blog).success).toBe(false);
    expect(blogInputSchema.safeParse({ ...blog, coverUrl: '/api/v1/media/hero.svg' }).success).toBe(true);
  });
});

describe('over HTTP', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const id = randomUUID();
    await t.database.db.execute(
      sql`insert into users (id, member_id, full_name, email, phone_number, password_hash, roles)
          values (${id}, ${`NU${id.slice(0, 8)}`}, 'Admin Person', ${`${id}@example.ca`}, '+16135550999', 'x', '{buyer,admin}')`,
    );
    adminCookie = await createSessionService(t.database.db).create(id);
  });
  afterAll(async () => t?.close());

  it('an admin blog cover refuses javascript: with 400 URL_NOT_ALLOWED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/blogs',
      headers: { role: 'admin' },
      cookies: { ms_session: adminCookie },
      payload: {
        slug: 'xss-cover',
        titleEn: 'Cover',
        titleFr: 'Couverture',
        excerptEn: 'x',
        excerptFr: 'x',
        bodyEn: 'x',
        bodyFr: 'x',
        category: 'Guides',
        coverUrl: 'javascript:alert(document.cookie)',
        published: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.coverUrl).toBe('errors:URL_NOT_ALLOWED');
  });

  it('a profile name with a bidi override is refused with 400', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: { role: 'buyer', cookie: user.cookie },
      payload: { fullName: 'Admin\u202E nimdA', email: user.email, state: 'ON', city: 'Toronto' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.fullName).toBe('errors:TEXT_INVALID_CHARACTERS');
  });
});
