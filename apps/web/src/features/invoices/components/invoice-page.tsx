import { shortRef } from '@maplesource/contracts/common';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Invoice, InvoiceKind } from '@maplesource/contracts/invoices';
import { subjectNameIn } from '@maplesource/contracts/languages';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { Modal } from '../../../components/ui/modal';
import { buildUrl, errorMessage, isApiError } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';
import { useFormat } from '../../../lib/format';
import { useInvoice } from '../api/get-invoice';
import { invoicePath } from '../api/invoice-paths';
import { remainingUntil, useNowUntil } from '../model/use-countdown';
import { isInvoiceExpired } from '@maplesource/contracts/invoices';
import { useRecordInvoiceView } from '../api/record-invoice-view';
import { useLanguageT } from '../model/use-language-t';
import { AcceptFlow, checkoutPath } from './accept-flow';
import { InvoiceChanges, useCounterOfferText } from './invoice-changes';
import { InvoiceDocument } from './invoice-document';
import { RejectInvoiceForm } from './reject-invoice-form';
import { TimeRemaining } from './time-remaining';

/**
 * docs/product.md §2 invoice page, `/invoice/{invoiceToken}`: loading, "Invoice Not Found" (missing or someone else's: a 404
 * either way), "failed to load invoice details" with retry, then the invoice.
 */
export function InvoicePage({
  token,
  kind,
  startAccepting,
}: {
  token: string;
  kind: InvoiceKind | null;
  startAccepting: boolean;
}) {
  const { t } = useTranslation('invoices');
  const query = useInvoice(token, kind);
  if (query.isPending) return <LoadingState label={t('page.loading')} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <div role="alert" className="rounded-lg border border-gray-200 p-8 text-center">
          <h1 className="text-xl font-semibold text-gray-900">{t('page.notFound')}</h1>
          <p className="mt-2 text-sm text-gray-700">{t('page.notFoundText')}</p>
        </div>
      );
    }
    return (
      <LoadError
        message={`${t('page.loadFailed')} ${isApiError(query.error) && query.error.status !== 0 ? errorMessage(t, query.error) : ''}`.trim()}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <LoadedInvoice invoice={query.data} startAccepting={startAccepting} />;
}

function LoadedInvoice({ invoice, startAccepting }: { invoice: Invoice; startAccepting: boolean }) {
  const { t, i18n } = useTranslation('invoices');
  const format = useFormat();
  const meId = useSession((s) => s.userInfo?.id ?? '');
  const uiLanguage: 'en' | 'fr' = i18n.language.startsWith('fr') ? 'fr' : 'en';
  // Decision 152: a Quebec delivery reads French first whatever the UI language; the other language on request.
  const [chosenLanguage, setChosenLanguage] = useState<'en' | 'fr' | null>(null);
  const documentLanguage = chosenLanguage ?? (invoice.documentLanguage === 'fr' ? 'fr' : uiLanguage);
  const docT = useLanguageT(documentLanguage);
  const now = useNowUntil(invoice.expiresAt);
  const left = remainingUntil(invoice.expiresAt, now);
  const expired = isInvoiceExpired(invoice, now);
  const isBuyer = invoice.buyer.userId === meId;
  const canAct = isBuyer && invoice.status === 'pending' && !expired;
  useRecordInvoiceView(invoice, isBuyer);
  const [accepting, setAccepting] = useState(startAccepting);
  const [confirmAccept, setConfirmAccept] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const otherLanguage = documentLanguage === 'fr' ? 'en' : 'fr';
  const counterOfferText = useCounterOfferText();

  const languageToggle =
    invoice.documentLanguage === 'fr' ? (
      <Button
        type="button"
        size="sm"
        variant="secondary"
        lang={otherLanguage}
        className="print:hidden"
        onClick={() => setChosenLanguage(otherLanguage)}
      >
        {t(`page.readIn.${otherLanguage}`)}
      </Button>
    ) : null;
  const pdfHref = buildUrl(invoicePath(invoice.kind, 'pdf'), {
    invoiceToken: invoice.token,
    lang: documentLanguage,
  });

  return (
    <article className="space-y-4 print:space-y-3">
      {/* On paper the document's own header (invoice-document.tsx) replaces the page's (decision 293). */}
      <header
        data-testid="invoice-page-header"
        className="flex flex-wrap items-start justify-between gap-3 print:hidden"
      >
        <div>
          <h1 className="text-2xl font-bold text-gray-900">
            {t('page.title', { id: shortRef(invoice.id) })}
          </h1>
          <p className="text-sm text-gray-700">
            {subjectNameIn(invoice.subject, documentLanguage)} · {format.money(invoice.totalCents)} ·{' '}
            <span className="font-medium">{t(`status.${expired ? 'expired' : invoice.status}`)}</span>
            {invoice.version > 1 ? <> · {t('page.version', { version: invoice.version })}</> : null}
          </p>
        </div>
        {languageToggle}
      </header>

      {canAct ? (
        <div
          role="region"
          aria-label={t('page.actionRequired')}
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 print:hidden"
        >
          <p className="font-semibold text-amber-900">{t('page.actionRequired')}</p>
          <p className="text-sm text-amber-900">{t('page.actionRequiredText')}</p>
          <TimeRemaining left={left} className="mt-1 text-sm font-medium text-amber-900" />
        </div>
      ) : null}
      {invoice.status === 'pending' && !expired && !isBuyer ? (
        <TimeRemaining left={left} className="text-sm text-gray-800 print:hidden" />
      ) : null}
      {expired ? (
        <div role="status" className="rounded-lg border border-gray-300 bg-gray-50 p-3">
          <p className="font-semibold text-gray-900">{t('page.expired')}</p>
          <p className="text-sm text-gray-800">{t('page.expiredText')}</p>
        </div>
      ) : null}
      {invoice.status === 'rejected' ? (
        <div role="status" className="rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm text-gray-900">
          <p>{t('page.rejected', { reason: invoice.rejectionReason ?? '' })}</p>
          {invoice.counterOffer ? (
            <p>{t('page.counterOffer', { offer: counterOfferText(invoice.counterOffer) })}</p>
          ) : null}
        </div>
      ) : null}
      {invoice.status === 'withdrawn' ? (
        <div role="status" className="rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm text-gray-900">
          {t('page.withdrawn')}
        </div>
      ) : null}
      <InvoiceChanges invoice={invoice} />
      {invoice.status === 'accepted' ? (
        <div
          role="status"
          className="rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900"
        >
          <p>{t('page.accepted')}</p>
          {isBuyer && invoice.orderId ? (
            <Link className="font-medium underline" to={checkoutPath(invoice.orderId, invoice.kind)}>
              {t('page.goToPayment')}
            </Link>
          ) : null}
        </div>
      ) : null}

      {docT ? (
        <InvoiceDocument invoice={invoice} t={docT} lang={documentLanguage} />
      ) : (
        <LoadingState lines={8} />
      )}

      {accepting && canAct ? (
        <AcceptFlow
          invoice={invoice}
          termsLanguage={documentLanguage}
          languageToggle={languageToggle}
          onCancel={() => setAccepting(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2 print:hidden" data-testid="invoice-actions">
          <Button type="button" disabled={!canAct} onClick={() => setConfirmAccept(true)}>
            {t('actions.accept')}
          </Button>
          <Button type="button" variant="secondary" disabled={!canAct} onClick={() => setRejecting(true)}>
            {t('actions.reject')}
          </Button>
          <a className={buttonClasses('secondary', 'md')} href={pdfHref} download>
            {t('actions.downloadPdf')}
          </a>
          <Button type="button" variant="secondary" onClick={() => window.print()}>
            {t('actions.print')}
          </Button>
        </div>
      )}
      {!canAct && isBuyer && invoice.status === 'pending' ? (
        <p className="text-sm text-gray-700 print:hidden">{t('page.actionsDisabled')}</p>
      ) : null}

      <Modal
        open={confirmAccept}
        onClose={() => setConfirmAccept(false)}
        title={t('confirm.acceptTitle')}
        closeLabel={t('common:modal.close')}
        description={t('confirm.acceptText')}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setConfirmAccept(false)}>
              {t('actions.cancel')}
            </Button>
            <Button
              type="button"
              onClick={() => {
                setConfirmAccept(false);
                setAccepting(true);
              }}
            >
              {t('confirm.acceptContinue')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-gray-800">
          {t('confirm.acceptTotal', { total: format.money(invoice.totalCents) })}
        </p>
      </Modal>
      <Modal
        open={rejecting}
        onClose={() => setRejecting(false)}
        title={t('confirm.rejectTitle')}
        closeLabel={t('common:modal.close')}
        description={t('confirm.rejectText')}
      >
        <RejectInvoiceForm
          token={invoice.token}
          kind={invoice.kind}
          onDone={() => setRejecting(false)}
          onCancel={() => setRejecting(false)}
        />
      </Modal>
    </article>
  );
}
