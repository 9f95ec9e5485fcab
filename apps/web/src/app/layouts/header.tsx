import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, IconButton, badgeText } from '../../components/ui/button';
import { useOrdersAwaitingPayment } from '../../features/orders/api/orders-awaiting-payment';
import { CloseIcon, HeartIcon, InboxIcon, MenuIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../components/ui/cn';
import { paths, to } from '../../config/paths';
import { sessionActions, useIsSeller, useSession } from '../../lib/session-store';
import { useUnreadChatCount } from '../../features/chat/api/get-chats';
import { useUnreadNotificationCount } from '../../features/notifications/api/notifications';
import { LanguageMenu } from './language-menu';
import { SearchForm } from './search-form';

const browseLinks = [
  { to: paths.products, key: 'header.products' },
  { to: paths.services, key: 'header.services' },
  { to: paths.sellers, key: 'header.sellers' },
  { to: paths.blogs, key: 'header.blogs' },
] as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-maple-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  );

/** A count beside a link's text: shown as a badge, read as `label` (its visible number is in the name, decision 266). */
function LinkBadge({ count, label }: { count: number; label: (shown: string) => string }) {
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        className="ml-1 inline-flex min-w-5 justify-center rounded-full bg-maple-700 px-1 text-xs text-white"
      >
        {badgeText(count)}
      </span>
      <span className="sr-only">{label(badgeText(count))}</span>
    </>
  );
}
export function Header() {
  const { t } = useTranslation('common');
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const mobileMenuId = useId();

  // Close the mobile menu whenever the page changes, and on logging in or out (after signup the menu stayed open).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setMenuOpen(false);
  }
  const [lastLoggedIn, setLastLoggedIn] = useState(isLoggedIn);
  if (isLoggedIn !== lastLoggedIn) {
    setLastLoggedIn(isLoggedIn);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const unread = useUnreadChatCount(isLoggedIn, 'buyer') + useUnreadNotificationCount(isLoggedIn);
  // The badge's visible text is in the button's name (WCAG 2.5.3, decision 266): "99+" both.
  const inboxLabel =
    unread > 0 ? t('header.inboxUnread', { count: unread, shown: badgeText(unread) }) : t('header.inbox');
  // A seller reaches the seller centre from here (decision 281); with unread buyer messages the link leads to the
  // seller's inbox, where a seller answers them.
  const isSeller = useIsSeller();
  const sellerUnread = useUnreadChatCount(isLoggedIn && isSeller, 'seller');
  // The buyer's orders waiting for their payment, counted beside "My orders"; a new order shows at once.
  const awaitingPayment = useOrdersAwaitingPayment(isLoggedIn);
  const myOrdersLink = (className: string) => (
    <Link to={paths.myOrders} className={className}>
      {t('header.myOrders')}
      <LinkBadge
        count={awaitingPayment}
        label={(shown) => t('header.ordersAwaitingPayment', { count: awaitingPayment, shown })}
      />
    </Link>
  );
  const sellerCentreLink = (className: string) =>
    isLoggedIn && isSeller ? (
      <Link to={sellerUnread > 0 ? to('sellerInbox') : to('sellerCentre')} className={className}>
        {t('header.sellerCentre')}
        <LinkBadge
          count={sellerUnread}
          label={(shown) => t('header.sellerUnread', { count: sellerUnread, shown })}
        />
      </Link>
    ) : null;
  const openInbox = () => (isLoggedIn ? sessionActions.openInbox('inbox') : sessionActions.openAuthModal());
  const search = (
    <SearchForm
      label={t('header.searchLabel')}
      placeholder={t('header.searchPlaceholder')}
      submitLabel={t('header.searchSubmit')}
      onSubmitted={() => setMenuOpen(false)}
    />
  );

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} aria-label={t('header.home')} className="shrink-0 rounded-md">
          <Logo />
        </Link>

        <nav aria-label={t('header.mainNav')} className="hidden items-center lg:flex">
          {browseLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {t(link.key)}
            </NavLink>
          ))}
        </nav>

        <div className="hidden flex-1 sm:block">{search}</div>
        <div className="flex-1 sm:hidden" />

        <div className="hidden items-center gap-1 sm:flex">
          <LanguageMenu />
          <IconButton
            label={inboxLabel}
            icon={<InboxIcon />}
            {...(unread > 0 ? { badge: unread } : {})}
            onClick={openInbox}
          />
          <Link
            to={paths.wishlist}
            aria-label={t('header.wishlist')}
            title={t('header.wishlist')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 hover:text-gray-900"
          >
            <HeartIcon />
          </Link>
          {isLoggedIn ? (
            <>
              {sellerCentreLink(
                'ml-1 inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900',
              )}
              {myOrdersLink(
                'ml-1 inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900',
              )}
              <Link
                to={paths.profile}
                className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900"
              >
                {t('header.profile')}
              </Link>
            </>
          ) : (
            <Button onClick={sessionActions.openAuthModal} className="ml-1">
              {t('header.login')}
            </Button>
          )}
        </div>

        <IconButton
          className="sm:hidden"
          label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
          icon={menuOpen ? <CloseIcon /> : <MenuIcon />}
          aria-expanded={menuOpen}
          aria-controls={mobileMenuId}
          onClick={() => setMenuOpen((open) => !open)}
        />
      </div>

      {/* Tablet: browse links under the bar (desktop shows them inline). */}
      <nav
        aria-label={t('header.categoriesMenu')}
        className="hidden border-t border-gray-100 sm:block lg:hidden"
      >
        <div className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 py-1 sm:px-6">
          {browseLinks.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {t(link.key)}
            </NavLink>
          ))}
        </div>
      </nav>

      {menuOpen ? (
        <div id={mobileMenuId} className="border-t border-gray-200 bg-white px-4 pt-3 pb-4 sm:hidden">
          {search}
          <nav aria-label={t('header.categoriesMenu')} className="mt-3 flex flex-col">
            {browseLinks.map((link) => (
              <NavLink key={link.to} to={link.to} className={navLinkClass}>
                {t(link.key)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-gray-100 pt-3">
            <LanguageMenu align="left" />
            <IconButton
              label={inboxLabel}
              icon={<InboxIcon />}
              {...(unread > 0 ? { badge: unread } : {})}
              onClick={openInbox}
            />
            <Link
              to={paths.wishlist}
              aria-label={t('header.wishlist')}
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-gray-700 hover:bg-gray-100"
            >
              <HeartIcon />
            </Link>
            {isLoggedIn ? (
              <>
                {sellerCentreLink(
                  'inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100',
                )}
                {myOrdersLink(
                  'ml-auto inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100',
                )}
                <Link
                  to={paths.profile}
                  className="inline-flex h-10 items-center rounded-md px-3 text-sm font-medium text-gray-700 hover:bg-gray-100"
                >
                  {t('header.profile')}
                </Link>
              </>
            ) : (
              <Button onClick={sessionActions.openAuthModal} className="ml-auto">
                {t('header.login')}
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </header>
  );
}
