import { LegalDocumentView } from '../../features/content/components/legal-document';

/** /terms-and-condition (docs/product.md §1, §2): the terms in English or French. */
export default function TermsPage() {
  return <LegalDocumentView name="terms" />;
}
