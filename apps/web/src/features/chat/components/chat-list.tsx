import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import {
  chatStatusFilters,
  type ChatListItem,
  type ChatStatusFilter,
  type ChatSubjectKind,
} from '@maplesource/contracts/chat';
import { QueryState } from '../../../components/ui/query-states';
import { cn } from '../../../components/ui/cn';
import { useFormat } from '../../../lib/format';
import { useChats } from '../api/get-chats';
import { FullText, partyLabel } from './full-text';

/** docs/product.md §2 chat list: status filter (all, active, completed, cancelled), search, unread counts; loading, empty, retry. */
export function ChatList({
  kind,
  as,
  selectedId,
  onSelect,
}: {
  kind: ChatSubjectKind;
  as?: 'buyer' | 'seller';
  selectedId: string | null;
  onSelect: (chat: ChatListItem) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const format = useFormat();
  const [status, setStatus] = useState<ChatStatusFilter>('all');
  const [search, setSearch] = useState('');
  const chats = useChats({ kind, status, search, ...(as ? { as } : {}) });
  const items = chats.data?.items ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div role="group" aria-label={t('filter.label')} className="flex flex-wrap gap-1">
        {chatStatusFilters.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cn(
              'rounded-full border px-3 py-1 text-xs font-medium',
              status === value ? 'border-maple-700 bg-maple-700 text-white' : 'border-gray-300 text-gray-800',
            )}
          >
            {t(`filter.${value}`)}
          </button>
        ))}
      </div>
      <input
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-label={t('list.search')}
        placeholder={t('list.search')}
        className="w-full rounded-md border border-gray-300 px-3 py-1.5 text-sm"
      />
      <QueryState
        isPending={chats.isPending}
        error={chats.error}
        isEmpty={items.length === 0}
        onRetry={() => void chats.refetch()}
        emptyTitle={t('list.empty')}
      >
        <ul aria-label={t('list.label')} className="divide-y divide-gray-100">
          {items.map((chat) => (
            <li key={chat.id}>
              <button
                type="button"
                aria-current={chat.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(chat)}
                className={cn(
                  'group flex w-full items-start gap-2 px-2 py-2 text-left hover:bg-gray-50',
                  chat.id === selectedId && 'bg-maple-50',
                )}
              >
                <span className="min-w-0 flex-1">
                  <FullText text={partyLabel(chat.otherParty)} className="font-medium text-gray-900" />
                  <FullText
                    text={subjectNameIn(chat.subject, i18n.language)}
                    className="text-xs text-gray-600"
                  />
                  {chat.lastMessage ? (
                    <span className="flex items-baseline gap-2 text-xs text-gray-700">
                      <FullText
                        className="min-w-0 flex-1"
                        text={
                          chat.lastMessage.businessAction
                            ? t(`actions.${chat.lastMessage.businessAction}`)
                            : chat.lastMessage.text || t('message.image')
                        }
                      />
                      <time dateTime={chat.lastMessage.createdAt} className="shrink-0 text-gray-600">
                        {format.dateTime(chat.lastMessage.createdAt)}
                      </time>
                    </span>
                  ) : null}
                </span>
                {chat.unreadCount > 0 ? (
                  <span className="rounded-full bg-maple-700 px-2 py-0.5 text-xs font-semibold text-white">
                    <span aria-hidden="true">{chat.unreadCount}</span>
                    <span className="sr-only">{t('list.unread', { count: chat.unreadCount })}</span>
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </QueryState>
    </div>
  );
}
