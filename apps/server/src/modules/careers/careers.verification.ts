import { createHash, randomBytes } from 'node:crypto';
import type { TextLanguage } from '@maplesource/contracts';
import { sendVerificationMail } from '../../plugins/mail-layout';
import type { CareersDeps } from './careers.types';

/** A verification link is valid for 24 hours (decision 092). */
const verificationLifetimeMs = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link's token and the columns that keep its hash and expiry. */
export function newToken() {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    emailTokenHash: hashToken(token),
    emailTokenExpiresAt: new Date(Date.now() + verificationLifetimeMs),
  };
}

const verificationMail: Record<TextLanguage, { subject: string; body: (link: string) => string }> = {
  en: {
    subject: 'Confirm your career application e-mail — MapleSource',
    body: (link) =>
      `Open this link to confirm the e-mail of your MapleSource career application (valid 24 hours):\n${link}`,
  },
  fr: {
    subject: 'Confirmez le courriel de votre candidature — MapleSource',
    body: (link) =>
      `Ouvrez ce lien pour confirmer le courriel de votre candidature MapleSource (valide 24 heures) :\n${link}`,
  },
};

/** The application e-mail's verification link, in the applicant's language (decision 210). */
export async function sendVerification(
  deps: Pick<CareersDeps, 'auth' | 'mail' | 'publicUrl'>,
  userId: string,
  email: string,
  token: string,
) {
  const language = await deps.auth.users.textLanguage(userId);
  const prefix = language === 'fr' ? '/fr' : '';
  const link = `${deps.publicUrl}${prefix}/career/verify-email?token=${encodeURIComponent(token)}`;
  const text = verificationMail[language];
  await sendVerificationMail(deps.mail, { to: email, language, link, text });
}
