import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/http';
import { uploadImageMaxBytes, uploadImageTypes, useUploadImage } from '../api/upload-image';

/** Markdown image syntax with an alt text that cannot break out of `[…]`. */
export function markdownImage(alt: string, url: string): string {
  const clean = alt
    .replace(/[[\]\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `![${clean}](${url})`;
}

/** `text` with `insert` put in place of `[start, end)`, on its own line when the cursor is mid-line. */
export function insertAt(text: string, start: number, end: number, insert: string) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after === '' || after.startsWith('\n') ? '' : '\n';
  const piece = `${lead}${insert}${trail}`;
  return { text: `${before}${piece}${after}`, cursor: before.length + piece.length };
}

const altFromName = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();

/**
 * "Insert image" for a Markdown textarea (blogs "Markdown with images"): pick a JPEG, PNG
 * or WebP ≤ 5 MB, give its alt text, upload; `![alt](/uploads/…)` goes in at the cursor.
 */
export function InsertImageButton({
  textareaRef,
  value,
  onChange,
  label,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onChange: (next: string) => void;
  /** Which body this button belongs to, for screen readers ("Insert image: Body (French)"). */
  label: string;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const selection = useRef<[number, number]>([value.length, value.length]);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadImage();

  const reset = () => {
    setFile(null);
    setAlt('');
    if (fileInput.current) fileInput.current.value = '';
  };

  const onPick = (picked: File | undefined) => {
    setError(null);
    if (!picked) return;
    const area = textareaRef.current;
    selection.current = area ? [area.selectionStart, area.selectionEnd] : [value.length, value.length];
    if (!(uploadImageTypes as readonly string[]).includes(picked.type)) {
      setError(t('errors:UNSUPPORTED_MEDIA_TYPE'));
      reset();
      return;
    }
    if (picked.size > uploadImageMaxBytes) {
      setError(t('errors:PAYLOAD_TOO_LARGE'));
      reset();
      return;
    }
    setFile(picked);
    setAlt(altFromName(picked.name));
  };

  const onUpload = () => {
    if (!file || !alt.trim()) return;
    upload.mutate(file, {
      onSuccess: (saved) => {
        const [start, end] = selection.current;
        const next = insertAt(value, start, end, markdownImage(alt, saved.url));
        onChange(next.text);
        reset();
        requestAnimationFrame(() => {
          const area = textareaRef.current;
          if (!area) return;
          area.focus();
          area.setSelectionRange(next.cursor, next.cursor);
        });
      },
      onError: (e) =>
        setError(e instanceof ApiError && e.status === 0 ? t('images.network') : errorMessage(t, e)),
    });
  };

  return (
    <div className="space-y-2">
      <input
        ref={fileInput}
        type="file"
        accept={uploadImageTypes.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => onPick(e.target.files?.[0])}
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        aria-label={t('images.insertFor', { field: label })}
        disabled={upload.isPending}
        onClick={() => fileInput.current?.click()}
      >
        {t('images.insert')}
      </Button>
      {file ? (
        <div className="flex flex-wrap items-end gap-2 rounded-md border border-gray-200 p-2">
          <div className="min-w-48 flex-1 space-y-1">
            <label htmlFor={`${id}-alt`} className="block text-xs font-medium text-gray-800">
              {t('images.alt')}
            </label>
            <input
              id={`${id}-alt`}
              className={inputClasses(!alt.trim())}
              value={alt}
              maxLength={200}
              onChange={(e) => setAlt(e.target.value)}
              aria-describedby={`${id}-file`}
            />
            <p id={`${id}-file`} className="text-xs text-gray-600">
              {t('images.altHint', { name: file.name })}
            </p>
          </div>
          <Button type="button" size="sm" disabled={!alt.trim() || upload.isPending} onClick={onUpload}>
            {upload.isPending ? t('images.uploading') : t('images.upload')}
          </Button>
          <Button type="button" size="sm" variant="secondary" disabled={upload.isPending} onClick={reset}>
            {t('cancel')}
          </Button>
        </div>
      ) : null}
      <p role="status" aria-live="polite" className="text-xs text-gray-600">
        {upload.isPending ? t('images.uploading') : ''}
      </p>
      {error ? (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
