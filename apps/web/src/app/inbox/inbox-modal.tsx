import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatSubjectKind } from '@maplesource/contracts/chat';
import { Modal } from '../../components/ui/modal';
import { Tabs } from '../../components/ui/tabs';
import { cn } from '../../components/ui/cn';
import { sessionActions, useSession, type InboxTab } from '../../lib/session-store';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { NotificationList } from '../../features/notifications/components/notification-list';
import type { ConversationPanel } from '../../features/chat/components/conversation-view';
import { InvoiceReviewPanel } from '../../features/invoices/components/invoice-review-panel';
import { invoiceSeenKey } from '../../features/invoices/api/get-chat-invoices';
import { ChatReviewEntry } from '../../features/orders/components/chat-review-entry';
import type { HeaderReview } from '../../features/chat/components/conversation-view';
import { orderPagePath } from '../routes/order-links';

/** The buyer's invoice review panel (docs/product.md §2) for the conversation's latest invoice; leaving closes the inbox. */
function buyerInvoicePanel(meId: string): ConversationPanel {
  return function BuyerInvoicePanel({ detail, latestInvoice }) {
    return (
      <InvoiceReviewPanel
        kind={detail.chat.subject.kind}
        chatId={detail.chat.id}
        hasInvoice={detail.chat.invoiceId !== null}
        seen={invoiceSeenKey(latestInvoice)}
        meId={meId}
        onLeave={sessionActions.closeInbox}
      />
    );
  };
}

/** The header's payment review (decision 253): on the buyer's order page; leaving closes the inbox. */
const buyerReview: HeaderReview = ({ chat, orderId }) => (
  <ChatReviewEntry
    kind={chat.subject.kind}
    orderId={orderId}
    as="buyer"
    href={orderPagePath(chat.subject.kind, orderId)}
    onLeave={sessionActions.closeInbox}
  />
);

type Tab = 'notifications' | 'chats';
const tabOf = (tab: InboxTab): Tab => (tab === 'chats' ? 'chats' : 'notifications');

/** docs/product.md §2 inbox: Notifications and Chats tabs (`inboxInitialTab`); the buyer's conversations with sellers. */
export default function InboxModal() {
  const { t } = useTranslation('common');
  const initialTab = useSession((s) => s.inboxInitialTab);
  const initialChat = useSession((s) => s.inboxChat);
  const meId = useSession((s) => s.userInfo?.id ?? '');
  const [tab, setTab] = useState<Tab>(tabOf(initialTab));
  const [kind, setKind] = useState<ChatSubjectKind>(initialChat?.kind ?? 'product');
  const [chatId, setChatId] = useState<string | null>(initialChat?.chatId ?? null);

  const chats = (
    <div className="space-y-2">
      <div role="group" aria-label={t('chat:kind.label')} className="flex gap-1">
        {(['product', 'service'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={kind === value}
            onClick={() => {
              setKind(value);
              setChatId(null);
            }}
            className={cn(
              'rounded-md px-3 py-1 text-sm',
              kind === value ? 'bg-gray-900 text-white' : 'bg-gray-100 text-gray-800',
            )}
          >
            {t(`chat:kind.${value}`)}
          </button>
        ))}
      </div>
      <ChatScreen
        kind={kind}
        as="buyer"
        meId={meId}
        selectedChatId={chatId}
        onSelect={setChatId}
        panel={buyerInvoicePanel(meId)}
        headerReview={buyerReview}
        heightClass="h-[calc(100dvh-11rem)]"
      />
    </div>
  );

  return (
    <Modal
      open
      onClose={sessionActions.closeInbox}
      title={t('header.inbox')}
      closeLabel={t('modal.close')}
      size="full"
    >
      <Tabs<Tab>
        label={t('header.inbox')}
        value={tab}
        onChange={setTab}
        items={[
          {
            value: 'notifications',
            label: t('inbox.notifications'),
            content: (
              <NotificationList
                onOpen={(n) => {
                  const linked = n.metadata.chatId;
                  if (typeof linked !== 'string') return;
                  setKind(n.metadata.subjectKind === 'service' ? 'service' : 'product');
                  setChatId(linked);
                  setTab('chats');
                }}
              />
            ),
          },
          { value: 'chats', label: t('inbox.chats'), content: chats },
        ]}
      />
    </Modal>
  );
}
