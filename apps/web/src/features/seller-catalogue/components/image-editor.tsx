import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sellerCatalogueLimits, type SellerImage } from '@maplesource/contracts/seller-catalogue';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { useUploadItemImage } from '../api/upload-item-image';
import { RowButtons } from './form-parts';

/**
 * An item's images (decision 287): upload with progress (the server checks the bytes and re-encodes), alternative
 * text in English and French, order, the first is the main image. Controlled by the form.
 */
export function ImageEditor({
  images,
  onChange,
  error,
}: {
  images: SellerImage[];
  onChange: (images: SellerImage[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('sellerCatalogue');
  const upload = useUploadItemImage();
  const [progress, setProgress] = useState<number | null>(null);
  const inputId = useId();
  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const set = (index: number, patch: Partial<SellerImage>) =>
    onChange(images.map((image, i) => (i === index ? { ...image, ...patch } : image)));

  const add = (file: File) => {
    setProgress(0);
    upload.mutate(
      { file, onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)) },
      {
        onSuccess: ({ url }) => onChange([...images, { url, altEn: '', altFr: '' }]),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <div className="space-y-3">
      {images.length === 0 ? <p className="text-sm text-gray-700">{t('images.none')}</p> : null}
      <ol className="space-y-3">
        {images.map((image, index) => (
          <li
            key={`${image.url}-${index}`}
            className="flex flex-col gap-3 rounded border border-gray-200 p-3 sm:flex-row"
          >
            <img
              src={image.url}
              alt={image.altEn}
              className="h-24 w-32 flex-none rounded bg-gray-100 object-cover"
            />
            <div className="min-w-0 flex-1 space-y-2">
              {index === 0 ? (
                <p className="text-xs font-semibold text-maple-700">{t('images.main')}</p>
              ) : (
                <Button type="button" size="sm" variant="secondary" onClick={() => move(index, 0)}>
                  {t('images.makeMain')}
                </Button>
              )}
              <Field label={t('images.altEn', { n: index + 1 })} required>
                {(p) => (
                  <Input {...p} value={image.altEn} onChange={(e) => set(index, { altEn: e.target.value })} />
                )}
              </Field>
              <Field label={t('images.altFr', { n: index + 1 })}>
                {(p) => (
                  <Input {...p} value={image.altFr} onChange={(e) => set(index, { altFr: e.target.value })} />
                )}
              </Field>
              <RowButtons
                index={index}
                count={images.length}
                label={t('images.image', { n: index + 1 })}
                onMove={move}
                onRemove={(i) => onChange(images.filter((_, j) => j !== i))}
              />
            </div>
          </li>
        ))}
      </ol>
      {images.length < sellerCatalogueLimits.images ? (
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
            {t('images.add')}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={upload.isPending}
            className="mt-1 block w-full text-sm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) add(file);
            }}
          />
        </div>
      ) : null}
      {progress !== null ? (
        <progress className="w-full" max={100} value={progress} aria-label={t('images.uploading')}>
          {progress}%
        </progress>
      ) : null}
      {upload.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, upload.error)}
        </p>
      ) : null}
      {error ? <p className="text-xs font-medium text-red-700">{error}</p> : null}
    </div>
  );
}
