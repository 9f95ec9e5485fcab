import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatDetailResponse, ChatSubjectKind } from '@maplesource/contracts/chat';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import type { SocketConnection } from '../../../lib/socket';
import { useChat } from '../api/get-chat';
import { useChatThread } from '../model/use-chat-thread';
import { ChatHeader } from './chat-header';
import { ConnectionBanner } from './connection-banner';
import { latestInvoiceOf, MessageAnnouncer, MessageList, type LatestInvoice } from './message-list';
import { MessageBox, type UploadImages } from './message-box';
import { QuotationPanel } from './quotation-panel';
import { TypingIndicator } from './typing-indicator';

export type QuotationActions = (detail: ChatDetailResponse) => ReactNode;
/** What a screen may show under the quotation for this conversation (the invoice panels of issue 12). */
export type ConversationPanel = (context: {
  detail: ChatDetailResponse;
  /** The conversation's newest invoice (by creation) as the chat last told it. */
  latestInvoice: LatestInvoice | null;
}) => ReactNode;

/** One conversation (spec §2 chat screen): header, quotation details, messages, message box. */
export function ConversationView({
  kind,
  chatId,
  meId,
  quotationActions,
  panel,
  connection,
  upload,
}: {
  kind: ChatSubjectKind;
  chatId: string;
  meId: string;
  quotationActions?: QuotationActions;
  panel?: ConversationPanel;
  connection?: SocketConnection;
  upload?: UploadImages;
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
      connection={connection}
      upload={upload}
    />
  );
}

function LoadedConversation({
  detail,
  meId,
  quotationActions,
  panel,
  connection,
  upload,
}: {
  detail: ChatDetailResponse;
  meId: string;
  quotationActions: QuotationActions | undefined;
  panel: ConversationPanel | undefined;
  connection: SocketConnection | undefined;
  upload: UploadImages | undefined;
}) {
  const { t } = useTranslation('chat');
  const chat = detail.chat;
  const thread = useChatThread(chat, meId, connection);
  const latestInvoice = latestInvoiceOf(thread.thread.messages);
  return (
    <section
      aria-label={t('conversation.label', { name: chat.otherParty.name })}
      className="flex h-full min-h-0 flex-col"
    >
      <ChatHeader
        chat={chat}
        online={thread.otherOnline}
        invoiceId={latestInvoice?.invoiceId ?? chat.invoiceId}
      />
      <ConnectionBanner status={thread.connectionStatus} onReconnect={thread.reconnect} />
      {detail.quotation ? (
        <QuotationPanel quotation={detail.quotation} actions={quotationActions?.(detail)} />
      ) : null}
      {panel?.({ detail, latestInvoice })}
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
    </section>
  );
}
