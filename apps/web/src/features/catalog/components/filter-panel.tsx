import { dollarsToCents } from '@maplesource/contracts/money';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductFacets } from '@maplesource/contracts/catalog';
import { provinceCodes, provinceNames, type ProvinceCode } from '@maplesource/contracts/province-names';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format';
import type { ProductListParams } from '../api/get-products';

export const businessTypeCodes = [
  'manufacturer',
  'supplier',
  'distributor',
  'wholesaler',
  'service-provider',
  'fabricator',
  'contract-manufacturer',
] as const;
export const originCodes = ['made-in-canada', 'product-of-canada', 'imported'] as const;
export const sortCodes = [
  'relevance',
  'popular',
  'bestsellers',
  'newest',
  'price-asc',
  'price-desc',
  'rating',
] as const;

/** What a listing can filter on; services have no Canadian origin and no MOQ. */
export type ListingKind = 'product' | 'service';
const hidden: Record<ListingKind, ReadonlySet<string>> = {
  product: new Set(),
  service: new Set(['origin', 'minQuantity']),
};

const selectClass =
  'mt-1 block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus:border-maple-600 focus:outline-none focus:ring-1 focus:ring-maple-600';

/**
 * A text box whose value goes to the URL when the buyer leaves it or presses Enter. It keeps its own text
 * while the listing (and the URL) change for other boxes, follows the URL when that changes from outside
 * (back button, "Clear filters"), and shows what was applied after committing ("abc" becomes empty).
 */
function CommittedInput({
  committed,
  normalise,
  onCommit,
  ...inputProps
}: {
  /** The text of the value currently in the URL. */
  committed: string;
  /** The text the URL will hold for what was typed ('' when it is not a valid value). */
  normalise: (text: string) => string;
  onCommit: (text: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'onBlur'>) {
  const [text, setText] = useState(committed);
  const [shown, setShown] = useState(committed);
  if (shown !== committed) {
    // The URL changed: show it (this is also the echo of our own commit, which holds the same text).
    setShown(committed);
    setText(committed);
  }
  const commit = () => {
    const applied = normalise(text);
    setText(applied);
    if (applied !== committed) onCommit(text);
  };
  return (
    <input
      {...inputProps}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

/**
 * The product filter of docs/product.md §3 (+ Canadian origin), or the service filter (same fields minus origin and
 * quantity; "delivery" is the turnaround); every change goes to the URL through `onChange`.
 */
export function FilterPanel({
  kind = 'product',
  value,
  onChange,
  facets,
  facetsEstimated = false,
  subcategoryOptions,
}: {
  kind?: ListingKind;
  value: ProductListParams;
  onChange: (next: Partial<ProductListParams>) => void;
  facets: ProductFacets | null | undefined;
  /** Counts from the 1-in-64 sample (decision 042): shown as "~1,200". */
  facetsEstimated?: boolean;
  subcategoryOptions: { slug: string; name: string }[];
}) {
  const { t, i18n } = useTranslation('catalog');
  const shows = (field: string) => !hidden[kind].has(field);
  const id = useId();
  const format = useFormat();
  const lang = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const count = (list: { value: string; count: number }[] | undefined, v: string) => {
    const n = list?.find((entry) => entry.value === v)?.count;
    if (n === undefined) return '';
    return ` (${facetsEstimated && n > 0 ? '~' : ''}${format.number(n)})`;
  };
  const dollars = (cents: number | undefined) => (cents === undefined ? '' : String(cents / 100));
  const toCents = (text: string) => {
    const cents = dollarsToCents(text);
    return cents === null || cents < 0 ? undefined : cents;
  };
  const toQuantity = (text: string) => {
    const n = Number(text);
    return text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : undefined;
  };
  return (
    <form
      className="space-y-4 text-sm"
      onSubmit={(event) => event.preventDefault()}
      aria-label={t('filters.title')}
    >
      <div>
        <label htmlFor={`${id}-state`} className="font-medium text-gray-900">
          {t('filters.state')}
        </label>
        <select
          id={`${id}-state`}
          className={selectClass}
          value={value.state ?? ''}
          onChange={(e) => onChange({ state: e.target.value || undefined })}
        >
          <option value="">{t('filters.any')}</option>
          {provinceCodes.map((code: ProvinceCode) => (
            <option key={code} value={code}>
              {provinceNames[code][lang]}
              {count(facets?.state, code)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-bt`} className="font-medium text-gray-900">
          {t('filters.businessType')}
        </label>
        <select
          id={`${id}-bt`}
          className={selectClass}
          value={value.businessType ?? ''}
          onChange={(e) => onChange({ businessType: e.target.value || undefined })}
        >
          <option value="">{t('filters.any')}</option>
          {businessTypeCodes.map((code) => (
            <option key={code} value={code}>
              {t(`businessTypes.${code}`)}
              {count(facets?.businessType, code)}
            </option>
          ))}
        </select>
      </div>
      {shows('origin') ? (
        <fieldset>
          <legend className="font-medium text-gray-900">{t('filters.origin')}</legend>
          {['', ...originCodes].map((code) => (
            <label key={code || 'any'} className="mt-1 flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-origin`}
                checked={(value.origin ?? '') === code}
                onChange={() => onChange({ origin: code || undefined })}
              />
              {code ? `${t(`origin.${code}`)}${count(facets?.origin, code)}` : t('filters.any')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="flex items-center gap-2 font-medium text-gray-900">
        <input
          type="checkbox"
          checked={value.isVerified === 'true'}
          onChange={(e) => onChange({ isVerified: e.target.checked ? 'true' : undefined })}
        />
        {t(kind === 'service' ? 'filters.verifiedServicesOnly' : 'filters.verifiedOnly')}
        {count(facets?.verified, 'true')}
      </label>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor={`${id}-min`} className="font-medium text-gray-900">
            {t('filters.minPrice')}
          </label>
          <CommittedInput
            id={`${id}-min`}
            inputMode="decimal"
            className={selectClass}
            committed={dollars(value.minPrice)}
            normalise={(text) => dollars(toCents(text))}
            onCommit={(text) => onChange({ minPrice: toCents(text) })}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className="font-medium text-gray-900">
            {t('filters.maxPrice')}
          </label>
          <CommittedInput
            id={`${id}-max`}
            inputMode="decimal"
            className={selectClass}
            committed={dollars(value.maxPrice)}
            normalise={(text) => dollars(toCents(text))}
            onCommit={(text) => onChange({ maxPrice: toCents(text) })}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-dd`} className="font-medium text-gray-900">
          {t(kind === 'service' ? 'filters.turnaroundDays' : 'filters.deliveryDays')}
        </label>
        <select
          id={`${id}-dd`}
          className={selectClass}
          value={value.deliveryDays ?? ''}
          onChange={(e) => onChange({ deliveryDays: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t('filters.any')}</option>
          {[2, 3, 5, 7, 10, 14].map((d) => (
            <option key={d} value={d}>
              {t('filters.withinDays', { count: d })}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-rating`} className="font-medium text-gray-900">
          {t('filters.minRating')}
        </label>
        <select
          id={`${id}-rating`}
          className={selectClass}
          value={value.minRating ?? ''}
          onChange={(e) => onChange({ minRating: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t('filters.any')}</option>
          {[4, 3, 2].map((r) => (
            <option key={r} value={r}>
              {t('filters.starsAndUp', { count: r })}
            </option>
          ))}
        </select>
      </div>
      {shows('minQuantity') ? (
        <div>
          <label htmlFor={`${id}-qty`} className="font-medium text-gray-900">
            {t('filters.minQuantity')}
          </label>
          <CommittedInput
            id={`${id}-qty`}
            inputMode="numeric"
            className={selectClass}
            committed={value.minQuantity === undefined ? '' : String(value.minQuantity)}
            normalise={(text) => String(toQuantity(text) ?? '')}
            onCommit={(text) => onChange({ minQuantity: toQuantity(text) })}
          />
        </div>
      ) : null}
      {subcategoryOptions.length > 0 ? (
        <fieldset>
          <legend className="font-medium text-gray-900">{t('filters.subcategories')}</legend>
          {subcategoryOptions.map((option) => {
            const checked = value.subcategories?.includes(option.slug) ?? false;
            return (
              <label key={option.slug} className="mt-1 flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={() => {
                    const current = value.subcategories ?? [];
                    const next = checked
                      ? current.filter((s) => s !== option.slug)
                      : [...current, option.slug];
                    onChange({ subcategories: next.length ? next : undefined });
                  }}
                />
                {option.name}
                {count(facets?.subcategory, option.slug)}
              </label>
            );
          })}
        </fieldset>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange({
            state: undefined,
            businessType: undefined,
            origin: undefined,
            isVerified: undefined,
            minPrice: undefined,
            maxPrice: undefined,
            deliveryDays: undefined,
            minRating: undefined,
            minQuantity: undefined,
            subcategories: undefined,
          })
        }
      >
        {t('filters.clear')}
      </Button>
    </form>
  );
}
