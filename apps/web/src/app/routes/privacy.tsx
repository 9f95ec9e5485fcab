import { LegalDocumentView } from '../../features/content/components/legal-document';

/** /privacy-policy (docs/product.md §1, §2): the privacy policy in English or French. */
export default function PrivacyPage() {
  return <LegalDocumentView name="privacy" />;
}
