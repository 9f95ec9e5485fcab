import { useEffect, useId, useRef, useState, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../components/ui/cn';

/** A horizontal move longer than this (px) on a touch screen turns the image. */
const SWIPE_DISTANCE = 40;

/**
 * The media modal of docs/product.md §2: the product's or service's images one at a time, large. Arrow keys, the
 * previous/next buttons, the thumbnails and a swipe on a phone turn them; Escape or the close button closes
 * and focus goes back to the image that opened it (Modal). Loaded only when first opened (not in the first bundle).
 */
export default function MediaGallery({
  name,
  images,
  initialIndex,
  onClose,
  onIndexChange,
}: {
  name: string;
  images: string[];
  initialIndex: number;
  onClose: () => void;
  onIndexChange?: ((index: number) => void) | undefined;
}) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(initialIndex);
  const touchStart = useRef<number | null>(null);
  const positionId = useId();
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);
  useEffect(() => {
    onIndexChange?.(index);
  }, [index, onIndexChange]);

  // Arrow keys turn the image wherever focus is in the dialog (it holds no text field).
  useEffect(() => {
    if (count < 2) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const turns: Record<string, (current: number) => number> = {
        ArrowRight: (current) => current + 1,
        ArrowLeft: (current) => current - 1,
        Home: () => 0,
        End: () => count - 1,
      };
      const turn = turns[event.key];
      if (!turn) return;
      event.preventDefault();
      setIndex((current) => ((turn(current) % count) + count) % count);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count]);
  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.changedTouches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || count < 2) return;
    if (end - start <= -SWIPE_DISTANCE) go(index + 1);
    else if (end - start >= SWIPE_DISTANCE) go(index - 1);
  };

  return (
    <Modal open onClose={onClose} title={name} closeLabel={t('gallery.close')} size="lg">
      <div aria-roledescription={t('gallery.roleDescription')}>
        <div
          className="relative flex touch-pan-y items-center justify-center rounded-lg bg-gray-100"
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          data-testid="gallery-stage"
        >
          <img
            src={images[index]}
            alt={t('gallery.imageAlt', { name, n: index + 1, total: count })}
            width={960}
            height={720}
            className="max-h-[60vh] w-full object-contain"
          />
        </div>
        <div className="mt-3 flex items-center justify-between gap-2">
          <button
            type="button"
            onClick={() => go(index - 1)}
            disabled={count < 2}
            className="rounded-md border border-gray-300 px-3 py-1.5 text-sm text-gray-800 hover:bg-gray-50 disabled:opacity-50"
          >
            <span aria-hidden="true">← </span>
            {t('gallery.previous')}
          </button>
          <p id={positionId} className="text-sm text-gray-700" aria-live="polite">
            {t('gallery.position', { n: index + 1, total: count })}
          </p>
          <button
            type="button"
            onClick={() => go(index + 1)}
            disabled={count < 2}
            className="rounded-md border border-gray-300 px-3 py-1.5 text-sm text-gray-800 hover:bg-gray-50 disabled:opacity-50"
          >
            {t('gallery.next')}
            <span aria-hidden="true"> →</span>
          </button>
        </div>
        {count > 1 ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('gallery.thumbnails')}>
            {images.map((src, n) => (
              <li key={src}>
                <button
                  type="button"
                  onClick={() => go(n)}
                  aria-label={t('gallery.show', { n: n + 1 })}
                  aria-current={n === index ? 'true' : undefined}
                  className={cn(
                    'h-14 w-16 overflow-hidden rounded border',
                    n === index ? 'border-maple-600 ring-2 ring-maple-600' : 'border-gray-200',
                  )}
                >
                  <img src={src} alt="" width={64} height={56} className="h-full w-full object-cover" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Modal>
  );
}
