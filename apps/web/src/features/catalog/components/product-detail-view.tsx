import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '@maplesource/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { formatMoney, formatNumber } from '../../../lib/format';
import { isApiError } from '../../../lib/http';
import { useRequireLogin } from '../../../lib/use-require-login';
import { trackProductView, useProduct } from '../api/get-product';
import { LikeButton } from './like-button';
import { MainImage } from './main-image';
import { Badge, sellerPath, unitText } from './product-card';
import { LoadError } from '../../../components/ui/query-states';
import { ReviewsPanel } from './reviews-panel';

const originCodes = new Set(['made-in-canada', 'product-of-canada', 'imported']);
const isOriginCode = (value: string): value is 'made-in-canada' | 'product-of-canada' | 'imported' =>
  originCodes.has(value);

/** "Product Not Found" / "Cannot view this product yet" (or the service's) with a way back (docs/product.md §8). */
export function ProductUnavailable({
  notFound,
  gone = false,
  kind = 'product',
}: {
  notFound: boolean;
  /** Archived by its seller (410, decision 287): no longer available, for good. */
  gone?: boolean;
  kind?: 'product' | 'service';
}) {
  const { t: tCatalog } = useTranslation('catalog');
  const scope = kind === 'service' ? 'serviceDetail' : 'detail';
  const t = (key: 'notFound' | 'notFoundText' | 'notYet' | 'notYetText' | 'gone' | 'goneText' | 'goBack') =>
    key === 'goBack' ? tCatalog('detail.goBack') : tCatalog(`${scope}.${key}`);
  const navigate = useNavigate();
  const [title, text] = gone
    ? [t('gone'), t('goneText')]
    : notFound
      ? [t('notFound'), t('notFoundText')]
      : [t('notYet'), t('notYetText')];
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-lg border border-gray-200 p-8 text-center">
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <p className="mt-2 text-sm text-gray-700">{text}</p>
      <Button variant="secondary" className="mt-4" onClick={() => void navigate(-1)}>
        {t('goBack')}
      </Button>
    </div>
  );
}

function Specs({ title, rows }: { title: string; rows: { label: string; value: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <dl className="mt-2 divide-y divide-gray-100 rounded-lg border border-gray-200">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-2 gap-2 px-3 py-2 text-sm">
            <dt className="text-gray-600">{row.label}</dt>
            <dd className="text-gray-900">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Loaded({
  product,
  onInquiry,
}: {
  product: ProductDetail;
  onInquiry?: ((product: ProductDetail) => void) | undefined;
}) {
  const { t, i18n } = useTranslation('catalog');
  const fr = i18n.language.startsWith('fr');
  const [image, setImage] = useState(0);
  const requireLogin = useRequireLogin();
  const name = fr ? product.nameFr : product.nameEn;
  const label = (x: { labelEn: string; labelFr: string; value: string; valueFr?: string | undefined }) => ({
    label: fr ? x.labelFr : x.labelEn,
    // An origin stored as its code (older rows) is shown as words, never as the slug.
    value: isOriginCode(x.value) ? t(`origin.${x.value}`) : fr ? (x.valueFr ?? x.value) : x.value,
  });
  return (
    <article>
      <nav aria-label={t('detail.breadcrumb')} className="text-sm text-gray-600">
        <Link to="/products" className="hover:underline">
          {t('products.title')}
        </Link>
        {' / '}
        <Link to={`/products/${product.category.slug}`} className="hover:underline">
          {fr ? product.category.nameFr : product.category.nameEn}
        </Link>
        {' / '}
        <Link
          to={`/products/${product.category.slug}/${product.subcategory.slug}`}
          className="hover:underline"
        >
          {fr ? product.subcategory.nameFr : product.subcategory.nameEn}
        </Link>
      </nav>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div>
          <MainImage
            name={name}
            images={product.images}
            alts={product.imageAlts?.map((alt) => (fr && alt.fr ? alt.fr : alt.en))}
            index={image}
            onIndexChange={setImage}
          />
          <div className="mt-2 flex gap-2" role="group" aria-label={t('detail.gallery')}>
            {product.images.map((src, index) => (
              <button
                key={src}
                type="button"
                onClick={() => setImage(index)}
                aria-label={t('detail.image', { n: index + 1 })}
                aria-pressed={index === image}
                className={`h-16 w-20 overflow-hidden rounded border ${index === image ? 'border-maple-600' : 'border-gray-200'}`}
              >
                <img
                  src={src}
                  alt=""
                  width={80}
                  height={64}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            ))}
          </div>
        </div>
        <div>
          <div className="flex flex-wrap gap-1">
            {product.verified ? <Badge tone="green">{t('badges.verified')}</Badge> : null}
            {product.origin !== 'imported' ? <Badge tone="red">{t(`origin.${product.origin}`)}</Badge> : null}
          </div>
          <div className="mt-2 flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold text-gray-900">{name}</h1>
            <LikeButton kind="product" id={product.id} liked={product.likedByMe} name={name} />
          </div>
          <p className="mt-2 text-gray-800">{fr ? product.descriptionFr : product.descriptionEn}</p>
          <table className="mt-4 w-full text-sm">
            <caption className="text-left font-semibold text-gray-900">{t('detail.priceTiers')}</caption>
            <thead>
              <tr className="text-left text-gray-600">
                <th scope="col" className="py-1">
                  {t('detail.quantity')}
                </th>
                <th scope="col" className="py-1">
                  {t('detail.unitPrice')}
                </th>
              </tr>
            </thead>
            <tbody>
              {product.priceTiers.map((tier) => (
                <tr key={tier.minQuantity} className="border-t border-gray-100">
                  <td className="py-1">
                    {tier.maxQuantity
                      ? `${formatNumber(tier.minQuantity, i18n.language)}–${formatNumber(tier.maxQuantity, i18n.language)}`
                      : `${formatNumber(tier.minQuantity, i18n.language)}+`}{' '}
                    {unitText(t, product.unit, tier.maxQuantity ?? tier.minQuantity)}
                  </td>
                  <td className="py-1 font-medium">{formatMoney(tier.unitPriceCents, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-gray-600">{t('detail.moq')}</dt>
              <dd className="font-medium">
                {formatNumber(product.minOrderQuantity, i18n.language)}{' '}
                {unitText(t, product.unit, product.minOrderQuantity)}
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">{t('detail.leadTime')}</dt>
              <dd className="font-medium">{t('detail.days', { count: product.leadDays })}</dd>
            </div>
            <div>
              <dt className="text-gray-600">{t('detail.delivery')}</dt>
              <dd className="font-medium">{t('detail.days', { count: product.deliveryDays })}</dd>
            </div>
          </dl>
          {product.variations.map((variation) => (
            <p key={variation.nameEn} className="mt-3 text-sm">
              <span className="text-gray-600">{fr ? variation.nameFr : variation.nameEn}: </span>
              {(fr && variation.optionsFr?.length === variation.options.length
                ? variation.optionsFr
                : variation.options
              ).join(', ')}
            </p>
          ))}
          <Button
            size="lg"
            className="mt-6 w-full"
            onClick={() => {
              if (!requireLogin()) return;
              onInquiry?.(product);
            }}
          >
            {t('detail.sendInquiry')}
          </Button>
          <section className="mt-6 rounded-lg border border-gray-200 p-4" aria-label={t('detail.seller')}>
            <p className="text-sm text-gray-600">{t('detail.seller')}</p>
            <p className="font-semibold text-gray-900">
              <Link to={sellerPath(product.seller.slug)} className="hover:underline">
                {product.seller.name}
              </Link>
            </p>
            <p className="text-sm text-gray-700">
              {product.seller.city}, {product.seller.province} ·{' '}
              {t(`businessTypes.${product.seller.businessType}`)}
            </p>
            {product.seller.verified ? <Badge tone="green">{t('badges.verifiedSeller')}</Badge> : null}
          </section>
        </div>
      </div>
      <Specs title={t('detail.keyAttributes')} rows={product.keyAttributes.map(label)} />
      <Specs title={t('detail.specifications')} rows={product.technicalSpecifications.map(label)} />
      <Specs
        title={t('detail.more')}
        rows={[
          { label: t('detail.material'), value: fr ? product.materialFr : product.materialEn },
          { label: t('detail.warranty'), value: fr ? product.warrantyFr : product.warrantyEn },
          { label: t('detail.services'), value: fr ? product.servicesFr : product.servicesEn },
          {
            label: t('detail.customizable'),
            value: product.customizableOptions.map((o) => (fr ? o.nameFr : o.nameEn)).join(', '),
          },
        ]}
      />
      <ReviewsPanel kind="product" itemId={product.id} mine={product.myReviewId} />
    </article>
  );
}

/** /productdetails/{slug}: gallery, tiers, MOQ, lead time, variations, specs, warranty, material, seller, reviews, like. */
export function ProductDetailView({
  slug,
  onInquiry,
}: {
  slug: string;
  onInquiry?: (product: ProductDetail) => void;
}) {
  const product = useProduct(slug);
  const viewedId = product.data?.id;
  useEffect(() => {
    if (viewedId) void trackProductView(viewedId);
  }, [viewedId]);
  if (product.isPending) {
    return (
      <div className="grid gap-8 md:grid-cols-2" aria-busy="true">
        <Skeleton className="aspect-[4/3] w-full" />
        <SkeletonText lines={8} />
      </div>
    );
  }
  if (product.isError) {
    const error = product.error;
    if (isApiError(error) && error.code === 'PRODUCT_NOT_FOUND') return <ProductUnavailable notFound />;
    if (isApiError(error) && error.code === 'PRODUCT_NO_LONGER_AVAILABLE')
      return <ProductUnavailable notFound={false} gone />;
    if (isApiError(error) && error.code === 'PRODUCT_NOT_AVAILABLE')
      return <ProductUnavailable notFound={false} />;
    return <LoadError onRetry={() => void product.refetch()} />;
  }
  return <Loaded product={product.data} onInquiry={onInquiry} />;
}
