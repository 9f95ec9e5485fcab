import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons';
import { textLanguage, trackSearch, useSuggestions } from '../api/search';

/** Search with suggestions as you type (combobox pattern; arrows + Enter; typo-tolerant on the server). */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const { t, i18n } = useTranslation('catalog');
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced, setDebounced] = useState(initial);
  const timer = useRef<number | undefined>(undefined);
  const suggestions = useSuggestions(debounced);
  const items = open ? (suggestions.data?.items ?? []) : [];
  const go = (value: string, categorySlug?: string | null) => {
    setOpen(false);
    if (categorySlug) {
      void navigate(`/products/${encodeURIComponent(categorySlug)}`);
      return;
    }
    const q = value.trim();
    if (!q) return;
    void trackSearch(q, textLanguage(i18n.language));
    void navigate(`/products?q=${encodeURIComponent(q)}`);
  };
  return (
    <form
      role="search"
      className="relative w-full"
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = items[active];
        if (chosen) go(chosen.text, chosen.kind === 'category' ? chosen.slug : null);
        else go(text);
      }}
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        {t('search.label')}
      </label>
      <div className="flex rounded-lg border border-gray-300 bg-white focus-within:ring-2 focus-within:ring-maple-600">
        <input
          id={`${id}-q`}
          type="search"
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          value={text}
          placeholder={t('search.placeholder')}
          className="min-w-0 flex-1 rounded-l-lg px-3 py-2.5 text-base outline-none"
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            setOpen(true);
            setActive(-1);
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => setDebounced(value), 150);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((i) => Math.min(items.length - 1, i + 1));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((i) => Math.max(-1, i - 1));
            } else if (event.key === 'Escape') setOpen(false);
          }}
          onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        />
        <button
          type="submit"
          className="rounded-r-lg bg-maple-600 px-4 text-white hover:bg-maple-700"
          aria-label={t('search.submit')}
        >
          <SearchIcon className="h-5 w-5" />
        </button>
      </div>
      {items.length > 0 ? (
        <ul
          id={`${id}-list`}
          role="listbox"
          className="absolute z-30 mt-1 w-full overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg"
        >
          {items.map((item, index) => (
            <li
              key={`${item.kind}-${item.text}`}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-maple-50' : 'hover:bg-gray-50'}`}
              onMouseDown={(event) => {
                event.preventDefault();
                go(item.text, item.kind === 'category' ? item.slug : null);
              }}
            >
              {item.text}
              {item.kind === 'category' ? (
                <span className="ml-2 text-xs text-gray-600">{t('search.category')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
