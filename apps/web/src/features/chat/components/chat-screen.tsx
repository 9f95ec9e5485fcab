import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatListItem, ChatSubjectKind } from '@maplesource/contracts/chat';
import { cn } from '../../../components/ui/cn';
import type { SocketConnection } from '../../../lib/socket';
import { ChatList } from './chat-list';
import {
  ConversationView,
  type ConversationPanel,
  type HeaderReview,
  type QuotationActions,
} from './conversation-view';

/**
 * The chat screen (docs/product.md §2): the list beside the open conversation on wide screens; one of them at a time on
 * narrow ones (320 px), with a way back to the list. Buyer and seller use it alike (`as`).
 */
export function ChatScreen({
  kind,
  as,
  meId,
  selectedChatId,
  onSelect,
  quotationActions,
  panel,
  headerReview,
  connection,
  heightClass = 'h-[calc(100dvh-14rem)]',
}: {
  kind: ChatSubjectKind;
  as?: 'buyer' | 'seller';
  meId: string;
  selectedChatId: string | null;
  onSelect: (chatId: string | null, chat?: ChatListItem) => void;
  quotationActions?: QuotationActions;
  panel?: ConversationPanel;
  headerReview?: HeaderReview;
  /** The chat backend's socket (the shared one unless a test gives its own). */
  connection?: SocketConnection;
  /** The conversation's height: what the viewport leaves under the screen's own header, so the thread gets it. */
  heightClass?: string;
}) {
  const { t } = useTranslation('chat');
  const conversation = useRef<HTMLDivElement>(null);
  // The conversation open before this one on this screen, if any: a change is a `switchChat` (docs/product.md §7).
  const [shown, setShown] = useState({ current: selectedChatId, switched: false });
  if (shown.current !== selectedChatId)
    setShown({ current: selectedChatId, switched: shown.current !== null && selectedChatId !== null });
  // The message box stays in view (decision 270): on a phone the screen's own header can push the open
  // conversation's bottom under the fold, so the page scrolls just enough to show the whole conversation.
  useEffect(() => {
    const element = conversation.current;
    if (!selectedChatId || !element) return;
    if (element.getBoundingClientRect().bottom > window.innerHeight)
      element.scrollIntoView?.({ block: 'end' });
  }, [selectedChatId]);
  return (
    <div className="grid gap-3 md:grid-cols-[18rem_1fr]">
      <div className={cn(selectedChatId && 'hidden md:block')}>
        <div className={cn('overflow-y-auto', heightClass, 'min-h-[24rem]')}>
          <ChatList
            kind={kind}
            {...(as ? { as } : {})}
            selectedId={selectedChatId}
            onSelect={(chat) => onSelect(chat.id, chat)}
          />
        </div>
      </div>
      <div className={cn('min-w-0 rounded-lg border border-gray-200', !selectedChatId && 'hidden md:block')}>
        {selectedChatId ? (
          <div ref={conversation} className={cn('flex min-h-[24rem] flex-col', heightClass)}>
            <button
              type="button"
              className="px-3 pt-2 text-left text-sm text-maple-700 underline md:hidden"
              onClick={() => onSelect(null)}
            >
              {t('conversation.back')}
            </button>
            <ConversationView
              key={selectedChatId}
              kind={kind}
              chatId={selectedChatId}
              meId={meId}
              {...(quotationActions ? { quotationActions } : {})}
              {...(panel ? { panel } : {})}
              {...(headerReview ? { headerReview } : {})}
              {...(connection ? { connection } : {})}
              opening={shown.switched ? 'switch' : 'open'}
            />
          </div>
        ) : (
          <p className="p-6 text-center text-sm text-gray-600">{t('conversation.pick')}</p>
        )}
      </div>
    </div>
  );
}
