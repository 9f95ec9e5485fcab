import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LoadError, LoadingState } from '../../components/ui/query-states';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/http';
import { sessionActions, useSession } from '../../lib/session-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useInitialCheckPending } from '../../features/auth/hooks/use-session-check';
import { useCategories } from '../../features/catalog/api/get-categories';
import { MyRfqs } from '../../features/rfq/components/my-rfqs';
import { RfqDetail } from '../../features/rfq/components/rfq-detail';
import { RfqForm, type RfqCategoryOption } from '../../features/rfq/components/rfq-form';
import { RfqIntro } from '../../features/rfq/components/rfq-intro';

/** `/global-quote?rfq={id}` is a request's page (the address the server's e-mails link to, decision 317). */
const rfqPage = (rfqId: string, sent = false) =>
  `${paths.globalQuote}?${new URLSearchParams(sent ? { rfq: rfqId, sent: '1' } : { rfq: rfqId }).toString()}`;

/**
 * /global-quote (decisions 298, 317): one request for quotes sent to many Canadian suppliers. A visitor reads what it
 * does and signs in here; a signed-in buyer sees their requests and sends a new one; `?rfq={id}` is one request's
 * page with its quotes compared (`&sent=1` right after sending: who it went to).
 */
export default function GlobalQuotePage() {
  const { t } = useTranslation('rfq');
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const checking = useInitialCheckPending();
  const [search] = useSearchParams();
  const rfqId = search.get('rfq');
  useDocumentTitle(t('page.title'));
  if (checking) return null;
  if (!isLoggedIn) return <RfqIntro onSignIn={sessionActions.openAuthModal} />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      {rfqId ? <RequestPage rfqId={rfqId} justSent={search.get('sent') === '1'} /> : <RequestsHome />}
    </div>
  );
}

/** Top-level product and service categories, in the page's language (the storefronts' main categories). */
function useRfqCategories() {
  const { i18n } = useTranslation();
  const products = useCategories('product');
  const services = useCategories('service');
  const fr = i18n.language.startsWith('fr');
  const options = useMemo<RfqCategoryOption[]>(
    () =>
      [...(products.data?.items ?? []), ...(services.data?.items ?? [])].map((c) => ({
        id: c.id,
        slug: c.slug,
        name: (fr ? c.nameFr : c.nameEn) || c.nameEn,
        kind: c.kind,
      })),
    [products.data, services.data, fr],
  );
  const failed = products.error ?? services.error;
  return {
    options,
    isPending: products.isPending || services.isPending,
    error: failed,
    retry: () => {
      void products.refetch();
      void services.refetch();
    },
  };
}

function RequestsHome() {
  const { t } = useTranslation('rfq');
  const navigate = useNavigate();
  const [writing, setWriting] = useState(false);
  const categories = useRfqCategories();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t('page.title')}</h1>
          <p className="text-sm text-gray-700">{t('page.intro')}</p>
        </div>
        {!writing ? <Button onClick={() => setWriting(true)}>{t('page.new')}</Button> : null}
      </div>
      {writing ? (
        <section className="rounded-lg border border-gray-200 p-4">
          {categories.isPending ? (
            <LoadingState label={t('form.loading')} />
          ) : categories.error ? (
            <LoadError message={errorMessage(t, categories.error)} onRetry={categories.retry} />
          ) : (
            <RfqForm
              categories={categories.options}
              onCancel={() => setWriting(false)}
              onSent={(created) => void navigate(rfqPage(created.rfq.id, true))}
            />
          )}
        </section>
      ) : null}
      <section aria-labelledby="my-rfqs" className="space-y-2">
        <h2 id="my-rfqs" className="text-lg font-semibold text-gray-900">
          {t('mine.title')}
        </h2>
        <MyRfqs linkTo={(id) => rfqPage(id)} />
      </section>
    </div>
  );
}

function RequestPage({ rfqId, justSent }: { rfqId: string; justSent: boolean }) {
  const { t } = useTranslation('rfq');
  const categories = useRfqCategories();
  return (
    <div className="space-y-4">
      <Link to={paths.globalQuote} className="text-sm text-maple-700 underline">
        {t('detail.back')}
      </Link>
      <RfqDetail
        rfqId={rfqId}
        justSent={justSent}
        categoryName={(id) => categories.options.find((c) => c.id === id)?.name}
        onOpenConversation={(chat) => sessionActions.openInbox('chats', chat)}
      />
    </div>
  );
}
