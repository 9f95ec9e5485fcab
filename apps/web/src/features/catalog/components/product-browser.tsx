import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListingFacetsResponse } from '@maplesource/contracts/catalog';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { isApiError } from '../../../lib/http';
import { useFormat } from '../../../lib/format';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useCategories } from '../api/get-categories';
import { useListingFacets } from '../api/get-facets';
import { useProducts, type ProductListParams } from '../api/get-products';
import { useServices } from '../api/get-services';
import { FilterPanel, sortCodes, type ListingKind } from './filter-panel';
import { ListingPagination } from '../../../components/ui/pagination';
import { CardGridSkeleton, ProductCard, ServiceCard } from './product-card';
import { EmptyState, LoadError } from '../../../components/ui/query-states';

const PAGE_SIZE = 24;
const num = (v: string | null) =>
  v === null || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);
const list = (v: string | null) => (v ? v.split(',').filter(Boolean) : undefined);

/** Reads the filter state from the URL (the filter panel is kept in the URL: shareable, back button works). */
export function readFilters(params: URLSearchParams): ProductListParams {
  const verified = params.get('isVerified');
  return {
    q: params.get('q') ?? undefined,
    subcategories: list(params.get('subcategories')),
    businessType: params.get('businessType') ?? undefined,
    state: params.get('state') ?? undefined,
    minPrice: num(params.get('minPrice')),
    maxPrice: num(params.get('maxPrice')),
    isVerified: verified === 'true' || verified === 'false' ? verified : undefined,
    deliveryDays: num(params.get('deliveryDays')),
    minRating: num(params.get('minRating')),
    minQuantity: num(params.get('minQuantity')),
    ratings: list(params.get('ratings'))?.map(Number),
    origin: params.get('origin') ?? undefined,
    sort: params.get('sort') ?? undefined,
    page: num(params.get('page')) ?? 1,
    cursor: params.get('cursor') ?? undefined,
  };
}

/** Keys of the URL that are not filters of the panel: the text, the order and the page. */
const notPanelFilters = new Set(['q', 'sort', 'page', 'cursor']);

/** Whether the buyer set a filter in the panel (the empty state then speaks of filters, else of the search). */
export function hasPanelFilters(filters: ProductListParams): boolean {
  return Object.entries(filters).some(
    ([key, value]) =>
      !notPanelFilters.has(key) && value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
}

function writeFilters(current: URLSearchParams, next: Partial<ProductListParams>): URLSearchParams {
  const out = new URLSearchParams(current);
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) out.delete(key);
    else out.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  // Any other change starts again from the first page: a page number or cursor of another listing means nothing.
  if (!('page' in next)) {
    out.delete('page');
    out.delete('cursor');
  }
  return out;
}

interface ListingProps {
  category?: string | undefined;
  subcategory?: string | undefined;
  sellerId?: string | undefined;
  title: string;
  /** 2 when the listing sits under another page heading (a storefront). */
  headingLevel?: 1 | 2 | undefined;
}

/** URL-kept filter state and the subcategory choices of a listing (shared by products and services). */
function useListingState(kind: ListingKind, category: string | undefined) {
  const { i18n } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const fr = i18n.language.startsWith('fr');
  const categories = useCategories(kind);
  const subcategoryOptions =
    categories.data?.items
      .filter((c) => !category || c.slug === category)
      .flatMap((c) => c.children)
      .map((c) => ({ slug: c.slug, name: fr ? c.nameFr : c.nameEn })) ?? [];
  // Two changes in a row (min price then max price) must compose: the second builds on the URL the first
  // asked for, even when the navigation of the first has not been rendered yet.
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const update = (next: Partial<ProductListParams>) => {
    const out = writeFilters(pending.current ?? params, next);
    pending.current = out;
    setParams(out, { replace: false });
  };
  return { params, filters: readFilters(params), update, subcategoryOptions };
}

interface ListingPage<T> {
  items: T[];
  total: number;
  totalEstimated: boolean;
  page: number;
  pageSize: number;
  hasMore: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
  correctedQuery: string | null;
}

/** A link of another catalogue state (a stale cursor, a page too deep) answers 400 with these codes. */
const stalePageCodes = new Set(['INVALID_CURSOR', 'PAGE_OUT_OF_RANGE']);

/** Cards per commit of a listing's first render (decision 208): about a phone screen's worth. */
const CARDS_PER_STEP = 6;

/**
 * A page of cards committed a few at a time (decision 208): the first `CARDS_PER_STEP` in the listing's own
 * render, each next few in a deferred render of their own (`useDeferredValue`), so no single task builds the
 * DOM of all 24 cards (total blocking time on a phone). The cards below arrive under the fold: nothing on
 * screen moves. Later pages of the same list replace the cards in place (the steps are mounted already).
 */
function CardsInSteps<T extends { id: string }>({
  items,
  renderItem,
}: {
  items: T[];
  renderItem: (item: T) => ReactNode;
}) {
  const rest = items.slice(CARDS_PER_STEP);
  const showRest = useDeferredValue(true, false);
  return (
    <>
      {items.slice(0, CARDS_PER_STEP).map((item) => (
        <li key={item.id}>{renderItem(item)}</li>
      ))}
      {rest.length > 0 && showRest ? <CardsInSteps items={rest} renderItem={renderItem} /> : null}
    </>
  );
}

/** The listing layout: filter panel (drawer under 768 px), sort, grid, pagination and every state. */
function ListingBrowser<T extends { id: string }>({
  kind,
  title,
  headingLevel = 1,
  subcategory,
  state,
  result,
  facets,
  renderItem,
}: {
  kind: ListingKind;
  title: string;
  headingLevel?: 1 | 2 | undefined;
  subcategory: string | undefined;
  state: ReturnType<typeof useListingState>;
  result: UseQueryResult<ListingPage<T>>;
  facets: UseQueryResult<ListingFacetsResponse>;
  renderItem: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const { t: tError } = useTranslation('errors');
  const format = useFormat();
  const firstPage = () => update({ page: undefined, cursor: undefined });
  const staleLink = isApiError(result.error) && stalePageCodes.has(result.error.code) ? result.error : null;
  const [drawer, setDrawer] = useState(false);
  const wide = useMediaQuery('(min-width: 768px)');
  const { filters, update, subcategoryOptions } = state;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const panel = (
    <FilterPanel
      kind={kind}
      value={filters}
      onChange={update}
      facets={facets.data?.facets}
      facetsEstimated={facets.data?.totalEstimated ?? false}
      subcategoryOptions={subcategory ? [] : subcategoryOptions}
    />
  );
  return (
    <section aria-labelledby="listing-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Heading id="listing-title" className="text-2xl font-bold break-words text-gray-900">
            {title}
          </Heading>
          {filters.q ? (
            <p className="mt-1 text-sm text-gray-700">
              {result.data?.correctedQuery
                ? t('search.showingFor', { corrected: result.data.correctedQuery, query: filters.q })
                : t('searchResults', { query: filters.q })}
            </p>
          ) : null}
          {/* Always there (empty while loading) so the results below do not shift (CLS, decision 041). */}
          <p className="mt-1 min-h-5 text-sm text-gray-600" aria-live="polite">
            {result.data
              ? t(result.data.totalEstimated ? 'results.countAbout' : 'results.count', {
                  count: result.data.total,
                  formatted: format.number(result.data.total),
                })
              : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            className="md:hidden"
            onClick={() => setDrawer(true)}
            aria-expanded={drawer}
          >
            {t('filters.open')}
          </Button>
          <label className="text-sm text-gray-700">
            <span className="sr-only">{t('sort.label')}</span>
            <select
              className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
              value={filters.sort ?? ''}
              onChange={(e) => update({ sort: e.target.value || undefined })}
            >
              <option value="">{t('sort.default')}</option>
              {sortCodes.map((code) => (
                <option key={code} value={code}>
                  {t(`sort.${code}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-[16rem_1fr]">
        {/* Under 768 px the panel lives in the drawer: not rendering the hidden copy halves the work on phones. */}
        <aside className="hidden md:block">{wide ? panel : null}</aside>
        <Modal
          open={drawer}
          onClose={() => setDrawer(false)}
          title={t('filters.title')}
          closeLabel={t('filters.close')}
        >
          {panel}
        </Modal>
        <div className="min-w-0">
          {result.isPending ? (
            <CardGridSkeleton />
          ) : staleLink ? (
            <EmptyState
              title={tError(staleLink.code)}
              action={
                <Button variant="secondary" size="sm" onClick={firstPage}>
                  {t('results.firstPage')}
                </Button>
              }
            />
          ) : result.isError ? (
            <LoadError onRetry={() => void result.refetch()} />
          ) : result.data.items.length === 0 && (result.data.page > 1 || filters.cursor) ? (
            // Rows were removed since this link was made: there is nothing after it any more.
            <EmptyState
              title={t('results.emptyPage')}
              action={
                <Button variant="secondary" size="sm" onClick={firstPage}>
                  {t('results.firstPage')}
                </Button>
              }
            />
          ) : result.data.items.length === 0 ? (
            filters.q && !hasPanelFilters(filters) ? (
              <EmptyState
                title={t(kind === 'service' ? 'results.emptyServicesSearch' : 'results.emptySearch', {
                  query: filters.q,
                })}
                text={t('results.emptySearchHint')}
              />
            ) : (
              <EmptyState
                title={t(kind === 'service' ? 'results.emptyServices' : 'results.empty')}
                text={t('results.emptyHint')}
              />
            )
          ) : (
            <>
              <ul
                aria-busy={result.isFetching}
                data-testid="listing-results"
                className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
              >
                <CardsInSteps items={result.data.items} renderItem={renderItem} />
              </ul>
              <ListingPagination
                page={result.data.page}
                pageSize={result.data.pageSize}
                total={result.data.total}
                totalEstimated={result.data.totalEstimated}
                hasMore={result.data.hasMore}
                onPrevious={() =>
                  result.data.page <= 2 || !result.data.prevCursor
                    ? firstPage()
                    : update({ page: result.data.page - 1, cursor: result.data.prevCursor })
                }
                onNext={() =>
                  update({ page: result.data.page + 1, cursor: result.data.nextCursor ?? undefined })
                }
              />
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** The product listing (docs/product.md §3 filter + origin, listing types of docs/product.md §9). */
export function ProductBrowser({
  type,
  category,
  subcategory,
  sellerId,
  title,
  headingLevel,
}: ListingProps & { type?: string | undefined }) {
  const state = useListingState('product', category);
  const query = {
    ...state.filters,
    type,
    category,
    subcategories: subcategory ? [subcategory] : state.filters.subcategories,
    sellerId,
    pageSize: PAGE_SIZE,
  };
  const products = useProducts(query);
  const facets = useListingFacets('product', query);
  return (
    <ListingBrowser
      kind="product"
      title={title}
      headingLevel={headingLevel}
      subcategory={subcategory}
      state={state}
      result={products}
      facets={facets}
      renderItem={(product) => (
        <ProductCard
          product={product}
          headingLevel={headingLevel === 2 ? 3 : 2}
          priority={products.data?.items.slice(0, 2).includes(product) ?? false}
        />
      )}
    />
  );
}

/** The service listing: the same panel, URL state and states as products, on the fields services have. */
export function ServiceBrowser({ category, subcategory, sellerId, title, headingLevel }: ListingProps) {
  const state = useListingState('service', category);
  const { filters } = state;
  const query = {
    q: filters.q,
    category,
    subcategories: subcategory ? [subcategory] : filters.subcategories,
    businessType: filters.businessType,
    state: filters.state,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    isVerified: filters.isVerified,
    deliveryDays: filters.deliveryDays,
    minRating: filters.minRating,
    sort: filters.sort,
    page: filters.page,
    cursor: filters.cursor,
    sellerId,
    pageSize: PAGE_SIZE,
  };
  const services = useServices(query);
  const facets = useListingFacets('service', query);
  return (
    <ListingBrowser
      kind="service"
      title={title}
      headingLevel={headingLevel}
      subcategory={subcategory}
      state={state}
      result={services}
      facets={facets}
      renderItem={(service) => <ServiceCard service={service} headingLevel={headingLevel === 2 ? 3 : 2} />}
    />
  );
}
