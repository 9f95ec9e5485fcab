import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dollarsToCents } from '@maplesource/contracts/money';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';

/** A group of fields with a heading (a fieldset, so screen readers name the group). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-md border border-gray-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-gray-900">{title}</legend>
      {children}
    </fieldset>
  );
}

/** A price typed in dollars (12.50 or 12,50), kept as whole cents; NaN while the text is not a price. */
export function PriceInput({
  value,
  onChange,
  ...rest
}: {
  value: number;
  onChange: (cents: number) => void;
  id?: string;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: true | undefined;
  'aria-label'?: string;
  required?: boolean | undefined;
}) {
  const shown = (cents: number) => (Number.isFinite(cents) && cents > 0 ? (cents / 100).toFixed(2) : '');
  const [text, setText] = useState(() => shown(value));
  useEffect(() => {
    setText((current) => (dollarsToCents(current) === value ? current : shown(value)));
  }, [value]);
  return (
    <input
      {...rest}
      inputMode="decimal"
      className={inputClasses(rest['aria-invalid'])}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const cents = dollarsToCents(event.target.value);
        onChange(cents === null ? Number.NaN : cents);
      }}
    />
  );
}

/** The subcategories of a kind's tree, grouped by category, for a select. */
export function SubcategoryOptions({ tree }: { tree: readonly CategoryTreeNode[] }) {
  const { i18n } = useTranslation();
  const name = (c: { nameEn: string; nameFr: string }) => (i18n.language === 'fr' ? c.nameFr : c.nameEn);
  return (
    <>
      {tree.map((category) => (
        <optgroup key={category.id} label={name(category)}>
          {category.children.map((sub) => (
            <option key={sub.id} value={sub.id}>
              {name(sub)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** Up, down and remove buttons of one row of a list, named after the row. */
export function RowButtons({
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  label: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('sellerCatalogue');
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={index === 0}
        aria-label={t('form.moveUp', { item: label })}
        onClick={() => onMove(index, index - 1)}
      >
        ↑
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        disabled={index === count - 1}
        aria-label={t('form.moveDown', { item: label })}
        onClick={() => onMove(index, index + 1)}
      >
        ↓
      </Button>
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-label={t('form.remove', { item: label })}
        onClick={() => onRemove(index)}
      >
        {t('form.removeShort')}
      </Button>
    </div>
  );
}
