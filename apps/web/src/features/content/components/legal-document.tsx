import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/query-states';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { LegalDocument } from '../legal/types';

export type LegalDocumentName = 'terms' | 'privacy';

/** Each document and language is its own chunk: the buyer bundle carries none of this text. */
const loaders: Record<LegalDocumentName, Record<'en' | 'fr', () => Promise<{ default: LegalDocument }>>> = {
  terms: { en: () => import('../legal/terms.en'), fr: () => import('../legal/terms.fr') },
  privacy: { en: () => import('../legal/privacy.en'), fr: () => import('../legal/privacy.fr') },
};

export function loadLegalDocument(
  name: LegalDocumentName,
  language: string,
): Promise<{ default: LegalDocument }> {
  return loaders[name][language.startsWith('fr') ? 'fr' : 'en']();
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; doc: LegalDocument };

/** A legal page (docs/product.md §1): title, date, introduction, table of contents with anchors, sections. */
export function LegalDocumentView({ name }: { name: LegalDocumentName }) {
  const { t, i18n } = useTranslation('contentPages');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const language = i18n.language;

  useEffect(() => {
    let active = true;
    loadLegalDocument(name, language).then(
      (module) => active && setState({ status: 'ready', doc: module.default }),
      () => active && setState({ status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [name, language, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  useDocumentTitle(state.status === 'ready' ? state.doc.title : t(`legal.${name}Title`));

  // Anchors: scroll to the section named in the address once the text is there.
  useEffect(() => {
    if (state.status !== 'ready' || !window.location.hash) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    target?.scrollIntoView();
  }, [state]);

  if (state.status === 'loading') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" aria-busy="true">
        <span className="sr-only" role="status">
          {t('legal.loading')}
        </span>
        <Skeleton className="h-8 w-2/3" />
        <div className="mt-6">
          <SkeletonText lines={8} />
        </div>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="text-center text-2xl font-bold text-gray-900">{t(`legal.${name}Title`)}</h1>
        <div className="mt-6">
          <LoadError message={t('legal.loadFailed')} onRetry={retry} />
        </div>
      </div>
    );
  }

  const { doc } = state;
  return (
    <article
      className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6"
      lang={language.startsWith('fr') ? 'fr' : 'en'}
    >
      <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{doc.title}</h1>
      <p className="mt-2 text-sm text-gray-500">{doc.updated}</p>
      {doc.intro.map((paragraph) => (
        <p key={paragraph} className="mt-4 text-base leading-7 text-gray-700">
          {paragraph}
        </p>
      ))}
      <nav
        aria-labelledby="legal-toc"
        className="mt-8 rounded-lg border border-gray-200 bg-gray-50 p-4 sm:p-6"
      >
        <h2 id="legal-toc" className="text-base font-semibold text-gray-900">
          {t('legal.toc')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-maple-700 underline-offset-2 hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id} className="mt-10 scroll-mt-24">
          <h2 id={section.id} className="text-xl font-semibold text-gray-900">
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-base leading-7 text-gray-700">
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className="mt-3 list-disc space-y-2 pl-6 text-base leading-7 text-gray-700">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
