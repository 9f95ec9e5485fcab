import { z } from 'zod';
import type { TextLanguage } from '@maplesource/contracts';
import { sendVerificationMail } from '../../plugins/mail-layout';
import { authPolicy } from './auth.policy';
import { hashToken, newToken } from './auth.tokens';
import { authTokens } from './auth.tables';
import type { AuthDeps } from './auth.types';

// The e-mails the auth module sends, in the account's language (decision 210): the e-mail verification link
// (sent on sign-up and on request) and the texts and job of the "someone is trying your password" e-mail.

/** The e-mail verification message, in the account's language (decision 210). */
const verificationMail: Record<TextLanguage, { subject: string; body: (link: string) => string }> = {
  en: {
    subject: 'Verify your e-mail — MapleSource',
    body: (link) => `Open this link to verify your e-mail address (valid 24 hours):\n${link}`,
  },
  fr: {
    subject: 'Vérifiez votre courriel — MapleSource',
    body: (link) => `Ouvrez ce lien pour vérifier votre adresse courriel (valide 24 heures) :\n${link}`,
  },
};

/** The "someone is trying your password" e-mail (decision 245), in the account's language (decision 210). */
export const attackMail: Record<
  TextLanguage,
  { subject: string; body: (input: { email: string; failedAttempts: number; link: string }) => string }
> = {
  en: {
    subject: 'Someone is trying to sign in to your MapleSource account',
    body: ({ email, failedAttempts, link }) =>
      [
        `We refused ${failedAttempts} sign-in attempts with a wrong password on your MapleSource account (${email}) from devices you have not used with it.`,
        '',
        'Your account is protected: sign-ins from new devices now have to wait between attempts, and the devices you have signed in with before still work as usual.',
        '',
        'If it was not you, choose a new password. On a device you have used before, use "Change password" in your profile. From any device, choose "Forgot your password?" on the sign-in form and reset it with a code sent to your phone:',
        link,
        '',
        'We send this e-mail at most once a day.',
      ].join('\n'),
  },
  fr: {
    subject: "Quelqu'un essaie de se connecter à votre compte MapleSource",
    body: ({ email, failedAttempts, link }) =>
      [
        `Nous avons refusé ${failedAttempts} tentatives de connexion avec un mauvais mot de passe sur votre compte MapleSource (${email}), depuis des appareils que vous n'avez pas utilisés avec ce compte.`,
        '',
        "Votre compte est protégé : les connexions depuis de nouveaux appareils doivent maintenant attendre entre les tentatives, et les appareils avec lesquels vous vous êtes déjà connecté fonctionnent comme d'habitude.",
        '',
        "Si ce n'était pas vous, choisissez un nouveau mot de passe. Sur un appareil déjà utilisé, utilisez « Changer le mot de passe » dans votre profil. Depuis n'importe quel appareil, choisissez « Mot de passe oublié? » dans le formulaire de connexion et réinitialisez-le avec un code envoyé à votre téléphone :",
        link,
        '',
        'Nous envoyons ce courriel au plus une fois par jour.',
      ].join('\n'),
  },
};

export const attackMailJobName = 'auth.attack-mail';
export const attackMailJobSchema = z.object({
  userId: z.string().min(1),
  failedAttempts: z.number().int().positive(),
});
export type AttackMailJob = z.infer<typeof attackMailJobSchema>;

/** Stores a new verification token for `email` and mails its link, in the account's language. */
export async function sendVerificationLink(
  deps: Pick<AuthDeps, 'db' | 'users' | 'messaging' | 'publicUrl'>,
  userId: string,
  email: string,
) {
  const token = newToken();
  const now = new Date();
  await deps.db.insert(authTokens).values({
    id: hashToken(token),
    userId,
    purpose: 'verify_email',
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + authPolicy.emailTokenLifetimeMs),
  });
  const language = await deps.users.textLanguage(userId);
  const link = `${deps.publicUrl}${language === 'fr' ? '/fr' : ''}/verify-email?token=${encodeURIComponent(token)}`;
  const text = verificationMail[language];
  await sendVerificationMail(deps.messaging.mail, { to: email, language, link, text });
}
