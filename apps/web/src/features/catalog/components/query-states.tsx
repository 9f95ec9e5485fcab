import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** "Try again later" with a retry button (spec §8), announced to screen readers; `compact` for small blocks. */
export function LoadError({
  onRetry,
  message,
  compact = false,
}: {
  onRetry: () => void;
  message?: string | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation('catalog');
  return (
    <div
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 text-center ${compact ? 'p-3 text-sm' : 'p-6'}`}
    >
      <p className="font-medium text-red-900">{message ?? t('states.loadFailed')}</p>
      <Button
        variant="secondary"
        size={compact ? 'sm' : 'md'}
        className={compact ? 'mt-2' : 'mt-3'}
        onClick={onRetry}
      >
        {t('states.retry')}
      </Button>
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
      <p className="font-medium text-gray-900">{title}</p>
      {text ? <p className="mt-1 text-sm text-gray-600">{text}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
