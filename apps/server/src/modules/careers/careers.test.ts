import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFName, PDFString } from 'pdf-lib';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { latestLink, signUp, type SignedUp } from '../../../test/accounts-helpers';
import {
  applicationFields,
  careerForm,
  builtPdf,
  pdf,
  pdfDictionaries,
  resumeKeyOf,
  windowsExecutable,
} from './careers-test-helpers';

let t: TestApp;
let applicant: SignedUp;
let other: SignedUp;
let employer: SignedUp;
let unverifiedEmployer: SignedUp;
let basicEmployer: SignedUp;
let admin: SignedUp;

const as = (user: SignedUp | null, role = 'buyer') => ({ role, ...(user ? { cookie: user.cookie } : {}) });

function apply(user: SignedUp, form: ReturnType<typeof careerForm>, method: 'POST' | 'PUT' = 'POST') {
  return t.app.inject({
    method,
    url: '/api/v1/career',
    headers: { ...as(user), ...form.headers },
    payload: form.payload,
  });
}

async function setEmployer(user: SignedUp, isVerifiedBusiness: boolean, isPremiumEmployer: boolean) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/employers/${user.id}`,
    headers: as(admin, 'admin'),
    payload: { isVerifiedBusiness, isPremiumEmployer },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function verifyLatestLink(email: string) {
  const link = new URL(await latestLink(t.app, email));
  expect(link.pathname).toBe('/career/verify-email');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/career/verify-email',
    headers: as(null),
    payload: { token: link.searchParams.get('token') },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [applicant, other, employer, unverifiedEmployer, basicEmployer, admin] = [
    await signUp(t.app, { fullName: 'Léa Tremblay' }),
    await signUp(t.app, { fullName: 'Omar Haddad' }),
    await signUp(t.app, { fullName: 'Emma Employer' }),
    await signUp(t.app, { fullName: 'Uma Unverified' }),
    await signUp(t.app, { fullName: 'Basil Basic' }),
    await signUp(t.app, { fullName: 'Ada Admin' }),
  ];
  await t.app.auth.users.addRole(admin.id, 'admin');
  await setEmployer(employer, true, true);
  await setEmployer(unverifiedEmployer, false, true);
  await setEmployer(basicEmployer, true, false);
});
afterAll(async () => t.close());

describe('résumé checks by bytes', () => {
  const refused = async (name: string, type: string, data: Buffer) => {
    const res = await apply(
      other,
      careerForm(applicationFields({ email: other.email }), { name, type, data }),
    );
    return { status: res.statusCode, code: res.json().error?.code as string | undefined };
  };

  it('refuses an executable renamed to .pdf', async () => {
    expect(await refused('resume.pdf', 'application/pdf', windowsExecutable())).toEqual({
      status: 415,
      code: 'RESUME_TYPE_NOT_ALLOWED',
    });
  });

  it('refuses a 6MB file', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    expect(await refused('big.pdf', 'application/pdf', big)).toEqual({
      status: 413,
      code: 'RESUME_TOO_LARGE',
    });
  });

  it('stores a PDF rewritten without its open action, and hands employers only that file', async () => {
    const original = await builtPdf((document) =>
      document.catalog.set(
        PDFName.of('OpenAction'),
        document.context.obj({ S: 'URI', URI: PDFString.of('https://track.example/opened') }),
      ),
    );
    expect(await pdfDictionaries(original)).toContain('track.example');
    const res = await apply(
      other,
      careerForm(applicationFields({ email: other.email }), {
        name: 'cv.pdf',
        type: 'application/pdf',
        data: original,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const download = await t.app.inject({ method: 'GET', url: '/api/v1/career/resume', headers: as(other) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(res.json().application.resume.bytes);
    expect(await pdfDictionaries(download.rawPayload)).not.toMatch(/OpenAction|track\.example/);
    const withdrawn = await t.app.inject({ method: 'DELETE', url: '/api/v1/career', headers: as(other) });
    expect(withdrawn.statusCode).toBe(200);
  });

  it('refuses a truncated PDF with a code the form explains', async () => {
    const whole = await builtPdf();
    expect(await refused('cv.pdf', 'application/pdf', whole.subarray(0, whole.length - 200))).toEqual({
      status: 415,
      code: 'RESUME_PDF_UNREADABLE',
    });
  });

  it('stores a JPEG résumé without its EXIF (GPS included)', async () => {
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
      .toBuffer();
    const res = await apply(
      other,
      careerForm(applicationFields({ email: other.email }), {
        name: 'cv.jpg',
        type: 'image/jpeg',
        data: photo,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const download = await t.app.inject({ method: 'GET', url: '/api/v1/career/resume', headers: as(other) });
    expect((await sharp(download.rawPayload).metadata()).exif).toBeUndefined();
    expect(download.rawPayload.toString('latin1')).not.toContain('PhoneMaker');
    const withdrawn = await t.app.inject({ method: 'DELETE', url: '/api/v1/career', headers: as(other) });
    expect(withdrawn.statusCode).toBe(200);
  });

  it('refuses text posing as an image, and a form without a résumé', async () => {
    expect(await refused('cv.png', 'image/png', Buffer.from('hello '.repeat(100)))).toEqual({
      status: 415,
      code: 'RESUME_TYPE_NOT_ALLOWED',
    });
    const res = await apply(other, careerForm(applicationFields({ email: other.email })));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('RESUME_REQUIRED');
  });

  it('answers invalid fields with a 400 naming them', async () => {
    const res = await apply(
      other,
      careerForm(applicationFields({ postalCode: '12345', jobCategory: 'astronaut' }), {
        name: 'cv.pdf',
        type: 'application/pdf',
        data: pdf(),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { postalCode: 'errors:POSTAL_CODE_INVALID', jobCategory: 'errors:JOB_CATEGORY_REQUIRED' },
    });
  });
});

describe('an application from start to withdrawal', () => {
  let applicationId: string;

  it('prefills from the profile', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/career/prefill', headers: as(applicant) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Léa Tremblay', email: applicant.email, province: 'ON' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/career/prefill', headers: as(null) })).statusCode,
    ).toBe(401);
  });

  it('applies once, stores the résumé privately and sends a verification link', async () => {
    const form = () =>
      careerForm(applicationFields({ email: applicant.email }), {
        name: 'Léa CV.pdf',
        type: 'application/pdf',
        data: pdf(),
      });
    const res = await apply(applicant, form());
    expect(res.statusCode, res.body).toBe(201);
    const { application } = res.json();
    applicationId = application.id;
    expect(application).toMatchObject({
      emailVerified: false,
      jobCategory: 'engineering',
      resume: { filename: 'Léa CV.pdf', contentType: 'application/pdf' },
      views: [],
    });
    const key = await resumeKeyOf(t.app, applicationId);
    expect(await t.app.storage.head(key)).toMatchObject({ visibility: 'private' });
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);

    const again = await apply(applicant, form());
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CAREER_APPLICATION_EXISTS');
  });

  it('keeps unverified applications out of the résumé database', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/career/applications',
      headers: as(employer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { id: string }) => i.id)).not.toContain(applicationId);
  });

  it('verifies the e-mail by link once; a wrong or used link is invalid', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/career/verify-email',
      headers: as(null),
      payload: { token: 'copied-incorrectly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('CAREER_VERIFICATION_INVALID');
    const link = await latestLink(t.app, applicant.email);
    const token = new URL(link).searchParams.get('token');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/career/verify-email',
      headers: as(null),
      payload: { token },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/v1/career/verify-email',
      headers: as(null),
      payload: { token },
    });
    expect(used.statusCode).toBe(400);
  });

  it('refuses the résumé database to accounts that are not verified premium employers', async () => {
    for (const user of [unverifiedEmployer, basicEmployer, other]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/career/applications',
        headers: as(user),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('EMPLOYER_NOT_QUALIFIED');
    }
  });

  it('lets a premium employer search by category, place and cover-letter words in English and French', async () => {
    const search = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/career/applications?${query}`,
        headers: as(employer),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((i: { id: string }) => i.id) as string[];
    };
    expect(await search('jobCategory=engineering&province=ON&city=toronto')).toContain(applicationId);
    expect(await search('q=welded%20engineers')).toContain(applicationId); // English stems of the letter's words
    expect(await search('jobCategory=administration')).not.toContain(applicationId);
    expect(await search('province=QC')).not.toContain(applicationId);

    const corrected = await apply(
      applicant,
      careerForm(
        applicationFields({
          email: applicant.email,
          coverLetter: 'Ingénieure en soudure, je cherche un poste en fabrication.',
        }),
      ),
      'PUT',
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().application.emailVerified).toBe(true);
    expect(await search('q=ingenieure')).toContain(applicationId);
    expect(await search('q=soudure')).toContain(applicationId);
    expect(await search('q=boulangerie')).not.toContain(applicationId);
  });

  it('lets nobody else fetch the résumé: visitors, other applicants and unqualified employers get 404', async () => {
    const url = `/api/v1/career/applications/${applicationId}/resume`;
    for (const user of [null, other, basicEmployer, unverifiedEmployer]) {
      const res = await t.app.inject({ method: 'GET', url, headers: as(user) });
      expect(res.statusCode).toBe(404);
    }
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/career/resume', headers: as(other) });
    expect(own.statusCode).toBe(404);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/career/resume', headers: as(applicant) });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('logs each employer view, which the applicant sees', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/career/applications/${applicationId}/resume`,
      headers: as(employer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/career', headers: as(applicant) });
    expect(mine.json().application.views).toEqual([
      { viewerName: 'Emma Employer', viewedAt: expect.any(String) },
    ]);
  });

  it('asks to verify a changed e-mail again', async () => {
    const res = await apply(applicant, careerForm(applicationFields({ email: 'lea.new@example.ca' })), 'PUT');
    expect(res.statusCode).toBe(200);
    expect(res.json().application.emailVerified).toBe(false);
    expect((await verifyLatestLink('lea.new@example.ca')).statusCode).toBe(200);
  });
});

describe('admin employer controls', () => {
  it('are for admins only and find accounts by e-mail', async () => {
    const denied = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/employers/${other.id}`,
      headers: as(other),
      payload: { isVerifiedBusiness: true, isPremiumEmployer: true },
    });
    expect(denied.statusCode).toBe(403);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/employers?email=${encodeURIComponent(employer.email)}`,
      headers: as(admin, 'admin'),
    });
    expect(found.json()).toMatchObject({
      userId: employer.id,
      isVerifiedBusiness: true,
      isPremiumEmployer: true,
    });
  });
});

describe("the application e-mail's verification link (decision 210)", () => {
  it("is written in the applicant's stored language, with the French page's address", async () => {
    const french = await signUp(t.app, { fullName: 'Chloé Gagnon', language: 'fr' });
    const email = `chloe-${french.id.slice(0, 8)}@example.ca`;
    const res = await apply(
      french,
      careerForm(applicationFields({ email }), { name: 'CV.pdf', type: 'application/pdf', data: pdf() }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = (await t.app.messaging.readOutbox(email, 5)).filter((m) => m.channel === 'email');
    expect(mail!.body.split('\n')[0]).toBe('Confirmez le courriel de votre candidature — MapleSource');
    expect(mail!.body).toContain('Ouvrez ce lien pour confirmer le courriel de votre candidature');
    expect(mail!.body).not.toContain('Open this link');
    const link = new URL(mail!.link!);
    expect(link.pathname).toBe('/fr/career/verify-email');
    const html = await t.app.messaging.readOutboxHtml(mail!.id!);
    expect(html).toContain('lang="fr-CA"');
    expect(html).toContain(`href="${mail!.link!.replace(/&/g, '&amp;')}"`);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/career/verify-email',
      headers: as(null),
      payload: { token: link.searchParams.get('token') },
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});
