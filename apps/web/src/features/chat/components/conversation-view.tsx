import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ChatDetailResponse,
  ChatListItem,
  ChatMessage,
  ChatSubjectKind,
} from '@maplesource/contracts/chat';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { SocketConnection } from '../../../lib/socket';
import { useChat } from '../api/get-chat';
import { useChatThread } from '../model/use-chat-thread';
import { SentStatus } from './sent-status';
import { ChatHeader } from './chat-header';
import { ConnectionBanner } from './connection-banner';
import { latestInvoiceOf, MessageAnnouncer, MessageList, type LatestInvoice } from './message-list';
import { MessageBox, type UploadImages } from './message-box';
import { QuotationPanel } from './quotation-panel';
import { TypingIndicator } from './typing-indicator';

export type QuotationActions = (detail: ChatDetailResponse) => ReactNode;
/** What a screen may show under the quotation for this conversation (the invoice panels). */
export type ConversationPanel = (context: {
  detail: ChatDetailResponse;
  /** The conversation's newest invoice (by creation) as the chat last told it. */
  latestInvoice: LatestInvoice | null;
}) => ReactNode;

/**
 * The header's payment review for the order the conversation led to (decision 253): the orders feature draws it,
 * composed by the screen.
 */
export type HeaderReview = (context: { chat: ChatListItem; orderId: string }) => ReactNode;

/** One conversation (docs/product.md §2 chat screen): header, quotation details, messages, message box. */
export function ConversationView({
  kind,
  chatId,
  meId,
  quotationActions,
  panel,
  headerReview,
  connection,
  upload,
  opening,
}: {
  kind: ChatSubjectKind;
  chatId: string;
  meId: string;
  quotationActions?: QuotationActions;
  panel?: ConversationPanel;
  headerReview?: HeaderReview;
  connection?: SocketConnection;
  upload?: UploadImages;
  /** `switch` when the user changed conversation on this screen: the socket is told `switchChat` (docs/product.md §7). */
  opening?: 'open' | 'switch';
}) {
  const { t } = useTranslation('chat');
  const detail = useChat(kind, chatId);
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    return <LoadError message={errorMessage(t, detail.error)} onRetry={() => void detail.refetch()} />;
  }
  return (
    <LoadedConversation
      detail={detail.data}
      meId={meId}
      quotationActions={quotationActions}
      panel={panel}
      headerReview={headerReview}
      connection={connection}
      upload={upload}
      opening={opening}
    />
  );
}

function LoadedConversation({
  detail,
  meId,
  quotationActions,
  panel,
  headerReview,
  connection,
  upload,
  opening,
}: {
  detail: ChatDetailResponse;
  meId: string;
  quotationActions: QuotationActions | undefined;
  panel: ConversationPanel | undefined;
  headerReview: HeaderReview | undefined;
  connection: SocketConnection | undefined;
  upload: UploadImages | undefined;
  opening: 'open' | 'switch' | undefined;
}) {
  const { t } = useTranslation('chat');
  const chat = detail.chat;
  const thread = useChatThread(chat, meId, connection, opening);
  const latestInvoice = latestInvoiceOf(thread.thread.messages);
  // The newest order: an `order_created` of the thread (live) or the server's `chat.orderId` as loaded.
  const orderId = thread.createdOrderId ?? latestOrderOf(thread.thread.messages) ?? chat.orderId;
  const wide = useMediaQuery('(min-width: 1024px)');
  const [wideOpen, setWideOpen] = useRememberedDetails(meId);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const detailsOpen = wide ? wideOpen : narrowOpen;
  const details = (
    <>
      {detail.quotation ? (
        <QuotationPanel quotation={detail.quotation} actions={quotationActions?.(detail)} />
      ) : null}
      {panel?.({ detail, latestInvoice })}
    </>
  );
  return (
    <section
      aria-label={t('conversation.label', { name: chat.otherParty.name })}
      className="flex h-full min-h-0 flex-col"
    >
      <ChatHeader
        chat={chat}
        online={thread.otherOnline}
        invoiceId={latestInvoice?.invoiceId ?? chat.invoiceId}
        review={orderId && headerReview ? headerReview({ chat, orderId }) : undefined}
        detailsOpen={detailsOpen}
        onToggleDetails={() => (wide ? setWideOpen(!wideOpen) : setNarrowOpen(!narrowOpen))}
        detailsId={detailsId(chat.id)}
      />
      <ConnectionBanner
        status={thread.connectionStatus}
        problem={thread.connectionProblem}
        onReconnect={thread.reconnect}
      />
      <div className="flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          {!wide && detailsOpen ? (
            <div
              id={detailsId(chat.id)}
              role="region"
              aria-label={t('details.label')}
              className="max-h-[50%] shrink-0 overflow-y-auto border-b border-gray-200"
              tabIndex={0}
            >
              {details}
            </div>
          ) : null}
          {thread.history.state === 'loading' ? <LoadingState /> : null}
          {thread.history.state === 'error' ? <LoadError compact onRetry={thread.retryHistory} /> : null}
          {thread.history.state === 'ready' ? (
            <MessageList
              messages={thread.thread.messages}
              pending={thread.thread.pending}
              meId={meId}
              hasOlder={thread.history.hasMore}
              onLoadOlder={() => void thread.loadOlder()}
              onRetry={thread.retry}
            />
          ) : null}
          <MessageAnnouncer messages={thread.thread.messages} meId={meId} />
          <SentStatus announcedAt={thread.sentAnnouncedAt} />
          <TypingIndicator
            visible={thread.otherTyping}
            uploading={thread.otherUploading}
            name={chat.otherParty.name}
          />
          <MessageBox
            chatId={chat.id}
            onSend={thread.send}
            onTyping={thread.typing}
            {...(upload ? { upload } : {})}
          />
        </div>
        {wide && detailsOpen ? (
          <aside
            id={detailsId(chat.id)}
            aria-label={t('details.label')}
            className="w-80 shrink-0 overflow-y-auto border-l border-gray-200"
            tabIndex={0}
          >
            {details}
          </aside>
        ) : null}
      </div>
    </section>
  );
}

const detailsId = (chatId: string) => `chat-details-${chatId}`;

/** The order named by the thread's newest `order_created` message, if the thread holds one. */
export function latestOrderOf(messages: readonly ChatMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    const orderId = message.businessPayload?.orderId;
    if (message.businessAction === 'order_created' && typeof orderId === 'string') return orderId;
  }
  return null;
}

/**
 * Whether the side panel of quotation and invoice details is open on wide screens, remembered per user in this
 * browser (decision 270); open unless the user closed it.
 */
function useRememberedDetails(meId: string): [boolean, (open: boolean) => void] {
  const key = `maplesource:chat-details:${meId}`;
  const [open, setOpen] = useState(() => {
    try {
      return globalThis.localStorage?.getItem(key) !== 'closed';
    } catch {
      return true;
    }
  });
  return [
    open,
    (next) => {
      setOpen(next);
      try {
        globalThis.localStorage?.setItem(key, next ? 'open' : 'closed');
      } catch {
        // Storage refused (private mode): the choice lasts for this page only.
      }
    },
  ];
}
