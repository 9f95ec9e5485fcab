import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SellerDetail, SellerSummary } from '@maplesource/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/query-states';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useClaimStore, useSeller } from '../api/sellers';

export const sellerPath = (slug: string) => `/seller/${encodeURIComponent(slug)}`;

function Badges({ seller }: { seller: SellerSummary }) {
  const { t } = useTranslation('sellers');
  return (
    <div className="flex flex-wrap gap-1">
      {seller.verified ? (
        <span className="rounded bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
          {t('badges.verified')}
        </span>
      ) : null}
      <span className="rounded bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
        {t('badges.seller')}
      </span>
      {!seller.claimed ? (
        <span className="rounded bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
          {t('badges.unclaimed')}
        </span>
      ) : null}
    </div>
  );
}

/** `headingLevel`: the card's name heading follows the page outline (h2 right under a page's h1). */
export function SellerCard({ seller, headingLevel = 3 }: { seller: SellerSummary; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('sellers');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full gap-3 rounded-lg border border-gray-200 bg-white p-3">
      <img
        src={seller.logoUrl}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        className="h-14 w-14 shrink-0 rounded bg-gray-100"
      />
      <div className="min-w-0">
        <Heading className="truncate text-sm font-semibold text-gray-900">
          <Link to={sellerPath(seller.slug)} className="hover:underline">
            {seller.name}
          </Link>
        </Heading>
        <p className="text-xs text-gray-600">
          {seller.city}, {seller.province} · {t(`businessTypes.${seller.businessType}`)}
        </p>
        <p className="text-xs text-gray-600">
          {t('productCount', { count: seller.productCount })} ·{' '}
          {t('serviceCount', { count: seller.serviceCount })}
        </p>
        <div className="mt-1">
          <Badges seller={seller} />
        </div>
      </div>
    </article>
  );
}

export function SellerGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <Skeleton className="h-20 w-full" />
        </li>
      ))}
    </ul>
  );
}

/** The storefront header: name, badges, location, description, claim (spec §1: under maintenance). */
export function SellerHeader({
  slug,
  children,
}: {
  slug: string;
  children: (seller: SellerDetail) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('sellers');
  const seller = useSeller(slug);
  const claim = useClaimStore();
  if (seller.isPending) {
    return (
      <div aria-busy="true">
        <Skeleton className="h-10 w-1/2" />
        <div className="mt-4">
          <SkeletonText lines={3} />
        </div>
      </div>
    );
  }
  if (seller.isError) {
    const missing = isApiError(seller.error) && seller.error.status === 404;
    return (
      <LoadError
        message={missing ? t('notFound') : t('loadFailed')}
        onRetry={missing ? undefined : () => void seller.refetch()}
      />
    );
  }
  const s = seller.data;
  const fr = i18n.language.startsWith('fr');
  return (
    <>
      <header className="flex flex-wrap items-start gap-4">
        <img src={s.logoUrl} alt="" width={96} height={96} className="h-24 w-24 rounded-lg bg-gray-100" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold text-gray-900">{s.name}</h1>
          <p className="text-sm text-gray-700">
            {s.city}, {s.province} {s.postalCode} · {t(`businessTypes.${s.businessType}`)} ·{' '}
            {t('since', { year: s.yearEstablished })} · {t('employees', { count: s.employees })}
          </p>
          <div className="mt-2">
            <Badges seller={s} />
          </div>
          <p className="mt-3 text-gray-800">{fr ? s.descriptionFr : s.descriptionEn}</p>
        </div>
        {!s.claimed ? (
          <Button
            variant="secondary"
            disabled={claim.isPending}
            onClick={() =>
              claim.mutate(s.id, {
                onError: (error) => toast.info(errorMessage(t, error)),
                onSuccess: () => toast.success(t('claimSent')),
              })
            }
          >
            {t('claim')}
          </Button>
        ) : null}
      </header>
      {children(s)}
    </>
  );
}
