import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@maplesource/contracts/notifications';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-states';
import { cn } from '../../../components/ui/cn';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications';
import { notificationText } from '../model/notification-text';

/** Who a notification is from: MapleSource for the system (its stored default name is English), else the name. */
const senderName = (n: Notification) => (n.sender.model === 'system' ? 'MapleSource' : n.sender.name);

/** The inbox's Notifications tab: newest first, mark read, delete, mark all read; states from the UI kit. */
export function NotificationList({ onOpen }: { onOpen?: (notification: Notification) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.items ?? [];
  const onError = (error: unknown) => toast.error(errorMessage(t, error));
  return (
    <div className="space-y-2">
      {list.data && list.data.unreadCount > 0 ? (
        <div className="flex justify-end">
          <Button
            size="sm"
            variant="ghost"
            loading={markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError })}
          >
            {t('markAll')}
          </Button>
        </div>
      ) : null}
      <QueryState
        isPending={list.isPending}
        error={list.error}
        isEmpty={items.length === 0}
        onRetry={() => void list.refetch()}
        emptyTitle={t('empty')}
      >
        <ul className="divide-y divide-gray-100" aria-label={t('label')}>
          {items.map((n) => (
            <li key={n.id} className={cn('flex items-start gap-2 py-2', !n.isRead && 'font-medium')}>
              <button
                type="button"
                className="min-w-0 flex-1 text-left text-sm"
                onClick={() => {
                  if (!n.isRead) markRead.mutate(n.id, { onError });
                  onOpen?.(n);
                }}
              >
                {!n.isRead ? <span className="sr-only">{t('unread')} </span> : null}
                <span className="block break-words text-gray-900">
                  {notificationText(t, n, i18n.language)}
                </span>
                <span className="block text-xs font-normal text-gray-600">
                  {senderName(n) ? `${senderName(n)} · ` : ''}
                  {format.dateTime(n.createdAt)}
                </span>
              </button>
              <Button size="sm" variant="ghost" onClick={() => remove.mutate(n.id, { onError })}>
                {t('delete')}
              </Button>
            </li>
          ))}
        </ul>
        {list.data ? (
          <Pagination total={list.data.total} page={page} pageSize={list.data.pageSize} onPage={setPage} />
        ) : null}
      </QueryState>
    </div>
  );
}
