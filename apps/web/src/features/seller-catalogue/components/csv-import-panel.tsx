import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  csvColumnsOf,
  type CsvImportResponse,
  type SellerItemKind,
} from '@maplesource/contracts/seller-catalogue';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/http';
import { randomUuid } from '../../../lib/random-uuid';
import { downloadCsv } from '../api/download-catalogue-csv';
import { useImportJob } from '../api/get-import-job';
import { useImportCsv } from '../api/import-catalogue-csv';
import { toast } from '../../../lib/toast-store';

/**
 * Bulk import (decision 288): download the template (English or French headers), choose a file, check it (a dry
 * run lists every row's errors by line and column), then import it: a job whose progress bar follows the rows
 * written. The same file imported again changes nothing. Export gives the catalogue in the same shape.
 */
export function CsvImportPanel({ kind, sellerId }: { kind: SellerItemKind; sellerId: number }) {
  const { t, i18n } = useTranslation('sellerCatalogue');
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<CsvImportResponse | null>(null);
  const [jobId, setJobId] = useState<string | undefined>(undefined);
  const [repeated, setRepeated] = useState(false);
  const dryRun = useImportCsv(kind);
  const run = useImportCsv(kind);
  const job = useImportJob(kind, jobId);
  const lang = i18n.language === 'fr' ? 'fr' : 'en';
  const columnName = (key: string) => {
    const column = csvColumnsOf(kind).find((c) => c.key === key);
    return column ? column[lang] : key;
  };
  const message = (text: string) => (/^errors:[A-Z_]+$/.test(text) ? t(text) : text);

  const checkFile = (chosen: File) => {
    setCheck(null);
    setJobId(undefined);
    setRepeated(false);
    dryRun.mutate(
      { sellerId, file: chosen, dryRun: true, key: randomUuid() },
      { onSuccess: (answer) => setCheck(answer) },
    );
  };

  return (
    <section
      aria-labelledby={`${kind}-csv`}
      className="space-y-3 rounded-md border border-gray-200 bg-white p-4"
    >
      <h2 id={`${kind}-csv`} className="text-lg font-semibold text-gray-900">
        {t('csv.title')}
      </h2>
      <p className="text-sm text-gray-700">{t('csv.intro')}</p>
      <div className="flex flex-wrap gap-2">
        {(
          [
            ['csv-template', 'en', t('csv.templateEn')],
            ['csv-template', 'fr', t('csv.templateFr')],
            ['csv-export', lang, t('csv.export')],
          ] as const
        ).map(([fileKind, language, label]) => (
          <Button
            key={`${fileKind}-${language}`}
            size="sm"
            variant="secondary"
            onClick={() =>
              void downloadCsv(kind, sellerId, fileKind, language).catch((error: unknown) =>
                toast.error(errorMessage(t, error)),
              )
            }
          >
            {label}
          </Button>
        ))}
      </div>
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-gray-800">
          {t('csv.file')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block w-full text-sm"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            event.target.value = '';
            setFile(chosen);
            if (chosen) checkFile(chosen);
          }}
        />
      </div>
      {dryRun.isPending ? (
        <p role="status" className="text-sm text-gray-700">
          {t('csv.checking')}
        </p>
      ) : null}
      {dryRun.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, dryRun.error)}
        </p>
      ) : null}
      {check ? (
        check.errors.length > 0 ? (
          <div role="alert" className="space-y-2">
            <p className="text-sm font-medium text-red-700">
              {t('csv.errors', { count: check.errors.length, rows: check.rows })}
            </p>
            <div className="max-h-80 overflow-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('csv.errorsCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="pr-2">
                      {t('csv.line')}
                    </th>
                    <th scope="col" className="pr-2">
                      {t('csv.column')}
                    </th>
                    <th scope="col">{t('csv.problem')}</th>
                  </tr>
                </thead>
                <tbody>
                  {check.errors.map((error, i) => (
                    <tr key={i} className="align-top">
                      <td className="pr-2">{error.line}</td>
                      <td className="pr-2 break-words">{columnName(error.column)}</td>
                      <td className="break-words">{message(error.message)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : (
          <div className="space-y-2">
            <p role="status" className="text-sm text-gray-800">
              {t('csv.ready', { rows: check.rows })}
            </p>
            {jobId === undefined ? (
              <Button
                disabled={run.isPending || !file}
                onClick={() =>
                  file &&
                  run.mutate(
                    { sellerId, file, dryRun: false, key: randomUuid() },
                    {
                      onSuccess: (answer) => {
                        setRepeated(answer.repeated);
                        setJobId(answer.job?.id);
                      },
                    },
                  )
                }
              >
                {t('csv.import', { rows: check.rows })}
              </Button>
            ) : null}
          </div>
        )
      ) : null}
      {run.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, run.error)}
        </p>
      ) : null}
      {jobId !== undefined && job.data ? (
        <div className="space-y-1">
          {repeated ? <p className="text-sm text-gray-700">{t('csv.repeated')}</p> : null}
          <progress
            className="w-full"
            max={Math.max(1, job.data.total)}
            value={job.data.processed}
            aria-label={t('csv.progress')}
          />
          <p role="status" className="text-sm text-gray-800">
            {job.data.status === 'done'
              ? t('csv.done', {
                  created: job.data.created,
                  updated: job.data.updated,
                  unchanged: job.data.unchanged,
                })
              : job.data.status === 'failed'
                ? t('csv.failed')
                : t('csv.running', { processed: job.data.processed, total: job.data.total })}
          </p>
        </div>
      ) : null}
    </section>
  );
}
