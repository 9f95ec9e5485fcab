import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MediaGallery = lazy(() => import('./media-gallery'));

/**
 * The main image of a product or service page: a button that opens the media modal (docs/product.md §2) at this image.
 * The gallery's code is fetched on the first click only.
 */
export function MainImage({
  name,
  images,
  index = 0,
  onIndexChange,
  alts,
}: {
  name: string;
  images: string[];
  /** The seller's description of each image (decision 287), in the page's language; the name when absent. */
  alts?: (string | undefined)[] | undefined;
  index?: number;
  onIndexChange?: ((index: number) => void) | undefined;
}) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  // Fetch the gallery's code when the buyer shows interest, so the click opens it at once.
  const preload = () => void import('./media-gallery');
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        aria-label={t('gallery.open', { name })}
        className="block w-full cursor-zoom-in rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maple-600"
      >
        <img
          src={images[index]}
          alt={alts?.[index] || name}
          width={640}
          height={480}
          className="aspect-[4/3] w-full rounded-lg bg-gray-100 object-cover"
        />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MediaGallery
            name={name}
            images={images}
            initialIndex={index}
            onClose={() => setOpen(false)}
            onIndexChange={onIndexChange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
