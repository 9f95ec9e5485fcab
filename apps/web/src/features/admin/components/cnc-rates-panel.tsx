import { useMemo, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CNC_FINISHES, CNC_MATERIALS, type CncRates } from '@maplesource/contracts/cnc-pricing';
import type { CncRatesInput } from '@maplesource/contracts/cnc-rates';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-states';
import { fieldError } from '../../../lib/field-error';
import { useFormat } from '../../../lib/format';
import { errorMessage, isApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useAddCncRates, useCncRates } from '../api/cnc-rates';
import {
  cncRatesFieldMessage,
  cncRatesFormSchema,
  cncRatesFormValues,
  firstFreeDate,
  torontoToday,
  type CncRatesFormValues,
} from '../cnc-rates-form-schema';

const heading = 'mb-2 text-lg font-semibold text-gray-900';
const legend = 'text-sm font-semibold text-gray-900';
const fieldset = 'space-y-3 rounded-md border border-gray-200 p-3';
const grid = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3';

/** The server's refusals that belong to one field (decision 322). */
const refusalField: Record<string, FieldPath<CncRatesFormValues>> = {
  CNC_RATES_DATE_INVALID: 'effectiveFrom',
  CNC_RATES_DATE_IN_PAST: 'effectiveFrom',
  CNC_RATES_DATE_TAKEN: 'effectiveFrom',
  CNC_RATES_EXPEDITED_SLOWER: 'expeditedLeadDays',
};

/** A row's place in time: the one in effect, one still to come, or one an later row replaced. */
type RowState = 'current' | 'scheduled' | 'past';
const rowState = (date: string, current: string | null): RowState =>
  date === current ? 'current' : current === null || date > current ? 'scheduled' : 'past';

/**
 * The CNC instant quote's dated rates (decision 322): every row, newest date first, the one in effect marked and the
 * ones to come marked scheduled; and a form adding a row, filled from the row in effect, dated today (Toronto) or
 * later. Rows are never edited: a change is a new row from its date. Loaded with its tab only.
 */
export function CncRatesPanel() {
  const { t } = useTranslation('admin');
  const rates = useCncRates();
  const items = rates.data?.items ?? [];
  const current = rates.data?.currentEffectiveFrom ?? null;
  return (
    <div className="space-y-10">
      <p className="text-sm text-gray-600">{t('cncRates.intro')}</p>
      <section aria-labelledby="cnc-rates-rows">
        <h2 id="cnc-rates-rows" className={heading}>
          {t('cncRates.rows.title')}
        </h2>
        <QueryState
          isPending={rates.isPending}
          error={rates.error}
          isEmpty={items.length === 0}
          onRetry={() => void rates.refetch()}
          emptyTitle={t('cncRates.rows.empty')}
        >
          <ol className="space-y-3" aria-labelledby="cnc-rates-rows">
            {items.map((row) => (
              <RatesRow key={row.effectiveFrom} rates={row} state={rowState(row.effectiveFrom, current)} />
            ))}
          </ol>
        </QueryState>
      </section>
      {rates.data ? <AddRatesSection items={items} current={current} /> : null}
    </div>
  );
}

function RatesRow({ rates, state }: { rates: CncRates; state: RowState }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const id = `cnc-rates-${rates.effectiveFrom}`;
  const stateClass =
    state === 'current'
      ? 'bg-green-100 text-green-900'
      : state === 'scheduled'
        ? 'bg-blue-100 text-blue-900'
        : 'bg-gray-100 text-gray-800';
  const number = (value: number) => format.number(value, { maximumFractionDigits: 4 });
  return (
    <li
      aria-labelledby={id}
      className={`rounded-md border p-3 text-sm ${state === 'current' ? 'border-green-600' : 'border-gray-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={id} className="font-semibold text-gray-900">
          {t('cncRates.rows.from', {
            date: format.date(`${rates.effectiveFrom}T12:00:00`, { dateStyle: 'long' }),
          })}{' '}
          <span className="font-normal text-gray-700">({rates.effectiveFrom})</span>
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${stateClass}`}>
          {t(`cncRates.rows.states.${state}`)}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label={t('cncRates.fields.shopRate')} value={format.money(rates.shopCentsPerHour)} />
        <Fact label={t('cncRates.fields.setup')} value={format.money(rates.setupCents)} />
        <Fact
          label={t('cncRates.fields.leadDays')}
          value={t('cncRates.rows.leadDays', {
            standard: rates.standardLeadDays,
            expedited: rates.expeditedLeadDays,
            factor: number(rates.expeditedFactor),
          })}
        />
        <Fact label={t('cncRates.fields.stockAllowance')} value={`${number(rates.stockAllowanceMm)} mm`} />
        <Fact label={t('cncRates.fields.removalRate')} value={`${number(rates.removalCm3PerHour)} cm³/h`} />
        <Fact label={t('cncRates.fields.tightTolerance')} value={`× ${number(rates.tightToleranceFactor)}`} />
        <Fact
          label={t('cncRates.fields.envelope')}
          value={`${rates.machineEnvelopeMm.map(number).join(' × ')} mm`}
        />
      </dl>
      <details className="mt-2">
        <summary className="cursor-pointer text-maple-700 underline">{t('cncRates.rows.details')}</summary>
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-2">
          {CNC_MATERIALS.map((material) => (
            <Fact
              key={material}
              label={t(`cncRates.materials.${material}`)}
              value={t('cncRates.rows.material', {
                cents: number(rates.materials[material].centsPerCm3),
                machinability: number(rates.materials[material].machinability),
              })}
            />
          ))}
          {CNC_FINISHES.map((finish) => (
            <Fact
              key={finish}
              label={t(`cncRates.finishes.${finish}`)}
              value={t('cncRates.rows.finish', { amount: format.money(rates.finishCentsPerPart[finish]) })}
            />
          ))}
        </dl>
      </details>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-1">
      <dt className="text-gray-600">{label}:</dt>
      <dd className="text-gray-900">{value}</dd>
    </div>
  );
}

function AddRatesSection({ items, current }: { items: readonly CncRates[]; current: string | null }) {
  const { t } = useTranslation('admin');
  const [today] = useState(() => torontoToday());
  const base = items.find((row) => row.effectiveFrom === current) ?? items[0] ?? null;
  const defaults = cncRatesFormValues(
    base,
    firstFreeDate(
      items.map((row) => row.effectiveFrom),
      today,
    ),
  );
  return (
    <section aria-labelledby="cnc-rates-add">
      <h2 id="cnc-rates-add" className={heading}>
        {t('cncRates.add.title')}
      </h2>
      <p className="mb-3 text-sm text-gray-600">
        {base ? t('cncRates.add.intro', { date: base.effectiveFrom }) : t('cncRates.add.introEmpty')}
      </p>
      {/* Keyed by the rows' dates: once a row is added the form starts again from the row in effect. */}
      <AddRatesForm key={items.map((row) => row.effectiveFrom).join()} defaults={defaults} today={today} />
    </section>
  );
}

function AddRatesForm({ defaults, today }: { defaults: CncRatesFormValues; today: string }) {
  const { t } = useTranslation('admin');
  const schema = useMemo(() => cncRatesFormSchema(() => torontoToday()), []);
  const form = useForm<CncRatesFormValues, unknown, CncRatesInput>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
  });
  const add = useAddCncRates();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { errors } = form.formState;
  const error = (path: FieldPath<CncRatesFormValues>) =>
    fieldError(t, form.getFieldState(path, form.formState).error?.message);

  const submit = form.handleSubmit((rates) => {
    setRefusal(null);
    add.mutate(rates, {
      onSuccess: (added) => {
        toast.success(t('cncRates.add.done', { date: added.effectiveFrom }));
      },
      onError: (cause) => {
        setRefusal(errorMessage(t, cause));
        if (!isApiError(cause)) return;
        const field = refusalField[cause.code];
        if (field) {
          form.setError(field, { message: `errors:${cause.code}` }, { shouldFocus: true });
          return;
        }
        const fields = Object.entries(cause.fields ?? {});
        fields.forEach(([path, message], index) =>
          form.setError(
            path as FieldPath<CncRatesFormValues>,
            { message: cncRatesFieldMessage(path, message) },
            { shouldFocus: index === 0 },
          ),
        );
      },
    });
  });

  const text = (path: FieldPath<CncRatesFormValues>, label: string, options: { hint?: string } = {}) => (
    <Field label={label} hint={options.hint} error={error(path)} required>
      {(p) => <Input {...p} inputMode="decimal" autoComplete="off" {...form.register(path)} />}
    </Field>
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="cnc-rates-add"
      className="space-y-4"
    >
      <Field
        label={t('cncRates.fields.effectiveFrom')}
        hint={t('cncRates.fields.effectiveFromHint')}
        error={fieldError(t, errors.effectiveFrom?.message)}
        required
        className="max-w-xs"
      >
        {(p) => <Input {...p} type="date" min={today} {...form.register('effectiveFrom')} />}
      </Field>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('cncRates.add.shop')}</legend>
        <div className={grid}>
          {text('shopCentsPerHour', t('cncRates.fields.shopRate'), {
            hint: t('cncRates.fields.shopRateHint'),
          })}
          {text('setupCents', t('cncRates.fields.setup'), { hint: t('cncRates.fields.dollarsHint') })}
          {text('stockAllowanceMm', t('cncRates.fields.stockAllowance'), {
            hint: t('cncRates.fields.stockAllowanceHint'),
          })}
          {text('removalCm3PerHour', t('cncRates.fields.removalRate'), {
            hint: t('cncRates.fields.removalRateHint'),
          })}
          {text('tightToleranceFactor', t('cncRates.fields.tightTolerance'), {
            hint: t('cncRates.fields.factorHint'),
          })}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('cncRates.add.lead')}</legend>
        <div className={grid}>
          {text('standardLeadDays', t('cncRates.fields.standardLeadDays'), {
            hint: t('cncRates.fields.daysHint'),
          })}
          {text('expeditedLeadDays', t('cncRates.fields.expeditedLeadDays'), {
            hint: t('cncRates.fields.expeditedLeadDaysHint'),
          })}
          {text('expeditedFactor', t('cncRates.fields.expeditedFactor'), {
            hint: t('cncRates.fields.factorHint'),
          })}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('cncRates.add.materials')}</legend>
        <p className="text-xs text-gray-600">{t('cncRates.add.materialsHint')}</p>
        <div className="space-y-3">
          {CNC_MATERIALS.map((material) => {
            const name = t(`cncRates.materials.${material}`);
            return (
              <fieldset key={material} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <legend className="mb-1 text-sm font-medium text-gray-900">{name}</legend>
                {text(`materials.${material}.centsPerCm3`, t('cncRates.fields.centsPerCm3', { name }))}
                {text(`materials.${material}.machinability`, t('cncRates.fields.machinability', { name }))}
              </fieldset>
            );
          })}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('cncRates.add.finishes')}</legend>
        <p className="text-xs text-gray-600">{t('cncRates.add.finishesHint')}</p>
        <div className={grid}>
          {CNC_FINISHES.map((finish) => {
            const name = t(`cncRates.finishes.${finish}`);
            return (
              <div key={finish}>
                {text(`finishCentsPerPart.${finish}`, t('cncRates.fields.finish', { name }))}
              </div>
            );
          })}
        </div>
      </fieldset>

      <fieldset className={fieldset}>
        <legend className={legend}>{t('cncRates.fields.envelope')}</legend>
        <p className="text-xs text-gray-600">{t('cncRates.add.envelopeHint')}</p>
        <div className={grid}>
          {([0, 1, 2] as const).map((index) => (
            <div key={index}>
              {text(`machineEnvelopeMm.${index}`, t(`cncRates.fields.envelopeSides.${index}`))}
            </div>
          ))}
        </div>
      </fieldset>

      {refusal ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" loading={add.isPending}>
        {t('cncRates.add.submit')}
      </Button>
    </form>
  );
}
