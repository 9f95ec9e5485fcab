import { shortRef } from '@maplesource/contracts/common';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import type { ChatListItem } from '@maplesource/contracts/chat';

/** Spec §2 chat header: the other party, online/offline, phase, quantity, invoice, review. */
export function ChatHeader({
  chat,
  online,
  invoiceId,
}: {
  chat: ChatListItem;
  online: boolean;
  /** The conversation's newest invoice: the chat's live one, or the server's `chat.invoiceId` as loaded. */
  invoiceId: string | null;
}) {
  const { t, i18n } = useTranslation('chat');
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-200 px-3 py-2">
      <div className="min-w-0 flex-1">
        <h3 className="truncate font-semibold text-gray-900">{chat.otherParty.name}</h3>
        <p className="truncate text-xs text-gray-600">{subjectNameIn(chat.subject, i18n.language)}</p>
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
      </dl>
    </div>
  );
}
