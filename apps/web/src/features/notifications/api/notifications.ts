import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationListResponse } from '@maplesource/contracts/notifications';
import { api } from '../../../lib/http';
import { queryKeyRoots } from '../../../lib/query-keys';

/** docs/product.md §7 notifications (served with the buyer API): list (paged), mark one read, delete, mark all read. */
export const notificationKeys = {
  all: queryKeyRoots.notifications,
  list: (page: number) => [...notificationKeys.all, 'list', page] as const,
};

export const getNotifications = (page: number, signal?: AbortSignal) =>
  api.get<NotificationListResponse>('notifications', { query: { page, pageSize: 20 }, signal });

export const notificationsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) => getNotifications(page, signal),
  });

export function useNotifications(page = 1, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(page), enabled });
}

export function useUnreadNotificationCount(enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(1), enabled, select: (data) => data.unreadCount }).data ?? 0;
}

export const markNotificationRead = (id: string) =>
  api.patch<unknown>(`notifications/${encodeURIComponent(id)}`);
export const deleteNotification = (id: string) =>
  api.delete<unknown>(`notifications/${encodeURIComponent(id)}`);
export const markAllNotificationsRead = () =>
  api.patch<{ updated: number }>('notifications/mark-all-as-read');

function useNotificationMutation<A>(fn: (arg: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkNotificationRead = () => useNotificationMutation(markNotificationRead);
export const useDeleteNotification = () => useNotificationMutation(deleteNotification);
export const useMarkAllNotificationsRead = () => useNotificationMutation(markAllNotificationsRead);
