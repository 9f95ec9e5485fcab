import type { ReactNode } from 'react';
import { shortRef } from '@maplesource/contracts/common';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import type { ChatListItem } from '@maplesource/contracts/chat';
import { partyLabel } from './full-text';

/** docs/product.md §2 chat header: the other party, online/offline, phase, quantity, invoice, review. */
export function ChatHeader({
  chat,
  online,
  invoiceId,
  review,
  detailsOpen,
  onToggleDetails,
  detailsId,
}: {
  chat: ChatListItem;
  online: boolean;
  /** The conversation's newest invoice: the chat's live one, or the server's `chat.invoiceId` as loaded. */
  invoiceId: string | null;
  /**
   * The payment review of the order the conversation led to (its state and link, or the way to request one),
   * drawn by the screen (decision 253); "none yet" while the conversation has no order.
   */
  review?: ReactNode;
  /** The quotation and invoice details (side panel on wide screens, folding header on narrow ones). */
  detailsOpen?: boolean;
  onToggleDetails?: () => void;
  detailsId?: string;
}) {
  const { t, i18n } = useTranslation('chat');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-200 px-3 py-2">
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words text-gray-900">{partyLabel(chat.otherParty)}</h3>
        <p className="text-xs break-words text-gray-600">{subjectNameIn(chat.subject, i18n.language)}</p>
      </div>
      <span className="flex items-center gap-1 text-xs text-gray-700">
        <span
          aria-hidden="true"
          className={`h-2 w-2 rounded-full ${online ? 'bg-green-600' : 'bg-gray-400'}`}
        />
        {online ? t('header.online') : t('header.offline')}
      </span>
      <dl className="flex flex-wrap gap-x-3 text-xs text-gray-700">
        <div className="flex gap-1">
          <dt>{t('header.phase')}:</dt>
          <dd className="font-medium">{t(`phase.${chat.phase}`)}</dd>
        </div>
        {chat.quantity ? (
          <div className="flex gap-1">
            <dt>{t('header.quantity')}:</dt>
            <dd className="font-medium">{chat.quantity}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>{t('header.invoice')}:</dt>
          <dd className="font-medium">{invoiceId ? shortRef(invoiceId) : t('header.noInvoice')}</dd>
        </div>
        <div className="flex gap-1">
          <dt>{t('header.review')}:</dt>
          <dd className="font-medium">{review ?? t('header.noReview')}</dd>
        </div>
      </dl>
      {onToggleDetails ? (
        <button
          type="button"
          aria-expanded={detailsOpen ?? false}
          aria-controls={detailsOpen ? detailsId : undefined}
          onClick={onToggleDetails}
          className="rounded-md border border-gray-300 px-2 py-0.5 text-xs font-medium text-gray-800 hover:bg-gray-50"
        >
          {detailsOpen ? t('details.hide') : t('details.show')}
        </button>
      ) : null}
    </div>
  );
}
