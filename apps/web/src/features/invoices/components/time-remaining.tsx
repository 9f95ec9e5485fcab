import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Remaining } from '../model/use-countdown';

export function remainingText(t: TFunction, left: Remaining): string {
  if (left.expired) return t('countdown.expired');
  const parts = [
    left.days > 0 ? t('countdown.days', { count: left.days }) : null,
    left.hours > 0 ? t('countdown.hours', { count: left.hours }) : null,
    left.minutes > 0 ? t('countdown.minutes', { count: left.minutes }) : null,
  ].filter(Boolean);
  return t('countdown.left', { time: parts.join(' ') });
}

/**
 * "2 days 3 hours 5 minutes left" from `useCountdown`. The text changes only on minute boundaries, so the polite
 * live region speaks at most once a minute.
 */
export function TimeRemaining({ left, className }: { left: Remaining; className?: string }) {
  const { t } = useTranslation('invoices');
  return (
    <p aria-live="polite" aria-atomic="true" className={className} data-expired={left.expired || undefined}>
      {remainingText(t, left)}
    </p>
  );
}
