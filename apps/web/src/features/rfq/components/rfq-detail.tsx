import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { errorMessage, isApiError } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { useAcceptQuote } from '../api/accept-quote';
import { useCloseRfq } from '../api/close-rfq';
import { useOpenSupplierChat } from '../api/open-supplier-chat';
import { useRfq, type RfqBuyerView } from '../api/get-rfq';
import { hasQuote, type RfqSupplierRow } from '../comparison';
import { QuoteComparison } from './quote-comparison';
import { Fact, RfqTermFacts } from './fact';
import { RfqAttachments } from './rfq-attachments';
import { RecipientStatusPill, RfqStatusPill } from './rfq-status';

/** Where a conversation opens: the app's inbox, on this conversation (the route decides how). */
export type OpenConversation = (chat: { chatId: string; kind: 'product' | 'service' }) => void;

/**
 * One of the buyer's requests (decisions 298, 317): what was asked, who it went to (`justSent` after sending), the
 * quotes compared side by side, each supplier's chat and accept, the suppliers still to answer or who declined (and
 * why), the attachments, and "close request". A request of another buyer, or none, is "not found".
 */
export function RfqDetail({
  rfqId,
  justSent,
  categoryName,
  onOpenConversation,
}: {
  rfqId: string;
  justSent: boolean;
  categoryName: (categoryId: string) => string | undefined;
  onOpenConversation: OpenConversation;
}) {
  const { t } = useTranslation('rfq');
  const rfq = useRfq(rfqId);
  if (rfq.isPending) return <LoadingState label={t('detail.loading')} />;
  if (rfq.isError) {
    const gone = isApiError(rfq.error) && rfq.error.status === 404;
    return (
      <LoadError message={errorMessage(t, rfq.error)} onRetry={gone ? undefined : () => void rfq.refetch()} />
    );
  }
  return (
    <RfqDetailBody
      view={rfq.data}
      justSent={justSent}
      categoryName={categoryName}
      onOpenConversation={onOpenConversation}
    />
  );
}

function RfqDetailBody({
  view,
  justSent,
  categoryName,
  onOpenConversation,
}: {
  view: RfqBuyerView;
  justSent: boolean;
  categoryName: (categoryId: string) => string | undefined;
  onOpenConversation: OpenConversation;
}) {
  const { t } = useTranslation('rfq');
  const format = useFormat();
  const { rfq, suppliers } = view;
  const open = rfq.status === 'open';
  const quoted = suppliers.filter(hasQuote);
  const waiting = suppliers.filter((s) => !hasQuote(s));
  const accept = useAcceptQuote();
  const close = useCloseRfq(rfq.id);
  const chat = useOpenSupplierChat();
  const [confirm, setConfirm] = useState<{ kind: 'accept'; row: RfqSupplierRow } | { kind: 'close' } | null>(
    null,
  );
  const accepted = suppliers.find((s) => s.status === 'accepted');
  const ask = (next: typeof confirm) => {
    accept.reset();
    close.reset();
    setConfirm(next);
  };

  const openChat = (row: RfqSupplierRow) => {
    if (row.chatId && row.chatKind) {
      onOpenConversation({ chatId: row.chatId, kind: row.chatKind });
      return;
    }
    chat.mutate(
      { rfqId: rfq.id, sellerId: row.storefrontId },
      {
        onSuccess: onOpenConversation,
        onError: (error) => toast.error(errorMessage(t, error)),
      },
    );
  };

  const doAccept = (row: RfqSupplierRow) =>
    accept.mutate(
      { rfqId: rfq.id, recipientId: row.recipientId },
      {
        onSuccess: (answer) => {
          setConfirm(null);
          toast.success(t('detail.acceptedToast', { name: row.storefrontName }));
          onOpenConversation({ chatId: answer.chatId, kind: answer.chatKind });
        },
      },
    );

  const doClose = () =>
    close.mutate(undefined, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(t('detail.closedToast'));
      },
    });

  const actions = (row: RfqSupplierRow) => (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={t('detail.chatWith', { name: row.storefrontName })}
        loading={chat.isPending && chat.variables.sellerId === row.storefrontId}
        onClick={() => openChat(row)}
      >
        {t('detail.chat')}
      </Button>
      {open && row.deliveredCents !== null ? (
        <Button
          size="sm"
          aria-label={t('detail.acceptFrom', { name: row.storefrontName })}
          onClick={() => ask({ kind: 'accept', row })}
        >
          {t('detail.accept')}
        </Button>
      ) : null}
    </>
  );

  return (
    <article aria-labelledby="rfq-title" className="space-y-6">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="rfq-title" className="text-2xl font-bold break-words text-gray-900">
            {rfq.title}
          </h1>
          <RfqStatusPill status={rfq.status} />
        </div>
        {justSent ? (
          <div
            role="status"
            className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
          >
            <p className="font-medium">{t('detail.sentTo', { count: suppliers.length })}</p>
            <ul className="mt-1 list-inside list-disc">
              {suppliers.map((s) => (
                <li key={s.recipientId}>
                  {s.storefrontName}
                  {s.verified ? ` (${t('verified')})` : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {accepted ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-maple-200 bg-maple-50 p-3 text-sm">
            <p>{t('detail.acceptedBanner', { name: accepted.storefrontName })}</p>
            <Button size="sm" variant="secondary" onClick={() => openChat(accepted)}>
              {t('detail.continueChat')}
            </Button>
          </div>
        ) : null}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Fact label={t('detail.category')} value={categoryName(rfq.categoryId) ?? '—'} />
          <RfqTermFacts rfq={rfq} />
          <Fact
            label={t('detail.privacy')}
            value={rfq.private ? t('detail.privateYes') : t('detail.privateNo')}
          />
        </dl>
        <p className="text-sm whitespace-pre-line text-gray-800">{rfq.description}</p>
      </header>

      <section aria-labelledby="rfq-quotes" className="space-y-2">
        <h2 id="rfq-quotes" className="text-lg font-semibold text-gray-900">
          {t('detail.quotes', { count: quoted.length })}
        </h2>
        {quoted.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-4 text-sm text-gray-700">
            {open ? t('detail.noQuotesYet') : t('detail.noQuotes')}
          </p>
        ) : (
          <QuoteComparison
            rows={quoted}
            quantity={rfq.quantity}
            province={rfq.deliveryProvince}
            actions={actions}
          />
        )}
      </section>

      {waiting.length > 0 ? (
        <section aria-labelledby="rfq-waiting" className="space-y-2">
          <h2 id="rfq-waiting" className="text-lg font-semibold text-gray-900">
            {t('detail.others', { count: waiting.length })}
          </h2>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
            {waiting.map((s) => (
              <li
                key={s.recipientId}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
              >
                <div>
                  <p className="font-medium text-gray-900">
                    {s.storefrontName}
                    {s.verified ? (
                      <span className="ml-1 text-xs text-gray-600">({t('verified')})</span>
                    ) : null}
                  </p>
                  {s.declineReason ? (
                    <p className="text-gray-700">{t('detail.declineReason', { reason: s.declineReason })}</p>
                  ) : null}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <RecipientStatusPill status={s.status} as="buyer" />
                  {s.status !== 'declined' ? actions(s) : null}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <RfqAttachments rfqId={rfq.id} attachments={view.attachments} canUpload={open} />

      {open ? (
        <div className="flex justify-end border-t border-gray-200 pt-4">
          <Button variant="danger" onClick={() => ask({ kind: 'close' })}>
            {t('detail.close')}
          </Button>
        </div>
      ) : null}

      {confirm ? (
        <Modal
          open
          onClose={() => setConfirm(null)}
          title={confirm.kind === 'close' ? t('detail.closeTitle') : t('detail.acceptTitle')}
          closeLabel={t('common:modal.close')}
          size="sm"
        >
          <div className="space-y-3">
            <p className="text-sm text-gray-800">
              {confirm.kind === 'close'
                ? t('detail.closeText')
                : t('detail.acceptText', {
                    name: confirm.row.storefrontName,
                    total:
                      confirm.row.deliveredCents === null ? '' : format.money(confirm.row.deliveredCents),
                  })}
            </p>
            {(confirm.kind === 'close' ? close.error : accept.error) ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errorMessage(t, confirm.kind === 'close' ? close.error : accept.error)}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                {t('detail.cancel')}
              </Button>
              {confirm.kind === 'close' ? (
                <Button variant="danger" loading={close.isPending} onClick={doClose}>
                  {t('detail.closeConfirm')}
                </Button>
              ) : (
                <Button loading={accept.isPending} onClick={() => doAccept(confirm.row)}>
                  {t('detail.acceptConfirm')}
                </Button>
              )}
            </div>
          </div>
        </Modal>
      ) : null}
    </article>
  );
}
