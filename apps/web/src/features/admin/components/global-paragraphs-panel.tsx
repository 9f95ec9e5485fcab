import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import {
  useDeleteGlobalParagraph,
  useGlobalParagraphs,
  useSaveGlobalParagraph,
} from '../api/global-paragraphs';
import {
  EditorActions,
  PagedContentList,
  RowActions,
  useConfirmedDelete,
  useSaveReport,
} from './content-list';

type Draft = { id?: string; path: string; textEn: string; textFr: string };

/** Global paragraphs (docs/product.md §7): text blocks by listing-page path, in English and French. */
export function GlobalParagraphsPanel() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = useGlobalParagraphs(page);
  const onDelete = useConfirmedDelete(useDeleteGlobalParagraph());

  return (
    <div className="space-y-4">
      <Button onClick={() => setDraft({ path: '/products', textEn: '', textFr: '' })}>
        {t('paragraphs.new')}
      </Button>
      {draft ? <ParagraphEditor draft={draft} onDone={() => setDraft(null)} /> : null}
      <PagedContentList list={list} page={page} onPage={setPage}>
        <ul className="divide-y divide-gray-100">
          {list.data?.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-mono text-sm">{item.path}</p>
                <p className="mt-1 text-sm text-gray-700">{item.textEn}</p>
                <p className="mt-1 text-sm text-gray-500" lang="fr">
                  {item.textFr}
                </p>
              </div>
              <div className="flex gap-2">
                <RowActions
                  onEdit={() => setDraft(item)}
                  onDelete={() => onDelete(item.id, t('paragraphs.confirmDelete', { path: item.path }))}
                />
              </div>
            </li>
          ))}
        </ul>
      </PagedContentList>
    </div>
  );
}

function ParagraphEditor({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(draft);
  const save = useSaveGlobalParagraph();
  const report = useSaveReport(onDone);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value, report);
  };
  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-lg border border-gray-200 p-4"
      aria-label={t('paragraphs.editor')}
    >
      <Field label={t('paragraphs.path')} required>
        {(p) => (
          <input
            {...p}
            className={inputClasses(false, 'font-mono')}
            value={value.path}
            onChange={(e) => setValue({ ...value, path: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('paragraphs.textEn')} required>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            className={inputClasses()}
            value={value.textEn}
            onChange={(e) => setValue({ ...value, textEn: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('paragraphs.textFr')} required>
        {(p) => (
          <textarea
            {...p}
            lang="fr"
            rows={3}
            className={inputClasses()}
            value={value.textFr}
            onChange={(e) => setValue({ ...value, textFr: e.target.value })}
          />
        )}
      </Field>
      <EditorActions saving={save.isPending} onCancel={onDone} />
    </form>
  );
}
