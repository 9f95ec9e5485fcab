import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { jobCategoryCodes, type JobCategory, type ResumeSearchFilters } from '@maplesource/contracts/careers';
import { provinceCodes, provinceNames, type ProvinceCode } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { useFormat } from '../../../lib/format';
import { errorMessage, isApiError } from '../../../lib/http';
import { resumeDownloadUrl, useResumeSearch } from '../api/search-resumes';

type Filters = Partial<Pick<ResumeSearchFilters, 'jobCategory' | 'province' | 'city' | 'q'>>;

/** How to qualify: shown instead of the database to an account that is not a verified premium employer. */
function NotQualified() {
  const { t } = useTranslation('careers');
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950"
    >
      <p className="font-semibold">{t('database.deniedTitle')}</p>
      <p>{t('database.deniedText')}</p>
      <ol className="list-decimal space-y-1 ps-5">
        <li>{t('database.stepVerified')}</li>
        <li>{t('database.stepPremium')}</li>
      </ol>
    </div>
  );
}

/**
 * The résumé database (verified premium employers): search verified applications by job category, province,
 * city and words of the cover letter (EN or FR); each résumé opens as a download, which the server logs.
 */
export function ResumeDatabase() {
  const { t, i18n } = useTranslation('careers');
  const fr = i18n.language === 'fr';
  const format = useFormat();
  const [filters, setFilters] = useState<Filters>({});
  const [draft, setDraft] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const search = useResumeSearch({ ...filters, page, pageSize: 20 });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setFilters({
      ...(draft.jobCategory ? { jobCategory: draft.jobCategory } : {}),
      ...(draft.province ? { province: draft.province } : {}),
      ...(draft.city?.trim() ? { city: draft.city.trim() } : {}),
      ...(draft.q?.trim() ? { q: draft.q.trim() } : {}),
    });
  };

  if (isApiError(search.error) && search.error.status === 403) return <NotQualified />;

  return (
    <section aria-labelledby="resume-db-title" className="space-y-4">
      <h2 id="resume-db-title" className="text-lg font-semibold text-gray-900">
        {t('database.title')}
      </h2>
      <form
        role="search"
        aria-label={t('database.searchLabel')}
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field label={t('form.jobCategory')}>
          {(p) => (
            <select
              {...p}
              className={inputClasses()}
              value={draft.jobCategory ?? ''}
              onChange={(e) =>
                setDraft({ ...draft, jobCategory: (e.target.value || undefined) as JobCategory | undefined })
              }
            >
              <option value="">{t('database.any')}</option>
              {jobCategoryCodes.map((code) => (
                <option key={code} value={code}>
                  {t(`categories.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('form.province')}>
          {(p) => (
            <select
              {...p}
              className={inputClasses()}
              value={draft.province ?? ''}
              onChange={(e) =>
                setDraft({ ...draft, province: (e.target.value || undefined) as ProvinceCode | undefined })
              }
            >
              <option value="">{t('database.any')}</option>
              {provinceCodes.map((code) => (
                <option key={code} value={code}>
                  {fr ? provinceNames[code].fr : provinceNames[code].en}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('form.city')}>
          {(p) => (
            <Input
              {...p}
              value={draft.city ?? ''}
              onChange={(e) => setDraft({ ...draft, city: e.target.value })}
            />
          )}
        </Field>
        <Field label={t('database.words')}>
          {(p) => (
            <Input
              {...p}
              type="search"
              value={draft.q ?? ''}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          )}
        </Field>
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit">{t('database.search')}</Button>
        </div>
      </form>
      {search.isPending ? (
        <LoadingState />
      ) : search.error ? (
        <LoadError message={errorMessage(t, search.error)} onRetry={() => void search.refetch()} />
      ) : search.data.items.length === 0 ? (
        <EmptyState title={t('database.empty')} />
      ) : (
        <>
          <p role="status" className="text-sm text-gray-700">
            {t('database.count', { count: search.data.total })}
          </p>
          <ul className="space-y-3">
            {search.data.items.map((item) => (
              <li key={item.id} className="rounded-lg border border-gray-200 p-4">
                <article aria-labelledby={`applicant-${item.id}`} className="space-y-2 text-sm">
                  <h3
                    id={`applicant-${item.id}`}
                    className="break-words text-base font-semibold text-gray-900"
                  >
                    {item.fullName}
                  </h3>
                  <p className="text-gray-700">
                    {t(`categories.${item.jobCategory}`)} · {item.city},{' '}
                    {fr ? provinceNames[item.province].fr : provinceNames[item.province].en} ·{' '}
                    {format.date(item.createdAt)}
                  </p>
                  <p className="break-words text-gray-700">
                    <a className="underline" href={`mailto:${item.email}`}>
                      {item.email}
                    </a>{' '}
                    · {item.phoneNumber}
                  </p>
                  {item.coverLetter ? (
                    <p className="line-clamp-4 whitespace-pre-line break-words text-gray-900">
                      {item.coverLetter}
                    </p>
                  ) : null}
                  <a
                    className="inline-block font-medium text-maple-700 underline"
                    href={resumeDownloadUrl(item.id)}
                    download
                  >
                    {t('database.download', { name: item.fullName })}
                  </a>
                </article>
              </li>
            ))}
          </ul>
          <Pagination
            page={search.data.page}
            pageSize={search.data.pageSize}
            total={search.data.total}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
