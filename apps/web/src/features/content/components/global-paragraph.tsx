import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGlobalParagraph } from '../api/get-global-paragraph';

/**
 * The admin-written paragraph of a listing page (docs/product.md §7), in the UI language; nothing when none or
 * on error. `path` defaults to the current address (the server falls back from `/fr/x` to `/x`).
 */
export function GlobalParagraphBlock({ path, className }: { path?: string; className?: string }) {
  const { t, i18n } = useTranslation('contentPages');
  const { pathname } = useLocation();
  const { data } = useGlobalParagraph(path ?? pathname);
  if (!data) return null;
  return (
    <section aria-label={t('globalParagraph.label')} className={className}>
      <p className="max-w-3xl text-sm leading-6 text-gray-600">
        {i18n.language.startsWith('fr') ? data.textFr : data.textEn}
      </p>
    </section>
  );
}
