import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatDetailResponse, ChatSubjectKind } from '@maplesource/contracts/chat';
import { cn } from '../../components/ui/cn';
import { to } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../../lib/session-store';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { QuotationDecision } from '../../features/quotes/components/quotation-decision';
import { ChatOrders } from '../../features/orders/components/chat-orders';
import { ChatReviewEntry } from '../../features/orders/components/chat-review-entry';
import type { ConversationPanel, HeaderReview } from '../../features/chat/components/conversation-view';
import { SellerInvoiceActions } from '../../features/invoices/components/seller-invoice-actions';
import { InvoiceReviewPanel } from '../../features/invoices/components/invoice-review-panel';
import { invoiceSeenKey } from '../../features/invoices/api/get-chat-invoices';
import { SellerCentreNav } from './seller-centre-nav';

/**
 * The seller's accept/reject on a pending quotation of a conversation where the user is the seller, and the
 * orders that came out of the conversation with their next status.
 */
export function sellerQuotationActions(detail: ChatDetailResponse) {
  if (detail.chat.myRole !== 'seller' || !detail.quotation) return null;
  return (
    <>
      {detail.quotation.decision === 'pending' ? (
        <QuotationDecision quotationId={detail.quotation.quotationId} />
      ) : null}
      <ChatOrders kind={detail.chat.subject.kind} chatId={detail.chat.id} />
    </>
  );
}

/**
 * The seller's invoice panel: the conversation's latest invoice and its status, and "Issue invoice" (docs/product.md §2
 * generation modal) once the buyer has asked for a quotation; with a pending invoice, its version, revise and
 * withdraw; with a counter-offer, the offer and "Issue invoice from counter-offer" (decisions 271, 272).
 */
export function sellerInvoicePanel(meId: string): ConversationPanel {
  return function SellerInvoicePanel({ detail, latestInvoice }) {
    if (detail.chat.myRole !== 'seller') return null;
    const quotation = detail.quotation;
    return (
      <>
        <InvoiceReviewPanel
          kind={detail.chat.subject.kind}
          chatId={detail.chat.id}
          hasInvoice={detail.chat.invoiceId !== null}
          seen={invoiceSeenKey(latestInvoice)}
          meId={meId}
        />
        <SellerInvoiceActions
          kind={detail.chat.subject.kind}
          chatId={detail.chat.id}
          hasInvoice={detail.chat.invoiceId !== null}
          seen={invoiceSeenKey(latestInvoice)}
          quotationChat={
            quotation
              ? {
                  kind: detail.chat.subject.kind,
                  chatId: detail.chat.id,
                  subjectName: detail.chat.subject.name,
                  subjectNameFr: detail.chat.subject.nameFr,
                  quantity: quotation.quantity,
                  deliveryProvince: quotation.deliveryProvince,
                  leadDays: quotation.leadDays,
                }
              : null
          }
        />
      </>
    );
  };
}

/** The header's payment review (decision 253) as the seller reads it, linking to the seller's orders. */
export const sellerReview: HeaderReview = ({ chat, orderId }) => (
  <ChatReviewEntry kind={chat.subject.kind} orderId={orderId} as="seller" href={to('sellerOrders')} />
);

/**
 * /seller-centre/inbox[/{chatId}][?kind=service]: the seller's conversations with buyers (the chat screen with
 * role seller) and their answer to each quotation.
 */
export default function SellerInboxPage() {
  const { t } = useTranslation('chat');
  const { chatId = null } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const meId = useSession((s) => s.userInfo?.id ?? '');
  const kind: ChatSubjectKind = search.get('kind') === 'service' ? 'service' : 'product';
  useDocumentTitle(t('sellerInbox.title'));
  const go = (nextKind: ChatSubjectKind, id: string | null) => {
    const path = id ? to('sellerConversation', { chatId: id }) : to('sellerInbox');
    void navigate(nextKind === 'service' ? `${path}?kind=service` : path);
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <SellerCentreNav />
      <h1 className="mb-3 text-2xl font-bold text-gray-900">{t('sellerInbox.title')}</h1>
      <div role="group" aria-label={t('kind.label')} className="mb-3 flex gap-1">
        {(['product', 'service'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={kind === value}
            onClick={() => go(value, null)}
            className={cn(
              'rounded-md px-3 py-1 text-sm',
              kind === value ? 'bg-gray-900 text-white' : 'bg-gray-100 text-gray-800',
            )}
          >
            {t(`kind.${value}`)}
          </button>
        ))}
      </div>
      <ChatScreen
        kind={kind}
        as="seller"
        meId={meId}
        selectedChatId={chatId}
        onSelect={(id) => go(kind, id)}
        quotationActions={sellerQuotationActions}
        panel={sellerInvoicePanel(meId)}
        headerReview={sellerReview}
        heightClass="h-[calc(100dvh-18rem)]"
      />
    </div>
  );
}
