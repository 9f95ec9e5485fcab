import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useProduct } from '../../features/catalog/api/get-product';
import { ProductDetailView } from '../../features/catalog/components/product-detail-view';
import { InquiryLauncher } from '../../features/quotes/components/inquiry-launcher';
import type { InquirySubject } from '../../features/quotes/components/inquiry-modal';
import { sessionActions } from '../../lib/session-store';

/**
 * /productdetails/{slug}. "Send inquiry" asks a visitor to log in, and opens the inquiry modal for a buyer; once
 * sent, the buyer lands in the conversation with the seller (inbox, Chats tab).
 */
export default function ProductDetailPage() {
  const { t, i18n } = useTranslation('catalog');
  const { slug = '' } = useParams();
  // Same query as the view below (shared cache entry): the tab shows the product's name once loaded.
  const product = useProduct(slug);
  const fr = i18n.language.startsWith('fr');
  const [inquiry, setInquiry] = useState<InquirySubject | null>(null);
  useDocumentTitle(
    product.data ? (fr ? product.data.nameFr : product.data.nameEn) : t('productDetail.title'),
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <ProductDetailView
        slug={slug}
        onInquiry={(p) =>
          setInquiry({
            kind: 'product',
            id: Number(p.id),
            name: fr ? p.nameFr : p.nameEn,
            leadDays: p.leadDays,
          })
        }
      />
      <InquiryLauncher
        subject={inquiry}
        onClose={() => setInquiry(null)}
        onSent={(response) => {
          setInquiry(null);
          sessionActions.openInbox('chats', { kind: 'product', chatId: response.chatId });
        }}
      />
    </div>
  );
}
