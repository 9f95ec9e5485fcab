import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RfqCreateRequest, rfqCreatedResponseSchema } from '@maplesource/contracts/rfq';
import { api } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { rfqKeys } from './keys';

export type RfqCreated = z.infer<typeof rfqCreatedResponseSchema>;

/**
 * `POST rfqs` (decision 298): sends the request to the matched suppliers (or the named ones among them). One
 * Idempotency-Key per filled form, so a double click or a retry after a lost answer sends one request.
 */
export const sendRfq = ({ body, idempotencyKey }: { body: RfqCreateRequest; idempotencyKey: string }) =>
  api.post<RfqCreated>('rfqs', { body, headers: idempotencyHeaders(idempotencyKey) });

export function useSendRfq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRfq,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rfqKeys.mineAll }),
  });
}
