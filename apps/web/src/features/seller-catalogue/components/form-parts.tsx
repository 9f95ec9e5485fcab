import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dollarsToCents } from '@maplesource/contracts/money';
import type { CategoryTreeNode } from '@maplesource/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';

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

/** A list typed as comma-separated text ("ISO 9001, AS9100"), kept as trimmed, non-empty items when the field is left. */
export function CommaListInput({
  value,
  onChange,
  ...rest
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue' | 'onBlur'> & {
  value: readonly string[];
  onChange: (items: string[]) => void;
}) {
  return (
    <Input
      {...rest}
      defaultValue={value.join(', ')}
      onBlur={(e) =>
        onChange(
          e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        )
      }
    />
  );
}

type LabelValueKey = 'labelEn' | 'labelFr' | 'value';

/**
 * An editable list of label (en, fr) and value rows, such as a product's key attributes or a service's capabilities:
 * a named group, a row of three fields and the row's buttons per item, and a button that adds an empty row.
 */
export function LabelValueRows({
  title,
  rows,
  field,
  onAppend,
  onMove,
  onRemove,
}: {
  title: string;
  rows: readonly { id: string }[];
  /** The registration of one cell: the form's `register` of `<list>.<index>.<key>`. */
  field: (index: number, key: LabelValueKey) => UseFormRegisterReturn;
  onAppend: (row: Record<LabelValueKey, string>) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation('sellerCatalogue');
  return (
    <div role="group" aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      {rows.map((row, index) => (
        <div key={row.id} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_auto]">
          <Field label={t('fields.labelEn', { n: index + 1 })}>
            {(p) => <Input {...p} {...field(index, 'labelEn')} />}
          </Field>
          <Field label={t('fields.labelFr', { n: index + 1 })}>
            {(p) => <Input {...p} {...field(index, 'labelFr')} />}
          </Field>
          <Field label={t('fields.value', { n: index + 1 })}>
            {(p) => <Input {...p} {...field(index, 'value')} />}
          </Field>
          <RowButtons
            index={index}
            count={rows.length}
            label={`${title} ${index + 1}`}
            onMove={onMove}
            onRemove={onRemove}
          />
        </div>
      ))}
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => onAppend({ labelEn: '', labelFr: '', value: '' })}
      >
        {t('form.addRow', { list: title })}
      </Button>
    </div>
  );
}
