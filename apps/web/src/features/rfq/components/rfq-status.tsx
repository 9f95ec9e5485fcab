import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';

type RfqStatus = 'open' | 'accepted' | 'closed' | 'expired';
type RecipientStatus = 'invited' | 'quoted' | 'declined' | 'accepted' | 'closed';

const tones: Record<RfqStatus | RecipientStatus, string> = {
  open: 'bg-green-50 text-green-800',
  quoted: 'bg-blue-50 text-blue-800',
  invited: 'bg-amber-50 text-amber-900',
  accepted: 'bg-maple-50 text-maple-800',
  declined: 'bg-gray-100 text-gray-800',
  closed: 'bg-gray-100 text-gray-800',
  expired: 'bg-gray-100 text-gray-800',
};

/** A request's status (open, accepted, closed, expired) as a labelled pill. */
export function RfqStatusPill({ status }: { status: RfqStatus }) {
  const { t } = useTranslation('rfq');
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', tones[status])}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A supplier's part in a request (invited, quoted, declined, accepted, closed), as the side reading it says it. */
export function RecipientStatusPill({ status, as }: { status: RecipientStatus; as: 'buyer' | 'supplier' }) {
  const { t } = useTranslation('rfq');
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', tones[status])}>
      {t(`recipientStatus.${as}.${status}`)}
    </span>
  );
}
