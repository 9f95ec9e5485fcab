import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlogInput } from '@maplesource/contracts/content';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { formatDate } from '../../../lib/format';
import { renderMarkdown } from '../../../lib/markdown';
import { useActionKeys } from '../../../lib/idempotency';
import { deleteBlog, saveBlog, useAdminBlogs, useAdminMutation } from '../api/site-admin';
import { InsertImageButton } from './insert-image-button';
import {
  EditorActions,
  PagedContentList,
  RowActions,
  useConfirmedDelete,
  useSaveReport,
} from './content-list';

const empty: BlogInput = {
  slug: '',
  titleEn: '',
  titleFr: '',
  excerptEn: '',
  excerptFr: '',
  bodyEn: '',
  bodyFr: '',
  category: '',
  coverUrl: '',
  published: false,
};

/** Blogs: Markdown bodies (images uploaded with "Insert image" or by URL, `![alt](url)`), EN and FR, draft or published. */
export function BlogsPanel() {
  const { t, i18n } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<(BlogInput & { id?: string }) | null>(null);
  const list = useAdminBlogs(page);
  const onDelete = useConfirmedDelete(useAdminMutation(deleteBlog));
  return (
    <div className="space-y-4">
      <Button onClick={() => setDraft({ ...empty })}>{t('blogs.new')}</Button>
      {draft ? <BlogEditor draft={draft} onDone={() => setDraft(null)} /> : null}
      <PagedContentList list={list} page={page} onPage={setPage}>
        <ul className="divide-y divide-gray-100">
          {list.data?.items.map((blog) => (
            <li key={blog.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <div>
                <p className="font-medium text-gray-900">{blog.titleEn}</p>
                <p className="text-gray-600">
                  {blog.publishedAt
                    ? t('blogs.publishedOn', { date: formatDate(blog.publishedAt, i18n.language) })
                    : t('blogs.draft')}{' '}
                  · {blog.category}
                </p>
              </div>
              <div className="flex gap-2">
                <RowActions
                  onEdit={() => setDraft({ ...blog })}
                  onDelete={() => onDelete(blog.id, t('blogs.confirmDelete', { title: blog.titleEn }))}
                />
              </div>
            </li>
          ))}
        </ul>
      </PagedContentList>
    </div>
  );
}

function BlogEditor({ draft, onDone }: { draft: BlogInput & { id?: string }; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [value, setValue] = useState(draft);
  const keys = useActionKeys();
  const save = useAdminMutation((input: BlogInput & { id?: string }) =>
    saveBlog(input, input.id ? '' : keys.keyFor(input)),
  );
  const report = useSaveReport(() => {
    keys.done();
    onDone();
  });
  const bodyRefs = { bodyEn: useRef<HTMLTextAreaElement>(null), bodyFr: useRef<HTMLTextAreaElement>(null) };
  const preview = useMemo(() => renderMarkdown(value.bodyEn), [value.bodyEn]);
  const set = (key: keyof BlogInput) => (e: { target: { value: string } }) =>
    setValue({ ...value, [key]: e.target.value });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { id, ...rest } = value;
    const body: BlogInput = {
      slug: rest.slug,
      titleEn: rest.titleEn,
      titleFr: rest.titleFr,
      excerptEn: rest.excerptEn,
      excerptFr: rest.excerptFr,
      bodyEn: rest.bodyEn,
      bodyFr: rest.bodyFr,
      category: rest.category,
      coverUrl: rest.coverUrl,
      published: rest.published,
    };
    save.mutate(id ? { ...body, id } : body, report);
  };
  const input = (key: keyof BlogInput, label: string, extra?: { lang?: string; mono?: boolean }) => (
    <Field label={label} required>
      {(p) => (
        <input
          {...p}
          lang={extra?.lang}
          className={inputClasses(false, extra?.mono ? 'font-mono' : undefined)}
          value={String(value[key])}
          onChange={set(key)}
        />
      )}
    </Field>
  );
  const area = (key: keyof BlogInput, label: string, rows: number, lang?: string) => (
    <Field label={label} required hint={key.startsWith('body') ? t('blogs.markdownHint') : undefined}>
      {(p) => (
        <textarea
          {...p}
          ref={key === 'bodyEn' || key === 'bodyFr' ? bodyRefs[key] : undefined}
          lang={lang}
          rows={rows}
          className={inputClasses(false, 'font-mono text-xs')}
          value={String(value[key])}
          onChange={set(key)}
        />
      )}
    </Field>
  );
  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border border-gray-200 p-4 lg:grid-cols-2"
      aria-label={t('blogs.editor')}
    >
      <div className="space-y-3">
        {input('slug', t('blogs.slug'), { mono: true })}
        {input('category', t('blogs.category'))}
        {input('coverUrl', t('blogs.coverUrl'), { mono: true })}
        {input('titleEn', t('blogs.titleEn'))}
        {input('titleFr', t('blogs.titleFr'), { lang: 'fr' })}
        {area('excerptEn', t('blogs.excerptEn'), 2)}
        {area('excerptFr', t('blogs.excerptFr'), 2, 'fr')}
        {area('bodyEn', t('blogs.bodyEn'), 10)}
        <InsertImageButton
          textareaRef={bodyRefs.bodyEn}
          value={value.bodyEn}
          onChange={(bodyEn) => setValue((v) => ({ ...v, bodyEn }))}
          label={t('blogs.bodyEn')}
        />
        {area('bodyFr', t('blogs.bodyFr'), 10, 'fr')}
        <InsertImageButton
          textareaRef={bodyRefs.bodyFr}
          value={value.bodyFr}
          onChange={(bodyFr) => setValue((v) => ({ ...v, bodyFr }))}
          label={t('blogs.bodyFr')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={value.published}
            onChange={(e) => setValue({ ...value, published: e.target.checked })}
          />
          {t('blogs.published')}
        </label>
        <EditorActions saving={save.isPending} onCancel={onDone} />
      </div>
      <section aria-labelledby="blog-preview" className="rounded-md bg-gray-50 p-3 text-sm">
        <h3 id="blog-preview" className="font-semibold text-gray-900">
          {t('blogs.preview')}
        </h3>
        {/* Safe: renderMarkdown escapes the source and emits only its own tags. */}
        <div
          className="mt-2 space-y-3 [&_img]:max-w-full [&_ul]:list-disc [&_ul]:pl-5"
          dangerouslySetInnerHTML={{ __html: preview }}
        />
      </section>
    </form>
  );
}
