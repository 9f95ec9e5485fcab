import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFormats, invoiceExportQuerySchema, type ExportFormat } from '@maplesource/contracts/exports';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { downloadExport, type ExportDocument, type ExportSide } from '../api/download-export';

/** Today in Toronto time, 'YYYY-MM-DD' (the exports' days are Toronto days, decision 251). */
function torontoToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * "Export for your accountant": invoices or orders of a period, as plain CSV or (invoices) the QuickBooks Online or
 * Xero import layout, downloaded from the export routes (decision 251). The buyer's My orders and the seller centre's
 * orders screen each show one, for their side.
 */
export function ExportPanel({ side }: { side: ExportSide }) {
  const { t } = useTranslation(['orders', 'errors']);
  const headingId = useId();
  const today = torontoToday();
  const [documentKind, setDocumentKind] = useState<ExportDocument>('invoices');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const parsed = invoiceExportQuerySchema.safeParse({ from, to, format });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'errors:EXPORT_PERIOD_INVALID';
      setError(t(message));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await downloadExport({ side, document: documentKind, format, from, to });
      setDone(true);
    } catch (cause) {
      const code =
        cause && typeof cause === 'object' && 'fields' in cause
          ? Object.values((cause as { fields?: Record<string, string> }).fields ?? {})[0]
          : undefined;
      setError(code?.startsWith('errors:') ? t(code) : errorMessage(t, cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4">
      <h2 id={headingId} className="text-base font-semibold text-gray-900">
        {t('orders:export.title')}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t(`orders:export.intro.${side}`)}</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <Field label={t('orders:export.document')}>
          {(p) => (
            <select
              {...p}
              className={inputClasses(false)}
              value={documentKind}
              onChange={(event) => setDocumentKind(event.target.value as ExportDocument)}
            >
              <option value="invoices">{t('orders:export.documents.invoices')}</option>
              <option value="orders">{t('orders:export.documents.orders')}</option>
            </select>
          )}
        </Field>
        <Field
          label={t('orders:export.format')}
          hint={documentKind === 'orders' ? t('orders:export.ordersCsvOnly') : undefined}
        >
          {(p) => (
            <select
              {...p}
              className={inputClasses(false)}
              value={documentKind === 'orders' ? 'csv' : format}
              disabled={documentKind === 'orders'}
              onChange={(event) => setFormat(event.target.value as ExportFormat)}
            >
              {exportFormats.map((value) => (
                <option key={value} value={value}>
                  {t(`orders:export.formats.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('orders:export.from')} required>
          {(p) => <Input {...p} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}
        </Field>
        <Field label={t('orders:export.to')} required>
          {(p) => <Input {...p} type="date" value={to} onChange={(event) => setTo(event.target.value)} />}
        </Field>
        <Button type="submit" variant="secondary" loading={busy}>
          {t('orders:export.download')}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-gray-700">
        {done ? t('orders:export.done') : ''}
      </p>
    </section>
  );
}
