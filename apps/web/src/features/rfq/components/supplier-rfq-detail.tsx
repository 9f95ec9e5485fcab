import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { errorMessage, isApiError } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast-store';
import { useDeclineRfq, useMuteRfqBuyer } from '../api/answer-rfq';
import { useSupplierRfq, type RfqSupplierView } from '../api/supplier-rfq';
import { QuoteForm } from './quote-form';
import { Fact, RfqTermFacts } from './fact';
import { RfqAttachments } from './rfq-attachments';
import { RecipientStatusPill, RfqStatusPill } from './rfq-status';
import { useBuyerLabel } from './supplier-inbox';
import { RequestError } from '../../../components/forms/form-kit';

/**
 * One request as a matched supplier sees it (decisions 298, 317): what the buyer asks, the buyer as shown to this
 * supplier, the attachments, this supplier's quotes (every version), and its answers — quote or revise, decline with
 * a reason, stop receiving this buyer's requests — plus the conversation the buyer opened, when there is one.
 * `onOpenChat` takes the seller to that conversation (the route owns its URLs).
 */
export function SupplierRfqDetail({
  sellerIds,
  rfqId,
  onOpenChat,
}: {
  sellerIds: readonly number[];
  rfqId: string;
  onOpenChat: (chat: { chatId: string; kind: 'product' | 'service' }) => void;
}) {
  const { t } = useTranslation('rfq');
  const found = useSupplierRfq(sellerIds, rfqId);
  if (found.isPending) return <LoadingState label={t('detail.loading')} />;
  if (found.isError) {
    const gone = isApiError(found.error) && found.error.status === 404;
    return (
      <LoadError
        message={errorMessage(t, found.error)}
        onRetry={gone ? undefined : () => void found.refetch()}
      />
    );
  }
  return <Body sellerId={found.data.sellerId} view={found.data.view} onOpenChat={onOpenChat} />;
}

function Body({
  sellerId,
  view,
  onOpenChat,
}: {
  sellerId: number;
  view: RfqSupplierView;
  onOpenChat: (chat: { chatId: string; kind: 'product' | 'service' }) => void;
}) {
  const { t } = useTranslation('rfq');
  const format = useFormat();
  const buyerLabel = useBuyerLabel();
  const { rfq } = view;
  const open = rfq.status === 'open';
  const canAnswer = open && (view.status === 'invited' || view.status === 'quoted');
  const [answering, setAnswering] = useState(false);
  const [dialog, setDialog] = useState<'decline' | 'mute' | null>(null);

  return (
    <article aria-labelledby="supplier-rfq-title" className="space-y-5">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="supplier-rfq-title" className="text-xl font-bold break-words text-gray-900">
            {rfq.title}
          </h2>
          <RfqStatusPill status={rfq.status} />
          <RecipientStatusPill status={view.status} as="supplier" />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <Fact label={t('supplier.buyer')} value={buyerLabel(view.buyer)} />
          <RfqTermFacts rfq={rfq} />
        </dl>
        {!view.buyer.revealed ? <p className="text-xs text-gray-600">{t('supplier.privateHint')}</p> : null}
        <p className="text-sm whitespace-pre-line text-gray-800">{rfq.description}</p>
        {view.declineReason ? (
          <p className="text-sm text-gray-800">{t('supplier.yourDecline', { reason: view.declineReason })}</p>
        ) : null}
        {view.chatId && view.chatKind ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onOpenChat({ chatId: view.chatId!, kind: view.chatKind! })}
          >
            {t('supplier.openChat')}
          </Button>
        ) : null}
      </header>

      <RfqAttachments rfqId={rfq.id} attachments={view.attachments} canUpload={false} sellerId={sellerId} />

      <section aria-labelledby="supplier-versions" className="space-y-2">
        <h3 id="supplier-versions" className="text-base font-semibold text-gray-900">
          {t('supplier.versions', { count: view.versions.length })}
        </h3>
        {view.versions.length === 0 ? (
          <p className="text-sm text-gray-700">{t('supplier.noVersions')}</p>
        ) : (
          <ol className="space-y-2">
            {[...view.versions].reverse().map((v) => (
              <li key={v.version} className="rounded-md border border-gray-200 p-3 text-sm">
                <p className="font-medium text-gray-900">
                  {t('supplier.version', { version: v.version, date: format.dateTime(v.createdAt) })}
                </p>
                <p className="text-gray-800">
                  {t('supplier.versionLine', {
                    price: format.money(v.unitPriceCents),
                    days: v.leadDays,
                    shipping: format.money(v.shippingCents),
                    until: format.date(`${v.validUntil.slice(0, 10)}T12:00:00`),
                  })}
                </p>
                {v.tiers.length > 0 ? (
                  <p className="text-gray-700">
                    {v.tiers
                      .map((tier) =>
                        t('supplier.tier', {
                          quantity: format.number(tier.minQuantity),
                          price: format.money(tier.unitPriceCents),
                        }),
                      )
                      .join(' · ')}
                  </p>
                ) : null}
                {v.notes ? <p className="whitespace-pre-line text-gray-700">{v.notes}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      {canAnswer ? (
        answering || view.versions.length === 0 ? (
          <section className="rounded-lg border border-gray-200 p-4">
            <QuoteForm
              sellerId={sellerId}
              view={view}
              onDone={view.versions.length > 0 ? () => setAnswering(false) : undefined}
            />
          </section>
        ) : (
          <Button onClick={() => setAnswering(true)}>{t('supplier.revise')}</Button>
        )
      ) : open ? null : (
        <p className="text-sm text-gray-700">{t('supplier.ended')}</p>
      )}

      <div className="flex flex-wrap gap-2 border-t border-gray-200 pt-4">
        {canAnswer ? (
          <Button variant="secondary" onClick={() => setDialog('decline')}>
            {t('supplier.decline')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => setDialog('mute')}>
          {t('supplier.mute')}
        </Button>
      </div>

      {dialog === 'decline' ? (
        <DeclineDialog sellerId={sellerId} rfqId={rfq.id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'mute' ? (
        <MuteDialog
          sellerId={sellerId}
          rfqId={rfq.id}
          buyer={buyerLabel(view.buyer, true)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </article>
  );
}

function DeclineDialog({
  sellerId,
  rfqId,
  onClose,
}: {
  sellerId: number;
  rfqId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('rfq');
  const decline = useDeclineRfq();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const trimmed = reason.trim();
  const invalid = trimmed.length === 0 || trimmed.length > 1000;
  return (
    <Modal open onClose={onClose} title={t('decline.title')} closeLabel={t('common:modal.close')} size="md">
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (invalid) return;
          decline.mutate(
            { sellerId, rfqId, reason: trimmed },
            {
              onSuccess: () => {
                toast.success(t('decline.done'));
                onClose();
              },
            },
          );
        }}
      >
        <Field
          label={t('decline.reason')}
          hint={t('decline.hint')}
          error={tried && invalid ? t('decline.REASON_REQUIRED') : undefined}
          required
        >
          {(p) => (
            <textarea
              {...p}
              rows={3}
              maxLength={1000}
              className={inputClasses(tried && invalid)}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        <RequestError error={decline.error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('detail.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={decline.isPending}>
            {t('decline.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function MuteDialog({
  sellerId,
  rfqId,
  buyer,
  onClose,
}: {
  sellerId: number;
  rfqId: string;
  buyer: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('rfq');
  const mute = useMuteRfqBuyer();
  return (
    <Modal open onClose={onClose} title={t('mute.title')} closeLabel={t('common:modal.close')} size="sm">
      <div className="space-y-3">
        <p className="text-sm text-gray-800">{t('mute.text', { buyer })}</p>
        <RequestError error={mute.error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('detail.cancel')}
          </Button>
          <Button
            variant="danger"
            loading={mute.isPending}
            onClick={() =>
              mute.mutate(
                { sellerId, rfqId },
                {
                  onSuccess: () => {
                    toast.success(t('mute.done'));
                    onClose();
                  },
                },
              )
            }
          >
            {t('mute.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
