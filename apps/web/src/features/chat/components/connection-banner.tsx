import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '@maplesource/contracts/realtime/events';
import { Button } from '../../../components/ui/button';

/** Spec §4 connection status, visible; "connection lost" with a way to reconnect after a disconnect or error. */
export function ConnectionBanner({
  status,
  onReconnect,
}: {
  status: ConnectionStatus;
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
      <span>{lost ? t('connectionLost') : t('connection.connecting')}</span>
      {lost ? (
        <Button size="sm" variant="secondary" onClick={onReconnect}>
          {t('connection.reconnect')}
        </Button>
      ) : null}
    </div>
  );
}
