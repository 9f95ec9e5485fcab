import { Suspense, lazy, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SellerDetail, SellerSummary } from '@maplesource/contracts/catalog';
import { provinceNames } from '@maplesource/contracts/province-names';
import type { ClaimStoreResponse } from '@maplesource/contracts/storefront-claims';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/query-states';
import { Skeleton, SkeletonText } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/http';
import { withAllTexts } from '../../../lib/i18n';
import { toast } from '../../../lib/toast-store';
import { useClaimStore, useSeller, useSellerResponseTime } from '../api/sellers';

/** The claim dialog and its texts load on the first claim, not with the public storefront pages (decision 175). */
const ClaimDialog = lazy(
  withAllTexts(() => import('./claim-dialog').then((module) => ({ default: module.ClaimDialog }))),
);

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

/**
 * Claim an unclaimed storefront (docs/product.md §1): the server answers as the claims setting says ("Claim service is under
 * maintenance" while claims are closed), and that answer is shown. The storefront's name completes the button's
 * accessible name, so a list of them reads as "Claim this shop: <name>".
 */
export function ClaimButton({ seller }: { seller: Pick<SellerSummary, 'id' | 'name'> }) {
  const { t } = useTranslation('sellers');
  const claim = useClaimStore();
  const [methods, setMethods] = useState<ClaimStoreResponse | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`${t('claim')}: ${seller.name}`}
        disabled={claim.isPending}
        onClick={() =>
          claim.mutate(seller.id, {
            onError: (error) => toast.info(errorMessage(t, error)),
            onSuccess: setMethods,
          })
        }
      >
        {t('claim')}
      </Button>
      {methods ? (
        <Suspense fallback={null}>
          <ClaimDialog seller={seller} methods={methods} onClose={() => setMethods(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** `headingLevel`: the card's name heading follows the page outline (h2 right under a page's h1). */
export function SellerCard({
  seller,
  headingLevel = 3,
  action,
}: {
  seller: SellerSummary;
  headingLevel?: 2 | 3 | 4;
  /** A control under the card's details (the claim button on the unclaimed storefronts screen). */
  action?: React.ReactNode;
}) {
  const { t } = useTranslation('sellers');
  const Heading = (['h2', 'h3', 'h4'] as const)[headingLevel - 2] ?? 'h3';
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
        {action ? <div className="mt-2">{action}</div> : null}
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

/** The storefront header: name, badges, location, description, claim (docs/product.md §1: under maintenance). */
/**
 * The storefront's description in the page's language where the seller wrote it; otherwise the other language's,
 * marked with its language and a visible note, never blank (decision 261).
 */
function StorefrontDescription({ seller, fr }: { seller: SellerDetail; fr: boolean }) {
  const { t } = useTranslation('sellers');
  const wanted = fr ? seller.descriptionFr : seller.descriptionEn;
  const other = fr ? seller.descriptionEn : seller.descriptionFr;
  if (wanted.trim()) return <p className="mt-3 whitespace-pre-line text-gray-800">{wanted}</p>;
  if (!other.trim()) return null;
  const otherLanguage = fr ? 'en' : 'fr';
  return (
    <div className="mt-3">
      <p className="text-xs font-medium text-gray-600">{t(`storefront.onlyIn.${otherLanguage}`)}</p>
      <p lang={otherLanguage === 'fr' ? 'fr-CA' : 'en-CA'} className="whitespace-pre-line text-gray-800">
        {other}
      </p>
    </div>
  );
}

/** Contact details, service area and certifications the seller lists (decision 261); nothing when none. */
function StorefrontFacts({ seller }: { seller: SellerDetail }) {
  const { t, i18n } = useTranslation('sellers');
  const language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const hasContact = Boolean(seller.contactEmail || seller.contactPhone || seller.website);
  if (!hasContact && seller.serviceProvinces.length === 0 && seller.certifications.length === 0) return null;
  return (
    <dl className="mt-4 grid gap-4 rounded-lg border border-gray-200 bg-white p-4 text-sm sm:grid-cols-3">
      {hasContact ? (
        <div className="min-w-0">
          <dt className="font-semibold text-gray-900">{t('storefront.contact')}</dt>
          {seller.contactEmail ? (
            <dd className="break-words">
              <a className="text-maple-700 underline" href={`mailto:${seller.contactEmail}`}>
                {seller.contactEmail}
              </a>
            </dd>
          ) : null}
          {seller.contactPhone ? (
            <dd>
              <a
                className="text-maple-700 underline"
                href={`tel:${seller.contactPhone.replace(/[^\d+]/g, '')}`}
              >
                {seller.contactPhone}
              </a>
            </dd>
          ) : null}
          {seller.website ? (
            <dd className="break-words">
              <a
                className="text-maple-700 underline"
                href={seller.website}
                rel="noopener noreferrer nofollow"
              >
                {seller.website.replace(/^https:\/\//, '')}
              </a>
            </dd>
          ) : null}
        </div>
      ) : null}
      {seller.serviceProvinces.length > 0 ? (
        <div className="min-w-0">
          <dt className="font-semibold text-gray-900">{t('storefront.serviceArea')}</dt>
          <dd className="text-gray-800">
            {seller.serviceProvinces.map((code) => provinceNames[code][language]).join(', ')}
          </dd>
        </div>
      ) : null}
      {seller.certifications.length > 0 ? (
        <div className="min-w-0">
          <dt className="font-semibold text-gray-900">{t('storefront.certificationsTitle')}</dt>
          <dd>
            <ul className="flex flex-wrap gap-1">
              {seller.certifications.map((code) => (
                <li
                  key={code}
                  className="rounded bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900 ring-1 ring-sky-200"
                >
                  {t(`storefront.certifications.${code}`)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function SellerHeader({
  slug,
  children,
}: {
  slug: string;
  children: (seller: SellerDetail) => React.ReactNode;
}) {
  const { t, i18n } = useTranslation('sellers');
  const seller = useSeller(slug);
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
      {s.bannerUrl ? (
        <img
          src={s.bannerUrl}
          alt=""
          className="mb-4 aspect-[4/1] w-full rounded-lg bg-gray-100 object-cover"
        />
      ) : null}
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
          <ResponseTime sellerId={s.id} />
          <StorefrontDescription seller={s} fr={fr} />
        </div>
        {!s.claimed ? <ClaimButton seller={s} /> : null}
      </header>
      <StorefrontFacts seller={s} />
      {children(s)}
    </>
  );
}

/**
 * "Usually replies within 2 h" (decision 268): the owner's median first reply over 30 days, rounded up to the
 * hour (days past 48 h). Nothing while it loads, when it fails or when the server has too little data.
 */
export function ResponseTime({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation('sellers');
  const answer = useSellerResponseTime(sellerId);
  const median = answer.data?.responseTime?.medianSeconds;
  if (median === undefined) return null;
  const hours = Math.max(1, Math.ceil(median / 3600));
  return (
    <p className="mt-2 text-sm font-medium text-gray-800">
      {hours <= 48
        ? t('responseTime.hours', { count: hours })
        : t('responseTime.days', { count: Math.ceil(hours / 24) })}
    </p>
  );
}
