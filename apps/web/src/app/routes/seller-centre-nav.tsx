import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';
import { to } from '../../config/paths';

/** The seller centre's sections: conversations with buyers, orders, and the tax registration printed on invoices. */
export function SellerCentreNav() {
  const { t } = useTranslation('sellers');
  const links = [
    { to: to('sellerInbox'), label: t('sellerCentre.inbox'), end: false },
    { to: to('sellerOrders'), label: t('sellerCentre.orders'), end: true },
    { to: to('sellerTaxRegistration'), label: t('sellerCentre.taxRegistration'), end: true },
  ];
  return (
    <nav aria-label={t('sellerCentre.nav')} className="mb-4 border-b border-gray-200">
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {links.map((link) => (
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
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
