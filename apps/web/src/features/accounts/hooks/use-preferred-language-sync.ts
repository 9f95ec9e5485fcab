import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, textLanguageOf, type LanguageCode } from '@maplesource/contracts/languages';
import { sessionStore, useSession, type SessionUserInfo } from '../../../lib/session-store';
import { updatePreferences } from '../api/update-preferences';

/** The account's stored preferred language as the session holds it (null: not signed in, or not told). */
function storedLanguageOf(info: SessionUserInfo | null): LanguageCode | null {
  const preferences = info?.['preferences'];
  if (typeof preferences !== 'object' || preferences === null) return null;
  const language = (preferences as { preferredLanguage?: unknown }).preferredLanguage;
  return isLanguageCode(language) ? language : null;
}

/**
 * Keeps the signed-in account's stored preferred language in step with the language the page is in
 * (decision 210): after a sign-in, a sign-up or a language switch (the menu, a `/fr/…` address, the profile's
 * preferences), a page in French stores `fr`, any other stores `en` (the languages the server's e-mails are
 * written in). One request per account and language; a failed one is tried again at the next change.
 */
export function usePreferredLanguageSync() {
  const { i18n } = useTranslation();
  const userId = useSession((s) => s.userInfo?.id ?? null);
  const stored = useSession((s) => storedLanguageOf(s.userInfo));
  const wanted = textLanguageOf(i18n.language);
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || stored === null || stored === wanted) return;
    const key = `${userId}:${wanted}`;
    if (sent.current === key) return;
    sent.current = key;
    updatePreferences({ preferredLanguage: wanted }).then(
      ({ preferences }) => {
        const info = sessionStore.getState().userInfo;
        if (info?.id === userId) sessionStore.setState({ userInfo: { ...info, preferences } });
      },
      () => {
        if (sent.current === key) sent.current = null;
      },
    );
  }, [userId, stored, wanted]);
}
