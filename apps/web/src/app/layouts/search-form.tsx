import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/ui/icons';
import { cn } from '../../components/ui/cn';
import { productSearchPath } from '../../config/paths';

export type SearchFormProps = {
  label: string;
  placeholder?: string;
  submitLabel: string;
  className?: string;
  onSubmitted?: () => void;
};

/** Site search: submits to `/products?q=…`. */
export function SearchForm({ label, placeholder, submitLabel, className, onSubmitted }: SearchFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(productSearchPath(query));
    onSubmitted?.();
  };

  return (
    <form role="search" aria-label={label} onSubmit={onSubmit} className={cn('flex w-full', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
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
  );
}
