import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { loadLanguage, resources } from '../../../lib/i18n';

/**
 * `t` of the `invoices` namespace in a language other than the UI's (a Quebec invoice reads French first in an
 * English UI). Loads that language's bundles on demand (French is its own chunk, decision 041); null meanwhile.
 */
export function useLanguageT(language: 'en' | 'fr'): TFunction | null {
  const { i18n } = useTranslation();
  const [, setLoaded] = useState(0);
  const ready = i18n.hasResourceBundle(language, 'invoices');
  useEffect(() => {
    if (ready) return;
    let live = true;
    void loadLanguage(language).then(() => {
      for (const [ns, bundle] of Object.entries(resources[language] ?? {})) {
        if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle, true, true);
      }
      if (live) setLoaded((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, language, ready]);
  return ready ? i18n.getFixedT(language, 'invoices') : null;
}
