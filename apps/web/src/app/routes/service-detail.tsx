import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { isApiError } from '../../lib/http';
import { formatMoney } from '../../lib/format';
import { Skeleton, SkeletonText } from '../../components/ui/skeleton';
import { useService } from '../../features/catalog/api/get-product';
import { LikeButton } from '../../features/catalog/components/like-button';
import { MainImage } from '../../features/catalog/components/main-image';
import { Badge, sellerPath } from '../../features/catalog/components/product-card';
import { ProductUnavailable } from '../../features/catalog/components/product-detail-view';
import { LoadError } from '../../components/ui/query-states';
import { ReviewsPanel } from '../../features/catalog/components/reviews-panel';
import { Button } from '../../components/ui/button';
import { InquiryLauncher } from '../../features/quotes/components/inquiry-launcher';
import type { InquirySubject } from '../../features/quotes/components/inquiry-modal';
import { sessionActions } from '../../lib/session-store';
import { useRequireLogin } from '../../lib/use-require-login';

/** /service/{slug}. */
export default function ServiceDetailPage() {
  const { t, i18n } = useTranslation('catalog');
  const { slug = '' } = useParams();
  const service = useService(slug);
  const fr = i18n.language.startsWith('fr');
  const [inquiry, setInquiry] = useState<InquirySubject | null>(null);
  const requireLogin = useRequireLogin();
  useDocumentTitle(
    service.data ? (fr ? service.data.nameFr : service.data.nameEn) : t('serviceDetail.title'),
  );
  let body: React.ReactNode;
  if (service.isPending) {
    body = (
      <div className="grid gap-8 md:grid-cols-2" aria-busy="true">
        <Skeleton className="aspect-[4/3] w-full" />
        <SkeletonText lines={6} />
      </div>
    );
  } else if (service.isError) {
    const code = isApiError(service.error) ? service.error.code : '';
    body =
      code === 'SERVICE_NOT_FOUND' ||
      code === 'PRODUCT_NOT_AVAILABLE' ||
      code === 'SERVICE_NO_LONGER_AVAILABLE' ? (
        <ProductUnavailable
          kind="service"
          notFound={code === 'SERVICE_NOT_FOUND'}
          gone={code === 'SERVICE_NO_LONGER_AVAILABLE'}
        />
      ) : (
        <LoadError onRetry={() => void service.refetch()} />
      );
  } else {
    const s = service.data;
    const name = fr ? s.nameFr : s.nameEn;
    body = (
      <article>
        <div className="grid gap-8 md:grid-cols-2">
          <div>
            <MainImage name={name} images={s.images} />
          </div>
          <div>
            {s.verified ? <Badge tone="green">{t('badges.verified')}</Badge> : null}
            <div className="mt-2 flex items-start justify-between gap-3">
              <h1 className="text-2xl font-bold text-gray-900">{name}</h1>
              <LikeButton kind="service" id={s.id} liked={s.likedByMe} name={name} />
            </div>
            <p className="mt-2 text-gray-800">{fr ? s.descriptionFr : s.descriptionEn}</p>
            <p className="mt-3 font-medium">
              {t('card.from', { price: formatMoney(s.startingPriceCents, i18n.language) })}
            </p>
            <p className="text-sm text-gray-700">{t('detail.turnaround', { count: s.turnaroundDays })}</p>
            <p className="text-sm text-gray-700">{fr ? s.serviceAreaFr : s.serviceAreaEn}</p>
            {s.certifications.length > 0 ? (
              <p className="mt-2 text-sm">{s.certifications.join(' · ')}</p>
            ) : null}
            <Button
              size="lg"
              className="mt-4 w-full"
              onClick={() => {
                if (!requireLogin()) return;
                setInquiry({ kind: 'service', id: Number(s.id), name, leadDays: s.turnaroundDays });
              }}
            >
              {t('quotes:inquiry.requestQuote')}
            </Button>
            <p className="mt-4 text-sm">
              {t('detail.seller')}:{' '}
              <Link className="font-medium hover:underline" to={sellerPath(s.seller.slug)}>
                {s.seller.name}
              </Link>
            </p>
          </div>
        </div>
        <ReviewsPanel kind="service" itemId={s.id} mine={s.myReviewId} />
      </article>
    );
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      {body}
      <InquiryLauncher
        subject={inquiry}
        onClose={() => setInquiry(null)}
        onSent={(response) => {
          setInquiry(null);
          sessionActions.openInbox('chats', { kind: 'service', chatId: response.chatId });
        }}
      />
    </div>
  );
}
