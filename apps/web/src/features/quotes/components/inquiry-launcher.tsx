import { lazy, Suspense } from 'react';
import type { InquiryResponse } from '@maplesource/contracts/quotes';
import type { InquirySubject } from './inquiry-modal';
import { withAllTexts } from '../../../lib/i18n';

// The form (react-hook-form, zod schema) is its own chunk, loaded when the buyer asks for it.
const InquiryModal = lazy(
  withAllTexts(() => import('./inquiry-modal').then((m) => ({ default: m.InquiryModal }))),
);

/** Shows the inquiry modal for `subject` (null: closed). */
export function InquiryLauncher({
  subject,
  onClose,
  onSent,
}: {
  subject: InquirySubject | null;
  onClose: () => void;
  onSent: (response: InquiryResponse, subject: InquirySubject) => void;
}) {
  if (!subject) return null;
  return (
    <Suspense fallback={null}>
      <InquiryModal subject={subject} onClose={onClose} onSent={(response) => onSent(response, subject)} />
    </Suspense>
  );
}
