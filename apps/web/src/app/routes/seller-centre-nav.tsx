import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { badgeText } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { to } from '../../config/paths';
import { useMyStorefronts } from '../../lib/my-storefronts';
import { useIsSeller } from '../../lib/session-store';
import { useRfqNewCount } from '../../features/rfq/api/supplier-inbox';

/**
 * The seller centre's one navigation (decision 281), shared by every seller centre screen. Only screens that
 * exist are listed (no dead links): add an entry here, in the order below, when a screen is built — Dashboard,
 * Pipeline, Inbox, Requests for quotes, Products, Services, Storefront, Orders, Stats, Tax registration, Balance,
 * Payouts, Settings. Labels live in `sellerCentre:sellerCentre.*` (en and fr).
 */
export const sellerCentreLinks = () =>
  [
    { to: to('sellerCentre'), key: 'sellerCentre.dashboard', end: true },
    { to: to('sellerPipeline'), key: 'sellerCentre.pipeline', end: true },
    { to: to('sellerInbox'), key: 'sellerCentre.inbox', end: false },
    { to: to('sellerRfqs'), key: 'sellerCentre.rfqs', end: true },
    { to: to('sellerProducts'), key: 'sellerCentre.products', end: false },
    { to: to('sellerServices'), key: 'sellerCentre.services', end: false },
    { to: to('sellerStorefront'), key: 'sellerCentre.storefront', end: true },
    { to: to('sellerOrders'), key: 'sellerCentre.orders', end: true },
    { to: to('sellerStats'), key: 'sellerCentre.stats', end: true },
    { to: to('sellerTaxRegistration'), key: 'sellerCentre.taxRegistration', end: true },
    { to: to('sellerBalance'), key: 'sellerCentre.balance', end: true },
    { to: to('sellerPayouts'), key: 'sellerCentre.payouts', end: true },
  ] as const;

/**
 * The requests for quotes still to answer (open, not answered yet), for the section's badge; none for an account
 * that is not a seller yet.
 */
function useRfqBadge(): number {
  const isSeller = useIsSeller();
  const storefronts = useMyStorefronts(isSeller);
  return useRfqNewCount(isSeller ? (storefronts.data?.storefronts ?? []).map((s) => s.sellerId) : []);
}

/**
 * The seller centre's sections, as a labelled navigation that wraps at 320 px and marks the current page; the
 * requests for quotes section shows how many wait for an answer (in its name too).
 */
export function SellerCentreNav() {
  const { t } = useTranslation('sellerCentre');
  const rfqBadge = useRfqBadge();
  return (
    <nav aria-label={t('sellerCentre.nav')} className="mb-4 border-b border-gray-200">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {sellerCentreLinks().map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-block border-b-2 px-1 py-2 text-sm font-medium',
                  isActive
                    ? 'border-maple-700 text-maple-700'
                    : 'border-transparent text-gray-700 hover:text-gray-900',
                )
              }
            >
              {t(link.key)}
              {link.key === 'sellerCentre.rfqs' && rfqBadge > 0 ? (
                <>
                  {' '}
                  <span className="rounded-full bg-maple-600 px-1.5 text-xs font-semibold text-white">
                    {badgeText(rfqBadge)}
                  </span>
                  <span className="sr-only"> {t('sellerCentre.rfqsNew', { count: rfqBadge })}</span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
