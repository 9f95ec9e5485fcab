import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts, type ToastType } from '../../lib/toast-store';
import { cn } from './cn';
import { CloseIcon } from './icons';

const styles: Record<ToastType, string> = {
  success: 'border-l-green-700',
  error: 'border-l-maple-600',
  info: 'border-l-blue-700',
  warning: 'border-l-amber-600',
};

/**
 * Renders the toast store: top-right, full width under 640 px, polite live region
 * (errors are announced assertively via role=alert).
 */
export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useToasts();
  return (
    <section
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] flex flex-col gap-2 p-2 sm:inset-x-auto sm:top-4 sm:right-4 sm:w-96 sm:p-0"
    >
      <div aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.type === 'error' ? 'alert' : 'status'}
            data-toast-type={toast.type}
            data-leaving={toast.leaving || undefined}
            className={cn(
              'pointer-events-auto flex w-full items-start gap-3 rounded-md border border-l-4 border-gray-200 bg-white p-3 shadow-lg',
              styles[toast.type],
              toast.leaving ? 'animate-toast-out' : 'animate-toast-in',
            )}
          >
            <p className="flex-1 text-sm text-gray-900">
              <span className="sr-only">{t(`toast.${toast.type}`)}: </span>
              {toast.message}
            </p>
            <button
              type="button"
              onClick={() => dismissToast(toast.id)}
              aria-label={t('toast.close')}
              className="-m-1 rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            >
              <CloseIcon width={16} height={16} />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
