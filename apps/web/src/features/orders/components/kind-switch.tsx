import { useTranslation } from 'react-i18next';
import type { OrderKind } from '@maplesource/contracts/orders';
import { cn } from '../../../components/ui/cn';

/** Products / services: the two order lists (docs/product.md §3: orders and service orders). */
export function KindSwitch({ value, onChange }: { value: OrderKind; onChange: (kind: OrderKind) => void }) {
  const { t } = useTranslation('orders');
  return (
    <div role="group" aria-label={t('kind.label')} className="flex gap-1">
      {(['product', 'service'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          aria-pressed={value === kind}
          onClick={() => onChange(kind)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            value === kind ? 'bg-gray-900 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200',
          )}
        >
          {t(`kind.${kind}`)}
        </button>
      ))}
    </div>
  );
}
