import { useTranslation } from 'react-i18next';
import { PipelineBoard } from '../../features/quotes/components/pipeline-board';
import { useDocumentTitle } from '../../lib/use-document-title';
import { SellerCentreNav } from './seller-centre-nav';

/** /seller-centre/pipeline (logged-in sellers): the quotation pipeline (decision 267). */
export default function SellerPipelinePage() {
  const { t } = useTranslation('pipeline');
  useDocumentTitle(t('title'));
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <SellerCentreNav />
      <h1 className="text-2xl font-bold text-gray-900">{t('title')}</h1>
      <p className="mb-4 text-sm text-gray-600">{t('intro')}</p>
      <PipelineBoard />
    </div>
  );
}
