import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@maplesource/contracts/realtime/events';
import { Button } from '../../../components/ui/button';
import type { ConnectionProblem } from '../../../lib/socket';

/**
 * docs/product.md §4 connection status, visible; "connection lost" with a way to reconnect after a disconnect or error.
 * When the socket could not connect it says why, and that the conversation goes on over HTTP (decision 244).
 */
export function ConnectionBanner({
  status,
  problem = null,
  onReconnect,
}: {
  status: ConnectionStatus;
  problem?: ConnectionProblem | null;
  onReconnect: () => void;
}) {
  const { t } = useTranslation('chat');
  if (status === 'connected') {
    return <p className="sr-only">{t('connection.connected')}</p>;
  }
  const lost = status === 'disconnected' || status === 'error';
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm ${
        lost ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-900'
      }`}
    >
      <p className="flex flex-col">
        <span>{lost ? t('connectionLost') : t('connection.connecting')}</span>
        {problem ? <span>{t(`connection.problem.${problem}`)}</span> : null}
        {problem || lost ? <span>{t('connection.overHttp')}</span> : null}
      </p>
      {lost ? (
        <Button size="sm" variant="secondary" onClick={onReconnect}>
          {t('connection.reconnect')}
        </Button>
      ) : null}
    </div>
  );
}
