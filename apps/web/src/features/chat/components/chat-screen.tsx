import { useTranslation } from 'react-i18next';
import type { ChatListItem, ChatSubjectKind } from '@maplesource/contracts/chat';
import { cn } from '../../../components/ui/cn';
import { ChatList } from './chat-list';
import { ConversationView, type ConversationPanel, type QuotationActions } from './conversation-view';

/**
 * The chat screen (spec §2): the list beside the open conversation on wide screens; one of them at a time on
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
}: {
  kind: ChatSubjectKind;
  as?: 'buyer' | 'seller';
  meId: string;
  selectedChatId: string | null;
  onSelect: (chatId: string | null, chat?: ChatListItem) => void;
  quotationActions?: QuotationActions;
  panel?: ConversationPanel;
}) {
  const { t } = useTranslation('chat');
  return (
    <div className="grid min-h-[28rem] gap-3 md:grid-cols-[18rem_1fr]">
      <div className={cn(selectedChatId && 'hidden md:block')}>
        <ChatList
          kind={kind}
          {...(as ? { as } : {})}
          selectedId={selectedChatId}
          onSelect={(chat) => onSelect(chat.id, chat)}
        />
      </div>
      <div className={cn('min-w-0 rounded-lg border border-gray-200', !selectedChatId && 'hidden md:block')}>
        {selectedChatId ? (
          <div className="flex h-[32rem] max-h-[75vh] flex-col">
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
            />
          </div>
        ) : (
          <p className="p-6 text-center text-sm text-gray-600">{t('conversation.pick')}</p>
        )}
      </div>
    </div>
  );
}
