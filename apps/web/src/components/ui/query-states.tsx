import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/http';
import { Button } from './button';
import { SkeletonText } from './skeleton';

/**
 * The states every screen has (ARCHITECTURE rule 8): loading, error with retry, empty. One copy for the whole
 * app; texts in `common:states.*`, overridable per screen.
 */

/** A skeleton while data loads, announced once to screen readers ("Loading…"). */
export function LoadingState({ label, lines = 5 }: { label?: string | undefined; lines?: number }) {
  const { t } = useTranslation('common');
  return (
    <div aria-busy="true" className="py-4">
      <span className="sr-only" role="status">
        {label ?? t('states.loading')}
      </span>
      <SkeletonText lines={lines} />
    </div>
  );
}

/** "Try again later" with a retry button (docs/product.md §8), announced to screen readers; `compact` for small blocks. */
export function LoadError({
  onRetry,
  message,
  compact = false,
}: {
  onRetry?: (() => void) | undefined;
  message?: string | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 text-center ${compact ? 'p-3 text-sm' : 'p-6'}`}
    >
      <p className="font-medium text-red-900">{message ?? t('states.loadFailed')}</p>
      {onRetry ? (
        <Button
          variant="secondary"
          size={compact ? 'sm' : 'md'}
          className={compact ? 'mt-2' : 'mt-3'}
          onClick={onRetry}
        >
          {t('states.retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show: a title, an optional hint and an optional way on. */
export function EmptyState({
  title,
  text,
  action,
}: {
  title?: string | undefined;
  text?: string | undefined;
  action?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="rounded-lg border border-dashed border-gray-300 p-8 text-center">
      <p className="font-medium text-gray-900">{title ?? t('states.empty')}</p>
      {text ? <p className="mt-1 text-sm text-gray-600">{text}</p> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

/**
 * One query's states in order: loading skeleton, error with retry (the server's error code translated), empty
 * state, or the content. A 401/403 shows `deniedMessage` without a retry when one is given (retrying cannot help).
 */
export function QueryState({
  isPending,
  error,
  isEmpty,
  onRetry,
  deniedMessage,
  emptyTitle,
  compact = true,
  children,
}: {
  isPending: boolean;
  error: unknown;
  isEmpty: boolean;
  onRetry: () => void;
  deniedMessage?: string | undefined;
  emptyTitle?: string | undefined;
  compact?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  if (isPending) return <LoadingState />;
  if (error) {
    const denied = isApiError(error) && (error.status === 401 || error.status === 403);
    if (denied && deniedMessage) return <LoadError compact={compact} message={deniedMessage} />;
    return <LoadError compact={compact} message={errorMessage(t, error)} onRetry={onRetry} />;
  }
  if (isEmpty) return <EmptyState title={emptyTitle} />;
  return <>{children}</>;
}
