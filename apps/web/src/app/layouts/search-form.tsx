import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../components/ui/icons';
import { cn } from '../../components/ui/cn';
import { LoadingState } from '../../components/ui/query-states';
import { searchEverythingQueryOptions } from '../../features/search/api/search-everything';
import { bestListingPath } from '../../features/search/components/search-links';

/** The grouped answer is its own chunk: it loads when the buyer first types, not with every page. */
const SearchResults = lazy(() => import('../../features/search/components/search-results'));

/** How long typing must pause before the grouped search is asked. */
const TYPING_PAUSE_MS = 200;

export type SearchFormProps = {
  label: string;
  placeholder?: string;
  submitLabel: string;
  className?: string;
  onSubmitted?: () => void;
};

/**
 * Site search: as the buyer types, products, services, sellers, categories and blog posts appear grouped
 * under the box, each group with a "see all" into its own listing; Enter opens the listing of the first group
 * with results. Escape or leaving the box closes the results.
 */
export function SearchForm({ label, placeholder, submitLabel, className, onSubmitted }: SearchFormProps) {
  const id = useId();
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const [settled, setSettled] = useState(query);
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const text = settled.trim();
  const showResults = open && text.length >= 2;

  const close = () => {
    setOpen(false);
    onSubmitted?.();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    window.clearTimeout(timer.current);
    setSettled(query);
    setOpen(false);
    onSubmitted?.();
    const answer = await queryClient.fetchQuery(searchEverythingQueryOptions(q)).catch(() => null);
    void navigate(answer ? bestListingPath(answer, q) : `/products?${new URLSearchParams({ q }).toString()}`);
  };

  return (
    <div
      className={cn('relative w-full', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <form
        role="search"
        aria-label={label}
        onSubmit={(event) => void onSubmit(event)}
        className="flex w-full"
      >
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          value={query}
          onChange={(event) => {
            const value = event.target.value;
            setQuery(value);
            setOpen(true);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
          }}
          onFocus={() => setOpen(true)}
          placeholder={placeholder}
          autoComplete="off"
          // A search box may point at the results it shows; aria-expanded belongs to comboboxes only (axe).
          aria-controls={showResults ? `${id}-results` : undefined}
          className="h-10 min-w-0 flex-1 rounded-l-md border border-r-0 border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-500 focus:border-maple-600 focus:outline-2 focus:outline-offset-0 focus:outline-maple-600"
        />
        <button
          type="submit"
          className="inline-flex h-10 items-center gap-2 rounded-r-md bg-maple-600 px-3 text-sm font-medium text-white hover:bg-maple-700"
        >
          <SearchIcon />
          <span className="sr-only">{submitLabel}</span>
        </button>
      </form>
      {showResults ? (
        <div
          id={`${id}-results`}
          role="region"
          aria-label={t('resultsLabel')}
          className="absolute right-0 left-0 z-40 mt-1 max-h-[70vh] min-w-72 overflow-y-auto rounded-lg border border-gray-200 bg-white p-3 shadow-lg"
        >
          <Suspense fallback={<LoadingState label={t('loading')} lines={4} />}>
            <SearchResults query={text} onNavigate={close} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
