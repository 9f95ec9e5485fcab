import { useTranslation } from 'react-i18next';
import { useGlobalParagraph } from '../api/get-global-paragraph';

/** The admin-written paragraph of a listing page (spec §7), in the UI language; nothing when none or on error. */
export function GlobalParagraphBlock({ path, className }: { path: string; className?: string }) {
  const { t, i18n } = useTranslation('contentPages');
  const { data } = useGlobalParagraph(path);
  if (!data) return null;
  return (
    <section aria-label={t('globalParagraph.label')} className={className}>
      <p className="max-w-3xl text-sm leading-6 text-gray-600">
        {i18n.language.startsWith('fr') ? data.textFr : data.textEn}
      </p>
    </section>
  );
}
