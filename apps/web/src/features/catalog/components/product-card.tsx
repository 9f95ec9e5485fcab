import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type {
  ProductCard as ProductCardData,
  ServiceCard as ServiceCardData,
} from '@maplesource/contracts/catalog';
import { formatMoney, formatNumber } from '../../../lib/format';
import { Skeleton } from '../../../components/ui/skeleton';

export const productPath = (slug: string) => `/productdetails/${encodeURIComponent(slug)}`;
export const servicePath = (slug: string) => `/service/${encodeURIComponent(slug)}`;
export const sellerPath = (slug: string) => `/seller/${encodeURIComponent(slug)}`;

/** The options of the `card.rating` text: average with one decimal and the count, both in the page's format. */
export function ratingTextOptions(average: number, count: number, language: string) {
  return {
    rating: formatNumber(average, language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    count,
    formatted: formatNumber(count, language),
  };
}

/**
 * A unit in the page's language, in the number the count asks for ("10 metres", "1 pièce"). A unit the
 * catalogue does not know (typed by a seller) is shown as written.
 */
export function unitText(t: TFunction<'catalog'>, unit: string, count: number): string {
  return t(`units.${unit}` as 'units.piece', { count, defaultValue: unit });
}

export function Badge({
  children,
  tone = 'gray',
}: {
  children: React.ReactNode;
  tone?: 'gray' | 'green' | 'red';
}) {
  const tones = {
    gray: 'bg-gray-100 text-gray-800',
    green: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200',
    red: 'bg-maple-50 text-maple-800 ring-1 ring-maple-200',
  };
  return (
    <span className={`inline-flex items-center rounded px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

/**
 * One product in a grid: image, name, from-price, MOQ, seller, badges. `headingLevel` follows the page's outline
 * (2 right under a page's h1); `priority` for the first cards of a listing, whose image is the page's largest
 * paint: loaded at once instead of lazily (decision 041).
 */
export function ProductCard({
  product,
  headingLevel = 3,
  priority = false,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation('catalog');
  const fr = i18n.language.startsWith('fr');
  const name = fr ? product.nameFr : product.nameEn;
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <img
        src={product.imageUrl}
        alt=""
        width={640}
        height={480}
        loading={priority ? 'eager' : 'lazy'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
        className="aspect-[4/3] w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <div className="flex flex-wrap gap-1">
          {product.verified ? <Badge tone="green">{t('badges.verified')}</Badge> : null}
          {product.origin !== 'imported' ? <Badge tone="red">{t(`origin.${product.origin}`)}</Badge> : null}
        </div>
        <Heading className="text-sm font-semibold text-gray-900">
          <Link to={productPath(product.slug)} className="hover:underline">
            {name}
          </Link>
        </Heading>
        <p className="text-sm text-gray-900">
          {t('card.from', { price: formatMoney(product.minPriceCents, i18n.language) })}
          <span className="text-gray-600"> / {unitText(t, product.unit, 1)}</span>
        </p>
        <p className="text-xs text-gray-600">
          {t('card.moq', {
            count: product.minOrderQuantity,
            unit: unitText(t, product.unit, product.minOrderQuantity),
          })}
        </p>
        <p className="mt-auto text-xs text-gray-600">
          {product.seller.name} · {product.seller.city}, {product.seller.province}
        </p>
        {product.ratingCount > 0 ? (
          <p className="text-xs text-gray-700">
            {t('card.rating', ratingTextOptions(product.ratingAvg, product.ratingCount, i18n.language))}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** One service in a grid; `headingLevel` as for `ProductCard`. */
export function ServiceCard({
  service,
  headingLevel = 3,
}: {
  service: ServiceCardData;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation('catalog');
  const fr = i18n.language.startsWith('fr');
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <img
        src={service.imageUrl}
        alt=""
        width={640}
        height={480}
        loading="lazy"
        className="aspect-[4/3] w-full bg-gray-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        {service.verified ? (
          <div>
            <Badge tone="green">{t('badges.verified')}</Badge>
          </div>
        ) : null}
        <Heading className="text-sm font-semibold text-gray-900">
          <Link to={servicePath(service.slug)} className="hover:underline">
            {fr ? service.nameFr : service.nameEn}
          </Link>
        </Heading>
        <p className="text-sm text-gray-900">
          {t('card.from', { price: formatMoney(service.startingPriceCents, i18n.language) })}
          <span className="text-gray-600"> / {unitText(t, service.priceUnit, 1)}</span>
        </p>
        <p className="mt-auto text-xs text-gray-600">
          {service.seller.name} · {service.seller.city}, {service.seller.province}
        </p>
      </div>
    </article>
  );
}

export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="overflow-hidden rounded-lg border border-gray-200">
          <Skeleton className="aspect-[4/3] w-full rounded-none" />
          <div className="space-y-2 p-3">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}
