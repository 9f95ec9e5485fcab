import { useTranslation } from 'react-i18next';
import { orderStatuses, type OrderStatus } from '@maplesource/contracts/orders';
import { Field } from '../../../components/ui/field';
import { inputClasses } from '../../../components/ui/field';

/** Every order status of docs/product.md §4, in the UI language, plus "all". */
export function StatusFilter({
  value,
  onChange,
}: {
  value: OrderStatus | null;
  onChange: (status: OrderStatus | null) => void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Field label={t('status.label')} className="sm:w-56">
      {(p) => (
        <select
          {...p}
          className={inputClasses(false)}
          value={value ?? ''}
          onChange={(event) => onChange((event.target.value || null) as OrderStatus | null)}
        >
          <option value="">{t('status.all')}</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
