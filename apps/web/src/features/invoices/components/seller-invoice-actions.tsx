import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isInvoiceExpired, type CounterOffer, type Invoice } from '@maplesource/contracts/invoices';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useFormat } from '../../../lib/format';
import { useChatInvoice } from '../api/get-chat-invoices';
import { useWithdrawInvoice } from '../api/withdraw-invoice';
import { useNowUntil } from '../model/use-countdown';
import { invoiceActionFailure, type InvoiceRevision } from '../model/revision';
import { InvoiceGenerationModal, type InvoiceChat } from './invoice-generation-modal';
import { IssueInvoiceButton } from './issue-invoice-button';

/** The modal's conversation facts for a version: its own subject, quantity, delivery province and lead days. */
const chatOf = (invoice: Invoice): InvoiceChat => ({
  kind: invoice.kind,
  chatId: invoice.chatId,
  subjectName: invoice.subject.name,
  subjectNameFr: invoice.subject.nameFr,
  quantity: invoice.subject.quantity,
  deliveryProvince: invoice.deliveryProvince,
  leadDays: invoice.leadDays,
  sellerId: invoice.seller.sellerId,
  category: invoice.subject.category,
});

/**
 * The seller's invoice actions in a conversation (decisions 271, 272, 289), from the conversation's newest invoice:
 * - none yet, or accepted: "Issue invoice" (when the buyer asked for a quotation, `quotationChat`);
 * - pending: its version, "Revise invoice" (the next version, prefilled from it; the server withdraws it in the same
 *   step) and "Withdraw invoice" (after a confirmation);
 * - rejected with a counter-offer: the offer's price, quantity and delivery date, and "Issue invoice from
 *   counter-offer" (the next version prefilled with them);
 * - otherwise (rejected, expired, withdrawn): "Issue version n + 1", prefilled from it.
 * `seen` is the review panel's key (`invoiceSeenKey`): both read the same cached list.
 */
export function SellerInvoiceActions({
  quotationChat,
  kind,
  chatId,
  hasInvoice,
  seen,
}: {
  quotationChat: InvoiceChat | null;
  kind: Invoice['kind'];
  chatId: string;
  hasInvoice: boolean;
  seen: string | null;
}) {
  // A race lost to the buyer is said here, above whatever the refreshed conversation now offers.
  const [problem, setProblem] = useState<string | null>(null);
  const asks = hasInvoice || seen !== null;
  const query = useChatInvoice(kind, chatId, seen, hasInvoice);
  if (asks && !query.isSuccess) return null; // The review panel shows the loading and error states.
  const latest = query.data ?? null;
  const alert = problem ? (
    <p role="alert" className="px-3 pt-2 text-sm font-medium text-red-700">
      {problem}
    </p>
  ) : null;
  if (!latest || latest.status === 'accepted')
    return quotationChat || alert ? (
      <div className="border-b border-gray-200">
        {alert}
        {quotationChat ? (
          <div className="px-3 py-2">
            <IssueInvoiceButton chat={quotationChat} />
          </div>
        ) : null}
      </div>
    ) : null;
  return (
    <>
      {alert}
      <VersionActions key={`${latest.token}:${latest.status}`} invoice={latest} onProblem={setProblem} />
    </>
  );
}

function VersionActions({
  invoice,
  onProblem,
}: {
  invoice: Invoice;
  onProblem: (message: string | null) => void;
}) {
  const { t } = useTranslation('invoices');
  const now = useNowUntil(invoice.expiresAt);
  const [revision, setRevision] = useState<InvoiceRevision | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useWithdrawInvoice();
  const pending = invoice.status === 'pending' && !isInvoiceExpired(invoice, now);
  const next = invoice.version + 1;
  const confirmWithdrawal = () =>
    withdraw.mutate(
      { kind: invoice.kind, invoiceToken: invoice.token },
      {
        onSuccess: () => {
          setWithdrawing(false);
          onProblem(null);
        },
        onError: (error) => {
          setWithdrawing(false);
          onProblem(invoiceActionFailure(t, error));
        },
      },
    );
  return (
    <section
      aria-label={t('versions.version', { version: invoice.version })}
      className="space-y-2 border-b border-gray-200 px-3 py-2 text-sm"
    >
      <p className="font-medium text-gray-900">{t('versions.version', { version: invoice.version })}</p>
      {invoice.status === 'rejected' && invoice.counterOffer ? (
        <CounterOfferDetails offer={invoice.counterOffer} version={invoice.version} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {invoice.status === 'rejected' && invoice.counterOffer ? (
          <Button size="sm" onClick={() => setRevision({ invoice, from: 'counterOffer' })}>
            {t('versions.fromCounterOffer')}
          </Button>
        ) : null}
        {pending ? (
          <>
            <Button size="sm" onClick={() => setRevision({ invoice, from: 'invoice' })}>
              {t('versions.revise')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setWithdrawing(true)}>
              {t('versions.withdraw')}
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant={invoice.counterOffer ? 'secondary' : 'primary'}
            onClick={() => setRevision({ invoice, from: 'invoice' })}
          >
            {t('versions.followUp', { version: next })}
          </Button>
        )}
      </div>
      {withdrawing ? (
        <Modal
          open
          onClose={() => setWithdrawing(false)}
          title={t('versions.withdrawTitle', { version: invoice.version })}
          description={t('versions.withdrawText')}
          closeLabel={t('common:modal.close')}
          size="sm"
        >
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setWithdrawing(false)}>
              {t('actions.cancel')}
            </Button>
            <Button type="button" variant="danger" loading={withdraw.isPending} onClick={confirmWithdrawal}>
              {t('versions.withdrawConfirm')}
            </Button>
          </div>
        </Modal>
      ) : null}
      {revision ? (
        <InvoiceGenerationModal
          chat={chatOf(invoice)}
          revision={revision}
          onClose={() => setRevision(null)}
          onIssued={() => onProblem(null)}
          onRaceLost={(message) => {
            setRevision(null);
            onProblem(message);
          }}
        />
      ) : null}
    </section>
  );
}

/** The buyer's counter-offer (decision 272): each term given, then the note. */
function CounterOfferDetails({ offer, version }: { offer: CounterOffer; version: number }) {
  const { t } = useTranslation('invoices');
  const format = useFormat();
  const headingId = useId();
  const rows: Array<[string, string]> = [];
  if (offer.negotiatedPriceCents !== null)
    rows.push([t('versions.offerPrice'), format.money(offer.negotiatedPriceCents)]);
  if (offer.quantity !== null) rows.push([t('versions.offerQuantity'), format.number(offer.quantity)]);
  if (offer.deliveryDate !== null)
    rows.push([
      t('versions.offerDate'),
      format.date(`${offer.deliveryDate}T12:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
    ]);
  if (offer.note) rows.push([t('versions.offerNote'), offer.note]);
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="rounded-md border border-blue-200 bg-blue-50 p-2"
    >
      <p id={headingId} className="font-medium text-blue-950">
        {t('versions.counterOfferTitle', { version })}
      </p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-blue-950">{label}</dt>
            <dd className="break-words text-blue-950">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
