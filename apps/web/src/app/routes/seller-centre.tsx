import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-states';
import { useMySellerApplication } from '../../features/sellers/api/seller-applications';
import {
  SellerApplicationForm,
  SellerApplicationStatus,
} from '../../features/sellers/components/seller-application';
import { useIsSeller } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SellerCentreNav, sellerCentreLinks } from './seller-centre-nav';

/**
 * /seller-centre (logged in): the seller centre's dashboard (decision 281). An account that is not a seller yet
 * applies here and follows its application (decision 280); once approved, the sections are one click away.
 */
export default function SellerCentrePage() {
  const { t } = useTranslation('sellerCentre');
  useDocumentTitle(t('sellerCentre.title'));
  const mine = useMySellerApplication();
  const application = mine.data?.application ?? null;
  const isSeller = useIsSeller();
  const canApply = !isSeller && (!application || application.status === 'refused');
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <SellerCentreNav />
      <h1 className="text-2xl font-bold break-words text-gray-900">{t('sellerCentre.title')}</h1>
      <p className="mb-4 text-sm text-gray-600">{t('sellerCentre.intro')}</p>
      <QueryState
        isPending={mine.isPending}
        error={mine.error}
        isEmpty={false}
        onRetry={() => void mine.refetch()}
      >
        <div className="space-y-6">
          {application ? <SellerApplicationStatus application={application} /> : null}
          {isSeller || application?.status === 'approved' ? (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              {sellerCentreLinks()
                .slice(1)
                .map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="block rounded-md border border-gray-200 bg-white p-4 text-sm font-medium text-maple-700 hover:bg-gray-50"
                    >
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
            </ul>
          ) : null}
          {canApply ? <SellerApplicationForm /> : null}
        </div>
      </QueryState>
    </div>
  );
}
