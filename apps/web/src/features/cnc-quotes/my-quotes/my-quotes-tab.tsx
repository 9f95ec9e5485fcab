import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formatCad } from '@maplesource/contracts/money';
import { CNC_MATERIALS, type CncMaterial } from '@maplesource/contracts/cnc-pricing';
import type { CncQuote, CncQuoteRfqRequest } from '@maplesource/contracts/cnc-quotes';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import {
  DeliveryFields,
  PrivateRequestField,
  SendRequestError,
} from '../../../components/forms/delivery-request-fields';
import { EmptyState, LoadError, LoadingState } from '../../../components/ui/query-states';
import { paths, to } from '../../../config/paths';
import { fieldError } from '../../../lib/field-error';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useActionKeys } from '../../../lib/idempotency';
import { sessionActions, useSession } from '../../../lib/session-store';
import { useChangeCncQuoteQuantity } from '../api/change-cnc-quote-quantity';
import { useDownloadCncQuotePdf } from '../api/download-cnc-quote-pdf';
import { useDuplicateCncQuote } from '../api/duplicate-cnc-quote';
import { useMyCncQuotes } from '../api/list-my-cnc-quotes';
import { useRequestFirmQuotes } from '../api/request-firm-quotes';
import {
  askedPrice,
  copyDropsFinish,
  copyRequest,
  emptyFirmQuotesForm,
  firmQuotesFormSchema,
  parseQuantity,
  type FirmQuotesFormValues,
} from './my-quotes-logic';

const NS = 'cncMyQuotes';
/** The request's delivery fields' words: `cncMyQuotes:firm.*`. */
const firmTexts = { ns: NS, keyPrefix: 'firm' } as const;

/** `/cnc-fabrication-quotes/instant-quote`, with `?quote={id}` to re-open a saved quote there. */
const instantQuoteTab = (quoteId?: string) =>
  `${to('cncQuotesTab', { tab: 'instant-quote' })}${quoteId ? `?${new URLSearchParams({ quote: quoteId }).toString()}` : ''}`;

/** A request's page is `/global-quote?rfq={id}` (decision 321), the address the RFQ e-mails link to. */
const rfqPage = (rfqId: string) => `${paths.globalQuote}?${new URLSearchParams({ rfq: rfqId }).toString()}`;

function usePageLanguage(): 'en' | 'fr' {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('fr') ? 'fr' : 'en';
}

/**
 * The "My quotes" tab of /cnc-fabrication-quotes (decisions 302, 322): the signed-in buyer's saved instant quotes,
 * newest first, each a card with what was priced and what the buyer can do with it: re-open it in the instant-quote
 * tab, change its quantity (priced again with the same rates), duplicate it (in another material if they like),
 * download it as a PDF in the page's language, and request firm quotes from CNC shops (a request for quotes with the
 * part's file attached privately).
 */
export function MyCncQuotes() {
  const { t } = useTranslation(NS);
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const checking = useSession((s) => s.isInitialCheckPending);
  const list = useMyCncQuotes(isLoggedIn);

  if (checking) return <LoadingState label={t('loading')} lines={4} />;
  if (!isLoggedIn)
    return (
      <EmptyState
        title={t('signedOut.title')}
        text={t('signedOut.text')}
        action={<Button onClick={sessionActions.openAuthModal}>{t('signedOut.signIn')}</Button>}
      />
    );
  if (list.isPending) return <LoadingState label={t('loading')} lines={4} />;
  if (list.isError)
    return <LoadError message={errorMessage(t, list.error)} onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0)
    return (
      <EmptyState
        title={t('empty.title')}
        text={t('empty.text')}
        action={
          <Link to={instantQuoteTab()} className={buttonClasses('primary')}>
            {t('empty.start')}
          </Link>
        }
      />
    );
  return (
    <section aria-labelledby="cnc-my-quotes-title" className="space-y-3">
      <h2 id="cnc-my-quotes-title" className="text-lg font-semibold text-gray-900">
        {t('title', { count: list.data.items.length })}
      </h2>
      <ul className="space-y-3" aria-labelledby="cnc-my-quotes-title">
        {list.data.items.map((quote) => (
          <li key={quote.id}>
            <QuoteCard quote={quote} />
          </li>
        ))}
      </ul>
    </section>
  );
}

type Panel = 'quantity' | 'duplicate' | 'firm' | null;

function QuoteCard({ quote }: { quote: CncQuote }) {
  const { t } = useTranslation(NS);
  const format = useFormat();
  const lang = usePageLanguage();
  const headingId = useId();
  const panelId = useId();
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState('');
  const openers = useRef<Partial<Record<Exclude<Panel, null>, HTMLButtonElement | null>>>({});
  const price = askedPrice(quote);
  const pdf = useDownloadCncQuotePdf();
  const quantity = useChangeCncQuoteQuantity();

  const close = (which: Exclude<Panel, null>, message?: string) => {
    setPanel(null);
    if (message) setNotice(message);
    openers.current[which]?.focus();
  };
  const toggle = (which: Exclude<Panel, null>) => {
    setNotice('');
    setPanel((open) => (open === which ? null : which));
  };
  const opener = (which: Exclude<Panel, null>, label: string) => (
    <Button
      ref={(node: HTMLButtonElement | null) => {
        openers.current[which] = node;
      }}
      variant="secondary"
      size="sm"
      aria-expanded={panel === which}
      aria-controls={panel === which ? panelId : undefined}
      onClick={() => toggle(which)}
    >
      {label}
    </Button>
  );

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="min-w-0 font-semibold break-all text-gray-900">
          {quote.fileName}
        </h3>
        <p className="text-xs text-gray-600">{t('card.number', { id: quote.id })}</p>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm min-[380px]:grid-cols-2 sm:grid-cols-3">
        <Fact label={t('card.material')} value={t(`materials.${quote.options.material}`)} />
        <Fact label={t('card.quantity')} value={format.number(quote.options.quantity)} />
        <Fact
          label={t('card.unitPrice')}
          value={price ? formatCad(price.unitCents, lang) : t('card.notPriced')}
        />
        <Fact
          label={t('card.totalPrice')}
          value={price ? formatCad(price.totalCents, lang) : t('card.notPriced')}
        />
        <Fact
          label={t('card.rates')}
          value={format.date(`${quote.ratesEffectiveFrom.slice(0, 10)}T12:00:00`)}
        />
        <Fact label={t('card.saved')} value={format.dateTime(quote.createdAt)} />
        <Fact
          label={t('card.notes')}
          value={
            quote.notes.length === 0 ? t('card.noNotes') : t('card.noteCount', { count: quote.notes.length })
          }
        />
      </dl>
      {quote.prices.length === 0 && !quote.rfqId ? (
        // Decision 335: an open mesh is not priced; firm quotes from shops are the way to a price.
        <p className="mt-2 text-sm text-amber-950">{t('card.noInstantPrice')}</p>
      ) : null}
      {quote.rfqId ? (
        <p className="mt-2 text-sm text-gray-800">
          {t('firm.alreadySent')}{' '}
          <Link to={rfqPage(quote.rfqId)} className="text-maple-700 underline">
            {t('firm.seeRequest')}
          </Link>
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={instantQuoteTab(quote.id)} className={buttonClasses('secondary', 'sm')}>
          {t('actions.reopen')}
        </Link>
        {opener('quantity', t('actions.quantity'))}
        {opener('duplicate', t('actions.duplicate'))}
        <Button
          variant="secondary"
          size="sm"
          loading={pdf.isPending}
          onClick={() => pdf.mutate({ quoteId: quote.id, lang })}
        >
          {t('actions.pdf')}
        </Button>
        {quote.rfqId ? null : opener('firm', t('actions.firm'))}
      </div>
      <div id={panelId}>
        {panel === 'quantity' ? (
          <QuantityForm
            quote={quote}
            onCancel={() => close('quantity')}
            onSubmit={(next) => {
              quantity.mutate({ quoteId: quote.id, quantity: next });
              close('quantity', t('quantity.changed', { quantity: format.number(next) }));
            }}
          />
        ) : panel === 'duplicate' ? (
          <DuplicateForm
            quote={quote}
            onCancel={() => close('duplicate')}
            onDone={(copy) =>
              close(
                'duplicate',
                t('duplicate.done', { id: copy.id, material: t(`materials.${copy.options.material}`) }),
              )
            }
          />
        ) : panel === 'firm' ? (
          <FirmQuotesForm quote={quote} onCancel={() => close('firm')} />
        ) : null}
      </div>
      <div role="status" className="mt-2 text-sm text-green-800 empty:hidden">
        {quantity.isError ? '' : notice}
      </div>
      {quantity.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {t('quantity.failed', { reason: errorMessage(t, quantity.error) })}
        </p>
      ) : null}
      {pdf.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {t('pdfFailed', { reason: errorMessage(t, pdf.error) })}
        </p>
      ) : null}
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-medium break-words text-gray-900">{value}</dd>
    </div>
  );
}

function QuantityForm({
  quote,
  onCancel,
  onSubmit,
}: {
  quote: CncQuote;
  onCancel: () => void;
  onSubmit: (quantity: number) => void;
}) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState(String(quote.options.quantity));
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseQuantity(text);
    if (!parsed.ok) return setError(parsed.message);
    if (parsed.quantity === quote.options.quantity) return onCancel();
    onSubmit(parsed.quantity);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('quantity.form')}
      className="mt-3 flex flex-wrap items-end gap-2 rounded-md bg-gray-50 p-3"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <Field
        label={t('quantity.label')}
        hint={t('quantity.hint')}
        error={fieldError(t, error)}
        className="w-40"
      >
        {(p) => (
          <Input
            {...p}
            autoFocus
            inputMode="numeric"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <div className="flex gap-2 pb-5">
        <Button type="submit" size="sm">
          {t('quantity.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function DuplicateForm({
  quote,
  onCancel,
  onDone,
}: {
  quote: CncQuote;
  onCancel: () => void;
  onDone: (copy: CncQuote) => void;
}) {
  const { t } = useTranslation(NS);
  const [material, setMaterial] = useState<CncMaterial>(quote.options.material);
  const duplicate = useDuplicateCncQuote();
  const keys = useActionKeys();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = copyRequest(quote, material);
    duplicate.mutate(
      { quoteId: quote.id, body, idempotencyKey: keys.keyFor({ quoteId: quote.id, body }) },
      {
        onSuccess: (copy) => {
          keys.done();
          onDone(copy);
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('duplicate.form')}
      className="mt-3 space-y-2 rounded-md bg-gray-50 p-3"
    >
      <Field label={t('duplicate.material')} hint={t('duplicate.hint')} className="max-w-xs">
        {(p) => (
          <select
            {...p}
            className={inputClasses(false)}
            value={material}
            onChange={(event) => setMaterial(event.target.value as CncMaterial)}
          >
            {CNC_MATERIALS.map((m) => (
              <option key={m} value={m}>
                {t(`materials.${m}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {copyDropsFinish(quote, material) ? (
        <p className="text-xs text-gray-700">{t('duplicate.finishDropped')}</p>
      ) : null}
      {duplicate.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(t, duplicate.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={duplicate.isPending}>
          {t('duplicate.save')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function FirmQuotesForm({ quote, onCancel }: { quote: CncQuote; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const lang = usePageLanguage();
  const schema = useMemo(() => firmQuotesFormSchema(lang), [lang]);
  const form = useForm<FirmQuotesFormValues, unknown, CncQuoteRfqRequest>({
    resolver: zodResolver(schema),
    defaultValues: emptyFirmQuotesForm(),
  });
  const send = useRequestFirmQuotes();
  const keys = useActionKeys();
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) => {
    send.mutate(
      { quoteId: quote.id, body, idempotencyKey: keys.keyFor({ quoteId: quote.id, body }) },
      { onSuccess: () => keys.done() },
    );
  });

  if (send.isSuccess)
    return (
      <div role="status" className="mt-3 rounded-md bg-green-50 p-3 text-sm text-green-900">
        <p>{send.data.created ? t('firm.sent') : t('firm.alreadySent')}</p>
        <Link to={rfqPage(send.data.rfqId)} className="font-medium text-maple-700 underline">
          {t('firm.seeRequest')}
        </Link>
      </div>
    );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={titleId}
      className="mt-3 space-y-3 rounded-md bg-gray-50 p-3"
    >
      <h4 id={titleId} className="font-semibold text-gray-900">
        {t('firm.title')}
      </h4>
      <p className="text-sm text-gray-700">{t('firm.intro')}</p>
      <div className="grid gap-3 sm:grid-cols-3">
        <DeliveryFields form={form} texts={firmTexts} />
      </div>
      <Field label={t('firm.notes')} hint={t('firm.notesHint')} error={fieldError(t, errors.notes?.message)}>
        {(p) => (
          <textarea
            {...p}
            rows={3}
            maxLength={2000}
            className={inputClasses(Boolean(errors.notes))}
            {...form.register('notes')}
          />
        )}
      </Field>
      <PrivateRequestField form={form} texts={firmTexts} />
      <SendRequestError error={send.error} texts={firmTexts} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={send.isPending}>
          {t('firm.send')}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
