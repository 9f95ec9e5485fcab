import { sendLinkMail } from '../../../plugins/mail-layout';
import { attackMail } from '../auth.mails';
import type { AuthDeps } from '../auth.types';

/** The `auth.attack-mail` job: the e-mail, in the account's language (decision 210). */
export async function sendAttackMail(
  deps: Pick<AuthDeps, 'users' | 'messaging' | 'publicUrl'>,
  userId: string,
  failedAttempts: number,
): Promise<void> {
  const user = await deps.users.findById(userId);
  if (!user) return; // the account was deleted since
  const language = await deps.users.textLanguage(userId);
  const link = `${deps.publicUrl}${language === 'fr' ? '/fr' : ''}/`;
  const text = attackMail[language];
  await sendLinkMail(deps.messaging.mail, {
    to: user.email,
    language,
    subject: text.subject,
    body: text.body({ email: user.email, failedAttempts, link }),
    link,
    actionLabel: language === 'fr' ? 'Ouvrir MapleSource' : 'Open MapleSource',
  });
}
