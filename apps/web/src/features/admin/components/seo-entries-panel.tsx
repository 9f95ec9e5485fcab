import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeoPreviewResponse } from '@maplesource/contracts/content';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { formatDateTime } from '../../../lib/format';
import { previewSeoEntry, useDeleteSeoEntry, useSaveSeoEntry, useSeoEntries } from '../api/seo-entries';
import {
  EditorActions,
  PagedContentList,
  RowActions,
  useConfirmedDelete,
  useSaveReport,
} from './content-list';

type Draft = { id?: string; path: string; code: string };

/** SEO entries: list, search, create, edit with a live preview of the resolved head, delete. */
export function SeoEntriesPanel() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = useSeoEntries(page, q);

  const onDelete = useConfirmedDelete(useDeleteSeoEntry());

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('seo.search')} className="w-full max-w-xs">
          {(p) => (
            <input
              {...p}
              type="search"
              className={inputClasses()}
              value={q}
              onChange={(e) => {
                setQ(e.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
        <Button onClick={() => setDraft({ path: '/', code: '' })}>{t('seo.new')}</Button>
      </div>
      {draft ? <SeoEntryEditor draft={draft} onDone={() => setDraft(null)} /> : null}
      <PagedContentList list={list} page={page} onPage={setPage}>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('seo.title')}</caption>
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2 pr-4">
                  {t('seo.path')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('updatedAt')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data?.items.map((entry) => (
                <tr key={entry.id} className="border-b border-gray-100">
                  <td className="py-2 pr-4 font-mono">{entry.path}</td>
                  <td className="py-2 pr-4">{formatDateTime(entry.updatedAt, i18n.language)}</td>
                  <td className="flex gap-2 py-2">
                    <RowActions
                      onEdit={() => setDraft({ id: entry.id, path: entry.path, code: entry.code })}
                      onDelete={() => onDelete(entry.id, t('seo.confirmDelete', { path: entry.path }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PagedContentList>
    </div>
  );
}

function SeoEntryEditor({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [path, setPath] = useState(draft.path);
  const [code, setCode] = useState(draft.code);
  const [preview, setPreview] = useState<SeoPreviewResponse | null>(null);
  const save = useSaveSeoEntry();
  const report = useSaveReport(onDone);

  useEffect(() => {
    if (!path.startsWith('/')) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      previewSeoEntry({ path, code }, controller.signal).then(setPreview, () => undefined);
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [path, code]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ ...(draft.id ? { id: draft.id } : {}), path, code }, report);
  };

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border border-gray-200 p-4 lg:grid-cols-2"
      aria-label={t('seo.editor')}
    >
      <div className="space-y-3">
        <Field label={t('seo.path')} hint={t('seo.pathHint')} required>
          {(p) => (
            <input
              {...p}
              className={inputClasses(false, 'font-mono')}
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('seo.code')} hint={t('seo.codeHint')}>
          {(p) => (
            <textarea
              {...p}
              rows={10}
              className={inputClasses(false, 'font-mono text-xs')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
        <EditorActions saving={save.isPending} onCancel={onDone} />
      </div>
      <section aria-labelledby="seo-preview" aria-live="polite" className="rounded-md bg-gray-50 p-3 text-sm">
        <h3 id="seo-preview" className="font-semibold text-gray-900">
          {t('seo.preview')}
        </h3>
        {preview ? (
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-all">
            <dt className="font-medium">{t('seo.previewTitle')}</dt>
            <dd>{preview.head.title ?? '—'}</dd>
            <dt className="font-medium">{t('seo.previewDescription')}</dt>
            <dd>{preview.head.description ?? '—'}</dd>
            <dt className="font-medium">{t('seo.previewCanonical')}</dt>
            <dd>{preview.head.canonical}</dd>
            <dt className="font-medium">{t('seo.previewRobots')}</dt>
            <dd>{preview.head.robots}</dd>
            <dt className="font-medium">{t('seo.previewScripts')}</dt>
            <dd>{preview.head.scripts.length}</dd>
          </dl>
        ) : null}
        {preview ? (
          <>
            <h4 className="mt-3 font-medium">{t('seo.sanitized')}</h4>
            <pre className="mt-1 max-h-48 overflow-auto whitespace-pre-wrap rounded bg-white p-2 font-mono text-xs">
              {preview.sanitizedCode || '—'}
            </pre>
          </>
        ) : null}
      </section>
    </form>
  );
}
