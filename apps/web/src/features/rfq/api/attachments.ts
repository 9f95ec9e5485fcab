import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { rfqAttachmentUploadedSchema } from '@maplesource/contracts/rfq';
import { downloadFile } from '../../../lib/download-file';
import { uploadWithProgress } from '../../../lib/http';
import { rfqKeys } from './keys';

type Uploaded = z.infer<typeof rfqAttachmentUploadedSchema>;

/**
 * `POST rfqs/:id/attachments` (decision 317): one file (multipart, field `file`) added to the buyer's open request;
 * at most 5 of at most 10 MB, its type checked by content (409, 413, 415 with their codes).
 */
export const uploadRfqAttachment = ({ rfqId, file }: { rfqId: string; file: File }) => {
  const body = new FormData();
  body.append('file', file);
  return uploadWithProgress<Uploaded>('POST', `rfqs/${encodeURIComponent(rfqId)}/attachments`, body);
};

export function useUploadRfqAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRfqAttachment,
    onSettled: (_data, _error, { rfqId }) => queryClient.invalidateQueries({ queryKey: rfqKeys.one(rfqId) }),
  });
}

/**
 * Downloads an attachment (a private file, streamed after the access check): the buyer's route, or the matched
 * supplier's under its storefront. Fetched, since those routes need the `role` header.
 */
export const downloadRfqAttachment = (input: {
  rfqId: string;
  attachmentId: string;
  filename: string;
  sellerId?: number | undefined;
}) =>
  downloadFile({
    path:
      input.sellerId === undefined
        ? `rfqs/${encodeURIComponent(input.rfqId)}/attachments/${encodeURIComponent(input.attachmentId)}`
        : `seller/${input.sellerId}/rfqs/${encodeURIComponent(input.rfqId)}/attachments/${encodeURIComponent(input.attachmentId)}`,
    query: {},
    role: input.sellerId === undefined ? 'buyer' : 'seller',
    fallbackName: input.filename,
    accept: '*/*',
  });
