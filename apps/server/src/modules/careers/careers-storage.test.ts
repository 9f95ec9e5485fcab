import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { diskStorage, s3Storage } from '../../../test/storage-backends';
import { deleteOwnAccount, signUp, type SignedUp } from '../../../test/accounts-helpers';
import { applicationFields, careerForm, pdf, resumeKeyOf } from './careers-test-helpers';

/** Withdrawal (privacy: deletion) removes the résumé file itself, on every storage adapter. */
describe.each([diskStorage, s3Storage('maplesource-careers-test')])(
  'withdrawing an application on $name storage',
  (backend) => {
    let t: TestApp;
    let applicant: SignedUp;
    beforeAll(async () => {
      t = await createTestApp({ env: await backend.env() });
      applicant = await signUp(t.app);
    });
    afterAll(async () => {
      await t.close();
      await backend.stop();
    });

    const headers = () => ({ role: 'buyer', cookie: applicant.cookie });

    it('deletes the file and the application; twice is harmless', async () => {
      const form = careerForm(applicationFields({ email: applicant.email }), {
        name: 'cv.pdf',
        type: 'application/pdf',
        data: pdf(),
      });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/career',
        headers: { ...headers(), ...form.headers },
        payload: form.payload,
      });
      expect(created.statusCode, created.body).toBe(201);
      const key = await resumeKeyOf(t.app, created.json().application.id);
      expect(await t.app.storage.exists(key)).toBe(true);

      const replaced = careerForm(applicationFields({ email: applicant.email }), {
        name: 'new.pdf',
        type: 'application/pdf',
        data: pdf({ text: 'v2' }),
      });
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/career',
        headers: { ...headers(), ...replaced.headers },
        payload: replaced.payload,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await t.app.storage.exists(key)).toBe(false);
      const newKey = await resumeKeyOf(t.app, created.json().application.id);
      expect(await t.app.storage.exists(newKey)).toBe(true);

      for (let i = 0; i < 2; i += 1) {
        const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/career', headers: headers() });
        expect(res.statusCode).toBe(200);
      }
      expect(await t.app.storage.exists(newKey)).toBe(false);
      const mine = await t.app.inject({ method: 'GET', url: '/api/v1/career', headers: headers() });
      expect(mine.statusCode).toBe(404);
    });
    it('deletes the résumé file when the whole account is deleted', async () => {
      const leaving = await signUp(t.app);
      const form = careerForm(applicationFields({ email: leaving.email }), {
        name: 'cv.png',
        type: 'image/png',
        data: await sharp({
          create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
        })
          .png()
          .toBuffer(),
      });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/career',
        headers: { role: 'buyer', cookie: leaving.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(created.statusCode, created.body).toBe(201);
      const key = await resumeKeyOf(t.app, created.json().application.id);
      expect(await t.app.storage.exists(key)).toBe(true);
      const deleted = await deleteOwnAccount(t.app, leaving.cookie);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await t.app.storage.exists(key)).toBe(false);
    });
  },
);
