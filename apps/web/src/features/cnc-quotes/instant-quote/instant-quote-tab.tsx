import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type DragEvent,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CNC_FINISHES,
  CNC_LEAD_TIMES,
  CNC_MATERIALS,
  CNC_TOLERANCES,
  cncDfmNotes,
  cncInstantPriceAvailable,
  finishSuitsMaterial,
  priceCncQuantityBreaks,
  type CncGeometry,
  type CncOptions,
  type CncRates,
} from '@maplesource/contracts/cnc-pricing';
import type { CncQuote } from '@maplesource/contracts/cnc-quotes';
import { meshInMillimetres, type CadUnits } from '@maplesource/contracts/cad/units';
import { formatCad } from '@maplesource/contracts/money';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { inputClasses } from '../../../components/ui/field';
import { LoadError, LoadingState } from '../../../components/ui/query-states';
import { formatDate, formatNumber } from '../../../lib/format';
import { formatUpToDecimals } from '../../../lib/up-to-decimals';
import { errorMessage, isApiError } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';
import { useRequireLogin } from '../../../lib/use-require-login';
import { fetchQuoteFile, saveCncQuote, useCncQuote, useCurrentCncRates } from '../api/instant-quote';
import {
  analyseInWorker,
  BrowserAnalysisFailed,
  createAnalysisWorker,
  type AnalysisResult,
} from '../analysis/protocol';
import { initialUnits, unitsCheck } from '../analysis/units-check';
import { NoInstantPrice } from './no-instant-price';
import { priceInWords } from './price-in-words';
import { ResultFontsWarmUp } from './result-fonts';
import { usePrepareOcct } from './use-prepare-occt';

const PartPreview = lazy(() => import('./part-preview'));

const DEFAULT_OPTIONS: CncOptions = {
  material: 'aluminium-6061',
  finish: 'as-machined',
  tolerance: 'standard',
  leadTime: 'standard',
  quantity: 1,
};
/** The options survive a sign-in that reloads the page (decision 324: nothing lost). */
const OPTIONS_KEY = 'cnc-quote-options';

function storedOptions(): CncOptions {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(OPTIONS_KEY) ?? 'null') as Partial<CncOptions> | null;
    if (!parsed) return DEFAULT_OPTIONS;
    const merged = { ...DEFAULT_OPTIONS, ...parsed };
    const valid =
      (CNC_MATERIALS as readonly string[]).includes(merged.material) &&
      (CNC_FINISHES as readonly string[]).includes(merged.finish) &&
      (CNC_TOLERANCES as readonly string[]).includes(merged.tolerance) &&
      (CNC_LEAD_TIMES as readonly string[]).includes(merged.leadTime) &&
      Number.isSafeInteger(merged.quantity) &&
      merged.quantity >= 1 &&
      merged.quantity <= 10_000;
    return valid ? merged : DEFAULT_OPTIONS;
  } catch {
    return DEFAULT_OPTIONS;
  }
}

type Analysis =
  | { state: 'idle' }
  | { state: 'analysing'; file: File }
  | { state: 'done'; file: File; result: AnalysisResult }
  | { state: 'failed'; file: File; code: string };

const toCncGeometry = (result: AnalysisResult, units: CadUnits): CncGeometry => {
  const mesh = result.kind === 'stl' ? meshInMillimetres(result.geometry, units) : result.geometry;
  return {
    volumeMm3: mesh.volume,
    surfaceAreaMm2: mesh.surfaceArea,
    boundingBoxMm: mesh.boundingBox,
    closed: mesh.closed,
  };
};

/** The instant quote (decision 324): the part measured in a worker, priced at once, explained, saved on demand. */
export function InstantQuoteTab() {
  const { t, i18n } = useTranslation('cncQuotes');
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const [search] = useSearchParams();
  const quoteId = search.get('quote');
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const rates = useCurrentCncRates();
  const savedQuote = useCncQuote(quoteId, isLoggedIn);

  const [analysis, setAnalysis] = useState<Analysis>({ state: 'idle' });
  const [units, setUnits] = useState<CadUnits>('mm');
  const [options, setOptions] = useState<CncOptions>(storedOptions);
  const [quantityText, setQuantityText] = useState(String(options.quantity));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saved, setSaved] = useState<CncQuote | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  // Decision 344: OpenCascade prepared at idle, so the first STEP file does not compile it.
  const occt = usePrepareOcct();

  useEffect(() => {
    try {
      sessionStorage.setItem(OPTIONS_KEY, JSON.stringify(options));
    } catch {
      // storage disabled: the options stay in this page only
    }
  }, [options]);
  useEffect(() => () => abortRef.current?.abort(), []);

  const analyse = useCallback((file: File, preset?: { units: CadUnits }) => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setAnalysis({ state: 'analysing', file });
    setSaved(null);
    setSaveError(null);
    analyseInWorker(file, createAnalysisWorker, { signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        // The figures, the price and the preview's frame are rendered in slices that yield to the page
        // (a transition), not in one task as the answer arrives (decision 337: no task over 50 ms).
        startTransition(() => {
          setUnits(preset?.units ?? initialUnits(result.kind, result.unitsFromFile));
          setAnalysis({ state: 'done', file, result });
        });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const code = error instanceof BrowserAnalysisFailed ? error.code : 'CNC_FILE_TOO_COMPLEX';
        setAnalysis({ state: 'failed', file, code });
      },
    );
  }, []);

  // ?quote=<id>: the saved quote's options, and its file for the preview when the server kept it.
  const openedQuote = useRef<string | null>(null);
  useEffect(() => {
    const quote = savedQuote.data;
    if (!quote || openedQuote.current === quote.id) return;
    openedQuote.current = quote.id;
    setOptions(quote.options);
    setQuantityText(String(quote.options.quantity));
    const controller = new AbortController();
    void fetchQuoteFile(quote, controller.signal)
      .then((file) => {
        if (file) analyse(file);
      })
      .catch(() => undefined);
  }, [savedQuote.data, analyse]);

  const result = analysis.state === 'done' ? analysis.result : null;
  const geometry = useMemo(() => (result ? toCncGeometry(result, units) : null), [result, units]);

  const setOption = <K extends keyof CncOptions>(key: K, value: CncOptions[K]) =>
    setOptions((current) => {
      const next = { ...current, [key]: value };
      // Anodizing suits aluminium only (decision 302): another material falls back to as machined.
      if (!finishSuitsMaterial(next.finish, next.material)) next.finish = 'as-machined';
      return next;
    });

  const onQuantity = (text: string) => {
    setQuantityText(text);
    const value = Number(text);
    if (/^\d+$/.test(text.trim()) && Number.isSafeInteger(value) && value >= 1 && value <= 10_000)
      setOption('quantity', value);
  };
  const quantityValid =
    /^\d+$/.test(quantityText.trim()) && Number(quantityText) >= 1 && Number(quantityText) <= 10_000;

  const requireLogin = useRequireLogin();
  const save = async () => {
    if (analysis.state !== 'done' || !quantityValid) return;
    if (!requireLogin()) return;
    setSaving(true);
    setSaveError(null);
    try {
      setSaved(await saveCncQuote({ file: analysis.file, options, units }));
    } catch (error) {
      if (isApiError(error) && error.status === 401) requireLogin();
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" data-opencascade={occt}>
      <ResultFontsWarmUp />
      <div className="min-w-0 space-y-6">
        {quoteId && isLoggedIn ? <SavedQuoteHeader query={savedQuote} language={language} /> : null}
        <FilePicker analysis={analysis} onFile={analyse} />
        {analysis.state === 'failed' ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            {t(`errors:${analysis.code}`)}
          </p>
        ) : null}
        {result ? (
          <>
            <Suspense fallback={<p className="text-sm text-gray-600">{t('preview.loading')}</p>}>
              <PartPreview
                positions={result.positions}
                normals={result.normals}
                simplified={result.previewSimplified}
                name={analysis.state === 'done' ? analysis.file.name : ''}
                description={t('preview.alt', {
                  x: formatUpToDecimals(geometry!.boundingBoxMm[0], 1, language),
                  y: formatUpToDecimals(geometry!.boundingBoxMm[1], 1, language),
                  z: formatUpToDecimals(geometry!.boundingBoxMm[2], 1, language),
                  triangles: formatNumber(result.geometry.triangles, language),
                  closed: t(result.geometry.closed ? 'figures.closedYes' : 'figures.closedNo'),
                })}
              />
            </Suspense>
            <UnitsChoice result={result} units={units} onUnits={setUnits} language={language} />
            <Figures geometry={geometry!} triangles={result.geometry.triangles} language={language} />
          </>
        ) : quoteId && savedQuote.data && !savedQuote.data.hasFile ? (
          <>
            <p className="text-sm text-gray-700">{t('preview.noFile')}</p>
            <Figures
              geometry={savedQuote.data.geometry}
              triangles={savedQuote.data.triangles}
              language={language}
            />
          </>
        ) : null}
      </div>

      <div className="min-w-0 space-y-6">
        <fieldset className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
          <legend className="px-1 text-lg font-semibold text-gray-900">{t('options.heading')}</legend>
          <SelectField
            label={t('options.material')}
            value={options.material}
            onChange={(value) => setOption('material', value as CncOptions['material'])}
            choices={CNC_MATERIALS.map((m) => ({ value: m, label: t(`materials.${m}`) }))}
          />
          <SelectField
            label={t('options.finish')}
            value={options.finish}
            onChange={(value) => setOption('finish', value as CncOptions['finish'])}
            choices={CNC_FINISHES.map((f) => ({
              value: f,
              label: finishSuitsMaterial(f, options.material)
                ? t(`finishes.${f}`)
                : `${t(`finishes.${f}`)} — ${t('options.finishUnsuited')}`,
              disabled: !finishSuitsMaterial(f, options.material),
            }))}
          />
          <SelectField
            label={t('options.tolerance')}
            value={options.tolerance}
            onChange={(value) => setOption('tolerance', value as CncOptions['tolerance'])}
            choices={CNC_TOLERANCES.map((v) => ({ value: v, label: t(`options.tolerances.${v}`) }))}
          />
          <SelectField
            label={t('options.leadTime')}
            value={options.leadTime}
            onChange={(value) => setOption('leadTime', value as CncOptions['leadTime'])}
            choices={CNC_LEAD_TIMES.map((v) => ({
              value: v,
              label: t(`options.leadTimes.${v}`, {
                days: rates.data
                  ? v === 'standard'
                    ? rates.data.standardLeadDays
                    : rates.data.expeditedLeadDays
                  : '…',
              }),
            }))}
          />
          <QuantityField text={quantityText} valid={quantityValid} onChange={onQuantity} />
        </fieldset>

        <PricePanel rates={rates} geometry={geometry} options={options} language={language} />

        {analysis.state === 'done' && rates.data ? (
          <div className="space-y-3">
            <Button onClick={() => void save()} disabled={saving || !quantityValid} aria-busy={saving}>
              {saving
                ? t('save.saving')
                : geometry && !cncInstantPriceAvailable(geometry)
                  ? t('save.buttonFirm')
                  : t('save.button')}
            </Button>
            {!isLoggedIn ? <p className="text-sm text-gray-600">{t('save.signIn')}</p> : null}
            {saveError ? (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(t, saveError)}
              </p>
            ) : null}
            {saved && geometry ? (
              <ServerFigures
                saved={saved}
                browser={{ geometry, options, rates: rates.data }}
                language={language}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

function SavedQuoteHeader({
  query,
  language,
}: {
  query: ReturnType<typeof useCncQuote>;
  language: 'en' | 'fr';
}) {
  const { t } = useTranslation('cncQuotes');
  if (query.isPending) return <LoadingState label={t('saved.loading')} lines={2} />;
  if (query.isError)
    return <LoadError message={errorMessage(t, query.error)} onRetry={() => void query.refetch()} compact />;
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 p-4">
      <h2 className="font-semibold text-gray-900">{t('saved.heading', { name: query.data.fileName })}</h2>
      <p className="text-sm text-gray-700">
        {t('saved.savedOn', {
          date: formatDate(query.data.createdAt, language),
          rates: query.data.ratesEffectiveFrom,
        })}
      </p>
    </div>
  );
}

function FilePicker({ analysis, onFile }: { analysis: Analysis; onFile: (file: File) => void }) {
  const { t } = useTranslation('cncQuotes');
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div>
      <h2 className="text-lg font-semibold text-gray-900">{t('upload.heading')}</h2>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-2 rounded-lg border-2 border-dashed p-4 ${dragging ? 'border-maple-600 bg-maple-50' : 'border-gray-300 bg-white'}`}
      >
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
          {t('upload.label')}
        </label>
        <p className="mt-1 text-sm text-gray-600">{t('upload.drop')}</p>
        <input
          id={inputId}
          type="file"
          accept=".stl,.step,.stp,model/stl,model/step"
          aria-describedby={hintId}
          className="mt-2 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-maple-600 file:px-3 file:py-2 file:text-white"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
          }}
        />
        <p id={hintId} className="mt-2 text-xs text-gray-600">
          {t('upload.hint')}
        </p>
      </div>
      <p role="status" className="mt-2 text-sm text-gray-700">
        {analysis.state === 'analysing'
          ? t('upload.analysing', { name: analysis.file.name })
          : analysis.state === 'done'
            ? t('upload.analysed', {
                name: analysis.file.name,
                ms: Math.round(analysis.result.analysisMs),
              })
            : ''}
      </p>
    </div>
  );
}

function UnitsChoice({
  result,
  units,
  onUnits,
  language,
}: {
  result: AnalysisResult;
  units: CadUnits;
  onUnits: (units: CadUnits) => void;
  language: 'en' | 'fr';
}) {
  const { t } = useTranslation('cncQuotes');
  if (result.kind === 'step') return <p className="text-sm text-gray-700">{t('units.fromStep')}</p>;
  const longest = Math.max(...result.geometry.boundingBox);
  const check = unitsCheck(longest, result.kind, units);
  return (
    <div className="space-y-2">
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">{t('units.legend')}</legend>
        <div className="mt-1 flex gap-4">
          {(['mm', 'inch'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="cnc-units"
                value={value}
                checked={units === value}
                onChange={() => onUnits(value)}
              />
              {t(`units.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {result.unitsFromFile ? (
        <p className="text-xs text-gray-600">
          {t('units.fromHeader', { units: t(`units.${result.unitsFromFile}`) })}
        </p>
      ) : null}
      {check ? (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          <p>
            {t(check.suggest === 'inch' ? 'units.checkInch' : 'units.checkMm', {
              length: formatUpToDecimals(check.longestMm, check.longestMm < 10 ? 2 : 0, language),
            })}
          </p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => onUnits(check.suggest)}>
            {t(check.suggest === 'inch' ? 'units.useInch' : 'units.useMm')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Figures({
  geometry,
  triangles,
  language,
}: {
  geometry: CncGeometry;
  triangles: number;
  language: 'en' | 'fr';
}) {
  const { t } = useTranslation('cncQuotes');
  const n = (value: number, digits = 1) => formatUpToDecimals(value, digits, language);
  const [x, y, z] = geometry.boundingBoxMm;
  return (
    <div>
      <h2 className="text-lg font-semibold text-gray-900">{t('figures.heading')}</h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-800">{t('figures.volume')}</dt>
        <dd className="text-gray-700">
          {geometry.closed
            ? t('figures.volumeValue', { value: n(geometry.volumeMm3 / 1000, 2) })
            : t('figures.volumeOpen')}
        </dd>
        <dt className="font-medium text-gray-800">{t('figures.box')}</dt>
        <dd className="text-gray-700">{t('figures.boxValue', { x: n(x), y: n(y), z: n(z) })}</dd>
        <dt className="font-medium text-gray-800">{t('figures.area')}</dt>
        <dd className="text-gray-700">
          {t('figures.areaValue', { value: n(geometry.surfaceAreaMm2 / 100, 2) })}
        </dd>
        <dt className="font-medium text-gray-800">{t('figures.closed')}</dt>
        <dd className="text-gray-700">{t(geometry.closed ? 'figures.closedYes' : 'figures.closedNo')}</dd>
        <dt className="font-medium text-gray-800">{t('figures.triangles')}</dt>
        <dd className="text-gray-700">{formatNumber(triangles, language)}</dd>
      </dl>
    </div>
  );
}

function SelectField({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: { value: string; label: string; disabled?: boolean }[];
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        className={inputClasses()}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function QuantityField({
  text,
  valid,
  onChange,
}: {
  text: string;
  valid: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('cncQuotes');
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {t('options.quantity')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={10_000}
        step={1}
        value={text}
        aria-invalid={valid ? undefined : true}
        aria-describedby={valid ? undefined : `${id}-error`}
        className={inputClasses(!valid)}
        onChange={(event) => onChange(event.target.value)}
      />
      {valid ? null : (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {t('options.quantityInvalid')}
        </p>
      )}
    </div>
  );
}

function PricePanel({
  rates,
  geometry,
  options,
  language,
}: {
  rates: ReturnType<typeof useCurrentCncRates>;
  geometry: CncGeometry | null;
  options: CncOptions;
  language: 'en' | 'fr';
}) {
  const { t } = useTranslation('cncQuotes');
  if (rates.isPending) return <LoadingState label={t('price.ratesLoading')} lines={3} />;
  if (rates.isError)
    return (
      <LoadError
        compact
        message={
          (rates.error as { status?: number }).status === 404
            ? t('price.ratesMissing')
            : errorMessage(t, rates.error)
        }
        onRetry={() => void rates.refetch()}
      />
    );
  if (!geometry) return null;
  return <Price geometry={geometry} options={options} rates={rates.data} language={language} />;
}

function Price({
  geometry,
  options,
  rates,
  language,
}: {
  geometry: CncGeometry;
  options: CncOptions;
  rates: CncRates;
  language: 'en' | 'fr';
}) {
  const { t } = useTranslation('cncQuotes');
  const notes = cncDfmNotes(geometry, options, rates);
  // Decision 335: an open mesh has no volume to price; the panel says why and points to firm quotes.
  if (!cncInstantPriceAvailable(geometry)) return <NoInstantPrice notes={notes} />;
  const breaks = priceCncQuantityBreaks(geometry, options, rates);
  const asked = breaks.find((terms) => terms.quantity === options.quantity)!;
  const cad = (cents: number) => formatCad(cents, language);
  return (
    <section
      aria-labelledby="cnc-price-heading"
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="cnc-price-heading" className="text-lg font-semibold text-gray-900">
        {t('price.heading')}
      </h2>
      <p className="text-xl font-bold text-gray-900" data-testid="cnc-price-total" aria-live="polite">
        {t('price.total', {
          quantity: formatNumber(options.quantity, language),
          total: cad(asked.totalCents),
          unit: cad(asked.unitCents),
        })}
      </p>
      <p className="text-sm text-gray-700">{t('price.lead', { days: asked.leadDays })}</p>
      <div>
        <h3 className="font-medium text-gray-900">{t('price.formulaHeading')}</h3>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-700" data-testid="cnc-price-formula">
          {priceInWords(asked, rates.stockAllowanceMm, language).map((line) => (
            <li key={line.key}>{t(line.key, line.values)}</li>
          ))}
        </ul>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="text-left font-medium text-gray-900">{t('price.breaksHeading')}</caption>
          <thead>
            <tr className="border-b border-gray-200 text-gray-700">
              <th scope="col" className="py-1 pr-3">
                {t('price.breaksQuantity')}
              </th>
              <th scope="col" className="py-1 pr-3">
                {t('price.breaksUnit')}
              </th>
              <th scope="col" className="py-1">
                {t('price.breaksTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {breaks.map((terms) => (
              <tr
                key={terms.quantity}
                className={
                  terms.quantity === options.quantity ? 'font-semibold text-gray-900' : 'text-gray-700'
                }
              >
                <th scope="row" className="py-1 pr-3 font-normal">
                  {formatNumber(terms.quantity, language)}
                </th>
                <td className="py-1 pr-3">{cad(terms.unitCents)}</td>
                <td className="py-1">{cad(terms.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <h3 className="font-medium text-gray-900">{t('dfm.heading')}</h3>
        {notes.length === 0 ? (
          <p className="text-sm text-gray-700">{t('dfm.none')}</p>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-gray-700" data-testid="cnc-dfm-notes">
            {notes.map((note) => (
              <li key={note}>{t(`dfm.${note}`)}</li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-xs text-gray-600">
        {t('price.ratesDate', { date: rates.effectiveFrom })} {t('price.browserNote')}
      </p>
    </section>
  );
}

function ServerFigures({
  saved,
  browser,
  language,
}: {
  saved: CncQuote;
  browser: { geometry: CncGeometry; options: CncOptions; rates: CncRates };
  language: 'en' | 'fr';
}) {
  const { t } = useTranslation('cncQuotes');
  const quantity = saved.options.quantity;
  const server = saved.prices.find((terms) => terms.quantity === quantity);
  const ours = priceCncQuantityBreaks(browser.geometry, browser.options, browser.rates).find(
    (terms) => terms.quantity === quantity,
  );
  const cad = (cents: number) => formatCad(cents, language);
  const same = server && ours && server.totalCents === ours.totalCents;
  return (
    <div role="status" className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm">
      <p className="font-semibold text-green-900">{t('save.saved')}</p>
      <h3 className="font-medium text-gray-900">{t('save.serverHeading')}</h3>
      {saved.prices.length === 0 ? (
        <p className="text-gray-800" data-testid="cnc-server-price">
          {t('save.serverNotPriced')}
        </p>
      ) : server ? (
        <p className="text-gray-800" data-testid="cnc-server-price">
          {same
            ? t('save.serverSame', {
                total: cad(server.totalCents),
                quantity: formatNumber(quantity, language),
              })
            : t('save.serverDiffers', {
                server: cad(server.totalCents),
                browser: ours ? cad(ours.totalCents) : '—',
                quantity: formatNumber(quantity, language),
              })}
        </p>
      ) : null}
      <Figures geometry={saved.geometry} triangles={saved.triangles} language={language} />
      <Link to={`${paths.cncQuotes}/my-quotes`} className="text-maple-700 underline">
        {t('save.open')}
      </Link>
    </div>
  );
}
