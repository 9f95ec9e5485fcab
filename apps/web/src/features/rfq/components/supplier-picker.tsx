import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { useSupplierSearch } from '../api/search-suppliers';
import { RFQ_NAMED_SUPPLIERS_MAX } from '../rfq-form-schema';

export type ChosenSupplier = { id: string; name: string };

/**
 * The named suppliers of a request: a search of the directory's claimed storefronts of the request's category, each
 * result added with its own button, the chosen ones listed with a remove button (at most 10). The result count is
 * announced to screen readers.
 */
export function SupplierPicker({
  categorySlug,
  chosen,
  onChange,
  error,
}: {
  categorySlug: string;
  chosen: readonly ChosenSupplier[];
  onChange: (next: ChosenSupplier[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('rfq');
  const id = useId();
  const [q, setQ] = useState('');
  const search = useSupplierSearch(q, categorySlug);
  const results = (search.data?.items ?? []).filter((s) => !chosen.some((c) => c.id === s.id));
  const full = chosen.length >= RFQ_NAMED_SUPPLIERS_MAX;
  const searching = q.trim().length >= 2;

  return (
    <div className="space-y-2 rounded-md border border-gray-200 p-3">
      <label htmlFor={`${id}-q`} className="block text-sm font-medium text-gray-800">
        {t('picker.search')}
      </label>
      <Input
        id={`${id}-q`}
        type="search"
        value={q}
        autoComplete="off"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setQ(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {categorySlug ? t('picker.hint') : t('picker.hintNoCategory')}
      </p>
      <p role="status" className="sr-only">
        {searching && search.data ? t('picker.found', { count: results.length }) : ''}
      </p>
      {searching && search.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, search.error)}
        </p>
      ) : null}
      {searching && search.isPending ? (
        <p className="text-sm text-gray-600">{t('picker.searching')}</p>
      ) : null}
      {searching && search.data && results.length === 0 ? (
        <p className="text-sm text-gray-600">{t('picker.none')}</p>
      ) : null}
      {searching && results.length > 0 ? (
        <ul aria-label={t('picker.results')} className="divide-y divide-gray-100">
          {results.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5 text-sm">
              <span>
                {s.name}
                <span className="text-gray-600">
                  {' '}
                  · {s.city}, {s.province}
                  {s.verified ? ` · ${t('verified')}` : ''}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={full}
                aria-label={t('picker.add', { name: s.name })}
                onClick={() => onChange([...chosen, { id: s.id, name: s.name }])}
              >
                {t('picker.addShort')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <p className="text-sm font-medium text-gray-800">
          {t('picker.chosen', { count: chosen.length, max: RFQ_NAMED_SUPPLIERS_MAX })}
        </p>
        {chosen.length > 0 ? (
          <ul aria-label={t('picker.chosenList')} className="mt-1 flex flex-wrap gap-2">
            {chosen.map((s) => (
              <li
                key={s.id}
                className="flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-1 pl-3 text-sm"
              >
                {s.name}
                <button
                  type="button"
                  className="rounded-full px-2 text-gray-700 hover:bg-gray-200"
                  aria-label={t('picker.remove', { name: s.name })}
                  onClick={() => onChange(chosen.filter((c) => c.id !== s.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
