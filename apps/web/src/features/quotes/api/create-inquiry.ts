import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InquiryResponse, ProductInquiry, ServiceInquiry } from '@maplesource/contracts/quotes';
import { api } from '../../../lib/http';
import { queryKeyRoots } from '../../../lib/query-keys';

export type InquirySubjectKind = 'product' | 'service';
export type InquiryInput =
  | { kind: 'product'; body: ProductInquiry; idempotencyKey: string }
  | { kind: 'service'; body: ServiceInquiry; idempotencyKey: string };

/**
 * POST quotation / service-quotation (docs/product.md §7): opens (or reuses) the conversation with the seller, holding
 * the quotation. One Idempotency-Key per filled form, so a repeated click or a retry creates one inquiry.
 */
export const createInquiry = ({ kind, body, idempotencyKey }: InquiryInput) =>
  api.post<InquiryResponse>(kind === 'service' ? 'service-quotation' : 'quotation', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function useCreateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInquiry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyRoots.chat }),
  });
}
