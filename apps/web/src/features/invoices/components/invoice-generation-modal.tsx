import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch, type Resolver, type ResolverOptions } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { subjectNameIn } from '@maplesource/contracts/languages';
import {
  computeCanadianTax,
  sameRatePercent,
  taxAmountCents,
  type CanadianTaxLine,
} from '@maplesource/contracts/canadian-tax';
import {
  invoiceExpiryHours,
  issueInvoiceBodySchema,
  issueInvoiceFormSchema,
  taxOverrideReasons,
  taxProfileMissing,
  type Invoice,
  type InvoiceKind,
  type IssueInvoiceBody,
  type IssueInvoiceInput,
} from '@maplesource/contracts/invoices';
import type { ProvinceCode } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Textarea } from '../../../components/forms/form-kit';
import { Modal } from '../../../components/ui/modal';
import { fieldError } from '../../../lib/field-error';
import { useFormat } from '../../../lib/format';
import { to } from '../../../config/paths';
import { isApiError } from '../../../lib/http';
import { useMyStorefronts } from '../../../lib/my-storefronts';
import { useIssueInvoice } from '../api/issue-invoice';
import { usePlatformFee } from '../api/get-platform-fee';
import { useReviseInvoice } from '../api/revise-invoice';
import { dollarsToCents, invoiceDateToday } from '../model/money-input';
import {
  invoiceActionFailure,
  isRaceLost,
  revisionDefaults,
  type InvoiceRevision,
  type IssueInvoiceForm,
} from '../model/revision';
import { randomUuid } from '../../../lib/random-uuid';

export type InvoiceChat = {
  kind: InvoiceKind;
  chatId: string;
  subjectName: string;
  /** The French name (decision 233), shown to a French reader when known. */
  subjectNameFr?: string | null;
  quantity: number | null;
  deliveryProvince: ProvinceCode | null;
  leadDays: number | null;
  /** The issuing storefront and the invoice's category, when known: the platform fee line uses them. */
  sellerId?: number;
  category?: string;
};

const expiryChoices = [24, 72, invoiceExpiryHours.default, 14 * 24, invoiceExpiryHours.max] as const;

/** The live tax preview: the server's own table and rounding (contracts/canadian-tax.ts); null when not computable. */
function previewTax(
  province: ProvinceCode | null,
  taxableCents: number,
  date: string,
): CanadianTaxLine[] | null {
  if (!province || !Number.isSafeInteger(taxableCents) || taxableCents < 0) return null;
  try {
    return computeCanadianTax({ province, date, taxableCents }).lines;
  } catch {
    return null;
  }
}

const centsOrZero = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;

/** A money field's value in cents: typed amounts already are; a prefilled one is still the dollars it shows. */
const asCents = (value: unknown) => (typeof value === 'string' ? dollarsToCents(value) : value);

/** The form's values with every amount in cents, as the schema reads them. */
const inCents = (values: IssueInvoiceForm): IssueInvoiceBody =>
  ({
    ...values,
    negotiatedPriceCents: asCents(values.negotiatedPriceCents),
    shippingCents: asCents(values.shippingCents),
  }) as IssueInvoiceBody;

const RATE = /^\d{1,2}(?:\.\d{1,3})?$/;
/** A typed rate's amount on the taxable base (the table's rounding); null while the rate is not a rate. */
const amountAt = (taxableCents: number, ratePercent: unknown) =>
  typeof ratePercent === 'string' && RATE.test(ratePercent)
    ? taxAmountCents(taxableCents, ratePercent)
    : null;

type Override = NonNullable<IssueInvoiceBody['taxOverride']>;

/** Whether an override's rates differ from the table's (a rate of 0 % always does): then a reason is asked. */
function overrideDiffers(override: Override, table: readonly CanadianTaxLine[]): boolean {
  if (override.lines.length === 0) return table.length > 0;
  return override.lines.some((line) => {
    const expected = table.find((rate) => rate.code === line.code)?.ratePercent;
    return expected === undefined || !sameRatePercent(line.ratePercent, expected);
  });
}

/**
 * What the form sends for its override: each amount is its rate × the taxable base (the seller types rates only),
 * and a reason or certificate number whose field is hidden is dropped, so no hidden field can fail.
 */
function completeOverride(values: IssueInvoiceBody, table: readonly CanadianTaxLine[]): IssueInvoiceBody {
  const override = values.taxOverride;
  if (!override) return values;
  const taxable = centsOrZero(values.negotiatedPriceCents) + centsOrZero(values.shippingCents);
  const lines = override.lines.map((line) => ({
    ...line,
    amountCents: amountAt(taxable, line.ratePercent) ?? 0,
  }));
  const reason = overrideDiffers(override, table) ? (override.reason ?? null) : null;
  return {
    ...values,
    taxOverride: {
      reason,
      certificateNumber: reason === 'exemptionCertificate' ? (override.certificateNumber ?? null) : null,
      lines,
    },
  };
}

const priceField = issueInvoiceBodySchema.shape.negotiatedPriceCents;
const shippingField = issueInvoiceBodySchema.shape.shippingCents;

/**
 * docs/product.md §2 invoice generation modal (§5: negotiated price required, tax and shipping not negative, total computed).
 * Money is typed in dollars and sent as cents; the tax is previewed live with the server's table for the delivery
 * province and today, and the server recomputes it. An exempt or zero-rated supply is an override with a reason.
 * With `revision` it issues the next version of that invoice (decisions 271, 272), prefilled from it or from the
 * buyer's counter-offer on it, with its quantity editable.
 */
export function InvoiceGenerationModal({
  chat,
  revision,
  onClose,
  onIssued,
  onRaceLost,
}: {
  chat: InvoiceChat;
  revision?: InvoiceRevision | undefined;
  onClose: () => void;
  onIssued?: (invoice: Invoice) => void;
  /** A refusal because the conversation moved on (the buyer answered meanwhile): the form is obsolete. */
  onRaceLost?: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('invoices');
  const format = useFormat();
  const issueFirst = useIssueInvoice();
  const revise = useReviseInvoice();
  const issue = revision ? revise : issueFirst;
  const nextVersion = revision ? revision.invoice.version + 1 : null;
  const storefronts = useMyStorefronts();
  // Storefronts whose profile the server would refuse for this delivery (decision 132): said before any typing.
  const unregistered = (storefronts.data?.storefronts ?? []).filter((storefront) =>
    taxProfileMissing(storefront, chat.deliveryProvince),
  );
  const cannotInvoice =
    unregistered.length > 0 && unregistered.length === storefronts.data?.storefronts.length;
  const refusedForTax = isApiError(issue.error) && issue.error.code === 'INVOICE_SELLER_TAX_NUMBER_REQUIRED';
  // One key per opened form: a double click or a retry after a lost answer issues one invoice.
  const [idempotencyKey] = useState(() => randomUuid());
  // The rates of today's invoice date, in the same table and check as the server's (decision 241).
  const [invoiceDate] = useState(invoiceDateToday);
  const table = useMemo(
    () => previewTax(chat.deliveryProvince, 0, invoiceDate) ?? [],
    [chat.deliveryProvince, invoiceDate],
  );
  const resolver = useMemo((): Resolver<IssueInvoiceForm, unknown, IssueInvoiceInput> => {
    const validate = zodResolver(
      issueInvoiceFormSchema({ province: chat.deliveryProvince, date: invoiceDate }),
    );
    // The options name the fields, whose types the resolver does not read.
    return (values, context, options) =>
      validate(
        completeOverride(inCents(values), table),
        context,
        options as unknown as ResolverOptions<IssueInvoiceBody>,
      ) as ReturnType<Resolver<IssueInvoiceForm, unknown, IssueInvoiceInput>>;
  }, [chat.deliveryProvince, invoiceDate, table]);
  const form = useForm<IssueInvoiceForm, unknown, IssueInvoiceInput>({
    resolver,
    defaultValues: {
      shippingCents: 0,
      paymentTerms: '',
      deliveryTerms: '',
      notes: '',
      leadDays: chat.leadDays,
      expiresInHours: invoiceExpiryHours.default,
      taxOverride: null,
      ...(revision ? revisionDefaults(revision) : {}),
    },
  });
  const { errors } = form.formState;
  const [typedPrice, typedShipping, taxOverride] = useWatch({
    control: form.control,
    name: ['negotiatedPriceCents', 'shippingCents', 'taxOverride'],
  });
  const price = asCents(typedPrice);
  const shipping = asCents(typedShipping);
  const overriding = taxOverride !== null && taxOverride !== undefined;
  const taxable = centsOrZero(price) + centsOrZero(shipping);
  const computedLines = useMemo(
    () => previewTax(chat.deliveryProvince, taxable, invoiceDate),
    [chat.deliveryProvince, taxable, invoiceDate],
  );
  const overrideAmounts = overriding
    ? taxOverride.lines.map((line) => amountAt(taxable, line.ratePercent))
    : [];
  const asksReason = overriding && overrideDiffers(taxOverride, table);
  const taxCents = overriding
    ? overrideAmounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0)
    : (computedLines ?? []).reduce((sum, line) => sum + line.amountCents, 0);
  // The amounts the schema would send, or nothing: a total is only shown for inputs that can be issued (never
  // "-$110.00" while the shipping reads "-110").
  const priceValid = priceField.safeParse(price).success;
  const shippingValid = shippingField.safeParse(shipping).success;
  const amountsValid =
    priceValid &&
    shippingValid &&
    (overriding ? overrideAmounts.every((amount) => amount !== null) : computedLines !== null);
  const totalCents = amountsValid ? taxable + taxCents : null;
  const none = t('summary.notYet');
  // The fee line needs the issuing storefront: the revised invoice's, or the seller's only storefront.
  const ownStorefronts = storefronts.data?.storefronts ?? [];
  const feeSellerId = chat.sellerId ?? (ownStorefronts.length === 1 ? ownStorefronts[0]!.sellerId : null);
  const fee = usePlatformFee(feeSellerId, totalCents, chat.category ?? '');
  const money = { setValueAs: dollarsToCents };

  // The override starts from the table's lines, the seller then changes rates (to 0 %) and says why.
  const setOverriding = (on: boolean) =>
    form.setValue(
      'taxOverride',
      on
        ? {
            reason: null,
            certificateNumber: null,
            lines: table.map((line) => ({ code: line.code, ratePercent: line.ratePercent, amountCents: 0 })),
          }
        : null,
      { shouldDirty: true },
    );

  // A refusal because the buyer answered meanwhile says so; the conversation behind is loaded again.
  // The hooks announce the outcome (they outlive this form); these callbacks only steer the form.
  const callbacks = {
    onSuccess: (response: { invoice: Invoice }) => {
      onIssued?.(response.invoice);
      onClose();
    },
    onError: (error: unknown) => {
      if (isRaceLost(error)) onRaceLost?.(invoiceActionFailure(t, error));
      if (isApiError(error) && error.code === 'INVOICE_SELLER_TAX_NUMBER_REQUIRED')
        void storefronts.refetch();
    },
  };
  const submit = form.handleSubmit((body) => {
    if (revision)
      revise.mutate(
        { kind: chat.kind, idempotencyKey, body: { ...body, invoiceToken: revision.invoice.token } },
        callbacks,
      );
    else issueFirst.mutate({ kind: chat.kind, chatId: chat.chatId, idempotencyKey, body }, callbacks);
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={nextVersion ? t('versions.reviseTitle', { version: nextVersion }) : t('generate.title')}
      closeLabel={t('common:modal.close')}
      size="lg"
    >
      {unregistered.length > 0 && !refusedForTax ? (
        <TaxRegistrationNotice
          names={unregistered.map((storefront) => storefront.name)}
          quebec={chat.deliveryProvince === 'QC'}
          blocking={cannotInvoice}
          onClose={onClose}
        />
      ) : null}
      {cannotInvoice ? null : (
        <form onSubmit={submit} noValidate className="space-y-3">
          <p className="text-sm text-gray-800">
            <span className="font-medium">
              {subjectNameIn({ name: chat.subjectName, nameFr: chat.subjectNameFr ?? null }, i18n.language)}
            </span>
            {chat.quantity !== null && !revision ? (
              <span> · {t('generate.quantity', { count: chat.quantity })}</span>
            ) : null}
            {chat.deliveryProvince ? (
              <span> · {t('generate.deliveryTo', { province: chat.deliveryProvince })}</span>
            ) : null}
          </p>
          {revision ? (
            <p className="text-sm text-gray-700">
              {t(revision.from === 'counterOffer' ? 'versions.reviseOfOffer' : 'versions.reviseOf', {
                version: revision.invoice.version,
              })}
            </p>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-2">
            {revision ? (
              <Field label={t('versions.quantity')} error={fieldError(t, errors.quantity?.message)} required>
                {(p) => (
                  <Input
                    {...p}
                    type="number"
                    min={1}
                    inputMode="numeric"
                    {...form.register('quantity', {
                      setValueAs: (v: unknown) =>
                        v === '' || v === null || v === undefined ? undefined : Number(v),
                    })}
                  />
                )}
              </Field>
            ) : null}
            <Field
              label={t('generate.negotiatedPrice')}
              hint={t('generate.dollarsHint')}
              error={fieldError(
                t,
                errors.negotiatedPriceCents
                  ? moneyMessage(errors.negotiatedPriceCents.message, 'errors:INVOICE_PRICE_REQUIRED')
                  : undefined,
              )}
              required
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register('negotiatedPriceCents', money)}
                />
              )}
            </Field>
            <Field
              label={t('generate.shipping')}
              hint={t('generate.dollarsHint')}
              error={fieldError(
                t,
                errors.shippingCents
                  ? moneyMessage(errors.shippingCents.message, 'errors:INVOICE_AMOUNT_CENTS')
                  : undefined,
              )}
            >
              {(p) => (
                <Input
                  {...p}
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register('shippingCents', money)}
                />
              )}
            </Field>
          </div>

          <fieldset className="rounded-md border border-gray-200 p-3">
            <legend className="px-1 text-sm font-medium text-gray-800">{t('generate.tax')}</legend>
            {!overriding ? (
              computedLines ? (
                <ul className="space-y-0.5 text-sm text-gray-800" aria-label={t('generate.taxLines')}>
                  {computedLines.map((line) => (
                    <li key={line.code} className="flex justify-between gap-2">
                      <span>
                        {t('summary.taxLine', { code: t(`taxCodes.${line.code}`), rate: line.ratePercent })}
                      </span>
                      <span>{amountsValid ? format.money(line.amountCents) : none}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-gray-700">{t('generate.taxUnknown')}</p>
              )
            ) : null}
            <label className="mt-2 flex items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                checked={overriding}
                onChange={(event) => setOverriding(event.target.checked)}
              />
              {t('generate.override')}
            </label>
            {overriding ? (
              <div className="mt-2 space-y-2">
                {taxOverride.lines.map((line, index) => {
                  const expected = table.find((rate) => rate.code === line.code)?.ratePercent ?? '0';
                  const amount = overrideAmounts[index];
                  return (
                    <div key={line.code} className="grid grid-cols-[1fr_auto] items-end gap-2">
                      <Field
                        label={t('generate.overrideRate', { code: t(`taxCodes.${line.code}`) })}
                        hint={t('generate.overrideRateHint', { rate: expected })}
                        error={fieldError(
                          t,
                          errors.taxOverride?.lines?.[index]?.ratePercent?.message ??
                            errors.taxOverride?.lines?.[index]?.amountCents?.message ??
                            errors.taxOverride?.lines?.[index]?.code?.message,
                        )}
                      >
                        {(p) => (
                          <Input
                            {...p}
                            inputMode="decimal"
                            autoComplete="off"
                            {...form.register(`taxOverride.lines.${index}.ratePercent`, {
                              setValueAs: (value: unknown) =>
                                String(value ?? '')
                                  .trim()
                                  .replace(',', '.'),
                            })}
                          />
                        )}
                      </Field>
                      <p className="pb-2 text-sm text-gray-800">
                        <span className="sr-only">{t('generate.overrideAmount')} </span>
                        {amount === null || amount === undefined ? '—' : format.money(amount)}
                      </p>
                    </div>
                  );
                })}
                {asksReason ? (
                  <fieldset>
                    <legend className="text-sm font-medium text-gray-800">
                      {t('generate.overrideReason')}
                      <span aria-hidden="true"> *</span>
                    </legend>
                    <div
                      role="radiogroup"
                      aria-label={t('generate.overrideReason')}
                      aria-required="true"
                      aria-invalid={Boolean(errors.taxOverride?.reason)}
                      aria-describedby={errors.taxOverride?.reason ? 'tax-override-reason-error' : undefined}
                      className="mt-1 flex flex-wrap gap-3 text-sm"
                    >
                      {taxOverrideReasons.map((reason) => (
                        <label key={reason} className="flex items-center gap-1">
                          <input type="radio" value={reason} {...form.register('taxOverride.reason')} />
                          {t(`generate.overrideReasons.${reason}`)}
                        </label>
                      ))}
                    </div>
                    {errors.taxOverride?.reason ? (
                      <p id="tax-override-reason-error" className="mt-1 text-sm text-red-700">
                        {fieldError(t, errors.taxOverride.reason.message)}
                      </p>
                    ) : null}
                  </fieldset>
                ) : null}
                {asksReason && taxOverride.reason === 'exemptionCertificate' ? (
                  <Field
                    label={t('generate.certificateNumber')}
                    error={fieldError(t, errors.taxOverride?.certificateNumber?.message)}
                    required
                  >
                    {(p) => (
                      <Input
                        {...p}
                        maxLength={40}
                        autoComplete="off"
                        {...form.register('taxOverride.certificateNumber')}
                      />
                    )}
                  </Field>
                ) : null}
              </div>
            ) : null}
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('generate.leadDays')} error={fieldError(t, errors.leadDays?.message)}>
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  {...form.register('leadDays', {
                    setValueAs: (v: unknown) =>
                      v === '' || v === null || v === undefined ? null : Number(v),
                  })}
                />
              )}
            </Field>
            <Field
              label={t('generate.deadline')}
              hint={t('generate.deadlineHint')}
              error={fieldError(t, errors.deadline?.message)}
            >
              {(p) => (
                <Input
                  {...p}
                  type="date"
                  min={invoiceDate}
                  {...form.register('deadline', {
                    setValueAs: (v: unknown) => (v === '' || v === null ? undefined : v),
                  })}
                />
              )}
            </Field>
            <Field label={t('generate.expiry')} error={fieldError(t, errors.expiresInHours?.message)}>
              {(p) => (
                <select
                  {...p}
                  className={inputClasses(Boolean(errors.expiresInHours))}
                  defaultValue={String(invoiceExpiryHours.default)}
                  {...form.register('expiresInHours', { setValueAs: (v: unknown) => Number(v) })}
                >
                  {expiryChoices.map((hours) => (
                    <option key={hours} value={hours}>
                      {hours % 24 === 0
                        ? t('generate.expiryDays', { count: hours / 24 })
                        : t('generate.expiryHours', { count: hours })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <Field label={t('generate.paymentTerms')} error={fieldError(t, errors.paymentTerms?.message)}>
            {(p) => <Textarea {...p} rows={2} maxLength={2000} {...form.register('paymentTerms')} />}
          </Field>
          <Field label={t('generate.deliveryTerms')} error={fieldError(t, errors.deliveryTerms?.message)}>
            {(p) => <Textarea {...p} rows={2} maxLength={2000} {...form.register('deliveryTerms')} />}
          </Field>
          <Field label={t('generate.notes')} error={fieldError(t, errors.notes?.message)}>
            {(p) => <Textarea {...p} rows={2} maxLength={5000} {...form.register('notes')} />}
          </Field>

          <dl className="rounded-md bg-gray-50 p-3 text-sm" aria-live="polite" aria-atomic="true">
            <div className="flex justify-between gap-2">
              <dt>{t('summary.negotiatedPrice')}</dt>
              <dd>{priceValid ? format.money(centsOrZero(price)) : none}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>{t('summary.shipping')}</dt>
              <dd>{shippingValid ? format.money(centsOrZero(shipping)) : none}</dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt>{t('summary.tax')}</dt>
              <dd>{amountsValid ? format.money(taxCents) : none}</dd>
            </div>
            <div className="mt-1 flex justify-between gap-2 border-t border-gray-200 pt-1 font-semibold">
              <dt>{t('summary.total')}</dt>
              <dd data-testid="invoice-total">{totalCents === null ? none : format.money(totalCents)}</dd>
            </div>
            {totalCents === null ? (
              <p className="mt-1 text-xs text-gray-600">{t('summary.totalAfterValidAmounts')}</p>
            ) : null}
            {totalCents !== null && fee.data ? (
              <>
                <div className="mt-2 flex justify-between gap-2 text-gray-700">
                  <dt>{t('summary.platformFee', { rate: format.number(fee.data.rateBps / 100) })}</dt>
                  <dd data-testid="invoice-platform-fee">−{format.money(fee.data.feeCents)}</dd>
                </div>
                <div className="flex justify-between gap-2 text-gray-700">
                  <dt>{t('summary.platformFeeTax')}</dt>
                  <dd>−{format.money(fee.data.feeTaxCents)}</dd>
                </div>
                <div className="flex justify-between gap-2 font-semibold">
                  <dt>{t('summary.sellerNet')}</dt>
                  <dd data-testid="invoice-seller-net">{format.money(fee.data.sellerShareCents)}</dd>
                </div>
              </>
            ) : null}
          </dl>
          {issue.error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {invoiceActionFailure(t, issue.error)}
              {refusedForTax ? (
                <>
                  {' '}
                  <Link to={to('sellerTaxRegistration')} onClick={onClose} className="underline">
                    {t('taxNotice.link')}
                  </Link>
                </>
              ) : null}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={issue.isPending}>
              {nextVersion ? t('versions.reviseTitle', { version: nextVersion }) : t('generate.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/**
 * Shown as the modal opens when the seller's tax registration would make the server refuse the invoice: what is
 * missing and a link to the seller centre form. `blocking` (no storefront can invoice) replaces the form.
 */
function TaxRegistrationNotice({
  names,
  quebec,
  blocking,
  onClose,
}: {
  names: string[];
  quebec: boolean;
  blocking: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  return (
    <div
      role={blocking ? 'alert' : 'status'}
      className="mb-3 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900"
    >
      <p className="font-medium">{t('taxNotice.title')}</p>
      <p>{t(quebec ? 'taxNotice.textQuebec' : 'taxNotice.text', { names: names.join(', ') })}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Link
          to={to('sellerTaxRegistration')}
          onClick={onClose}
          className="font-medium text-maple-700 underline"
        >
          {t('taxNotice.link')}
        </Link>
        {blocking ? (
          <Button type="button" size="sm" variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A money field's message: the schema's code, or `fallback` when the typed text was not an amount at all. */
function moneyMessage(message: string | undefined, fallback: string): string {
  return message && /^errors:[A-Z_]+$/.test(message) ? message : fallback;
}
