import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type SignaturePadType from 'signature_pad';
import { invoiceAcceptanceTerms } from '@maplesource/contracts/invoice-terms';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import type { FlowSignature } from '../model/accept-flow';
import { SIGNATURE_MAX_BYTES, strokesToSvg, svgBytes, typedNameSvg } from '../model/signature-svg';

type Method = 'draw' | 'typed';
const CANVAS_WIDTH = 360;
const CANVAS_HEIGHT = 140;

/**
 * The drawing area (signature_pad). Pointer only by nature: keyboard and screen-reader users sign with their typed
 * name instead (the "typed" method), which is why the canvas is labelled and says so.
 */
function DrawingArea({ onChange, labelId }: { onChange: (svg: string | null) => void; labelId: string }) {
  const { t } = useTranslation('invoices');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadType | null>(null);
  const onChangeRef = useRef(onChange);
  const [unavailable, setUnavailable] = useState(false);
  /** The drawing library loads with the step: strokes drawn before it listens are not recorded. */
  const [ready, setReady] = useState(false);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pad: SignaturePadType | null = null;
    let cancelled = false;
    // signature_pad works in CSS pixels: the bitmap follows the shown size (a 320 px screen shows it narrower),
    // scaled for sharp strokes on dense screens; the SVG uses the same CSS-pixel box.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth || CANVAS_WIDTH;
      const height = canvas.offsetHeight || CANVAS_HEIGHT;
      const strokes = pad?.toData() ?? [];
      canvas.width = width * ratio;
      canvas.height = height * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad?.fromData(strokes);
      return { width, height };
    };
    void import('signature_pad')
      .then(({ default: SignaturePad }) => {
        if (cancelled) return;
        if (!canvas.getContext('2d')) throw new Error('no 2d context');
        pad = new SignaturePad(canvas, { penColor: '#111827', minWidth: 1, maxWidth: 2.5 });
        fit();
        pad.addEventListener('endStroke', () => {
          const strokes = pad?.toData().map((group) => group.points) ?? [];
          const width = canvas.offsetWidth || CANVAS_WIDTH;
          const height = canvas.offsetHeight || CANVAS_HEIGHT;
          onChangeRef.current(strokesToSvg(strokes, width, height));
        });
        padRef.current = pad;
        setReady(true);
        window.addEventListener('resize', fit);
      })
      .catch(() => {
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
      window.removeEventListener('resize', fit);
      pad?.off();
      padRef.current = null;
    };
  }, []);
  const clear = () => {
    padRef.current?.clear();
    onChangeRef.current(null);
  };
  if (unavailable) return <p className="text-sm text-gray-700">{t('signature.drawUnavailable')}</p>;
  return (
    <div className="space-y-2">
      <canvas
        ref={canvasRef}
        width={CANVAS_WIDTH}
        height={CANVAS_HEIGHT}
        role="img"
        aria-labelledby={labelId}
        aria-busy={!ready}
        className="block h-[140px] w-full max-w-[360px] touch-none rounded-md border border-gray-400 bg-white"
      />
      <Button type="button" size="sm" variant="secondary" onClick={clear}>
        {t('signature.clear')}
      </Button>
    </div>
  );
}

/**
 * Step 2 (docs/product.md §4 accept flow): the exact acceptance terms (contracts/invoice-terms.ts) in the language shown,
 * the signer's typed full name, and a drawn signature — or, for keyboard-only users, their typed name drawn as the
 * signature (decision 151).
 */
export function SignatureStep({
  termsLanguage,
  languageToggle,
  defaultName,
  initial,
  onBack,
  onSigned,
}: {
  termsLanguage: 'en' | 'fr';
  languageToggle?: React.ReactNode;
  defaultName: string;
  initial: FlowSignature | null;
  onBack: () => void;
  onSigned: (signature: FlowSignature) => void;
}) {
  const { t } = useTranslation('invoices');
  const labelId = useId();
  const termsId = useId();
  const [fullName, setFullName] = useState(initial?.fullName ?? defaultName);
  const [method, setMethod] = useState<Method>('draw');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; signature?: string; agree?: string }>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const name = fullName.trim();
    const svg = method === 'typed' ? typedNameSvg(name) : drawn;
    const next: typeof errors = {};
    if (name.length < 2) next.name = t('signature.nameRequired');
    if (!svg)
      next.signature = t(method === 'typed' ? 'signature.typedUnavailable' : 'signature.drawRequired');
    else if (svgBytes(svg) > SIGNATURE_MAX_BYTES) next.signature = t('errors:SIGNATURE_TOO_LARGE');
    if (!agreed) next.agree = t('signature.agreeRequired');
    setErrors(next);
    if (Object.keys(next).length > 0 || !svg) return;
    onSigned({ fullName: name, svg });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <section aria-labelledby={termsId} className="rounded-md border border-gray-200 p-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={termsId} className="text-sm font-semibold text-gray-900">
            {t('signature.terms')}
          </h3>
          {languageToggle}
        </div>
        <p
          lang={termsLanguage}
          className="mt-2 text-sm whitespace-pre-wrap text-gray-800"
          data-testid="acceptance-terms"
        >
          {invoiceAcceptanceTerms[termsLanguage]}
        </p>
        <p className="mt-1 text-xs text-gray-600">
          {t('signature.termsVersion', { version: invoiceAcceptanceTerms.version })}
        </p>
      </section>
      <Field label={t('signature.fullName')} error={errors.name} required>
        {(p) => (
          <Input {...p} autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{t('signature.method')}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(['draw', 'typed'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name="signature-method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
              />
              {t(`signature.methods.${value}`)}
            </label>
          ))}
        </div>
        {method === 'draw' ? (
          <>
            <p id={labelId} className="text-sm text-gray-700">
              {t('signature.canvasLabel')}
            </p>
            <DrawingArea labelId={labelId} onChange={setDrawn} />
          </>
        ) : (
          <p className="text-sm text-gray-700">{t('signature.typedExplained')}</p>
        )}
        {errors.signature ? (
          <p role="alert" className="text-xs font-medium text-red-700">
            {errors.signature}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label className="flex items-start gap-2 text-sm text-gray-900">
          <input
            type="checkbox"
            className="mt-1"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
          />
          <span>{t('signature.agree')}</span>
        </label>
        {errors.agree ? <p className="text-xs font-medium text-red-700">{errors.agree}</p> : null}
      </div>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="secondary" onClick={onBack}>
          {t('flow.back')}
        </Button>
        <Button type="submit">{t('flow.next')}</Button>
      </div>
    </form>
  );
}
