import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyDocumentLanguage } from '../../lib/i18n';

/** Keeps `<html lang dir>` in step with the i18n language (also on first render). */
export function DocumentLanguage() {
  const { i18n } = useTranslation();
  useEffect(() => {
    applyDocumentLanguage(i18n.language);
  }, [i18n.language]);
  return null;
}
