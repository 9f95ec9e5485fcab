import { useMutation } from '@tanstack/react-query';
import { uploadWithProgress, type UploadProgress } from '../../../lib/http';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { randomUuid } from '../../../lib/random-uuid';

/** `POST seller/catalogue-images` (decision 287): one image, with upload progress; answers its address. */
export const uploadItemImage = (file: File, onProgress?: (progress: UploadProgress) => void) => {
  const body = new FormData();
  body.append('file', file);
  return uploadWithProgress<{ url: string; width: number; height: number }>(
    'POST',
    'seller/catalogue-images',
    body,
    { onProgress, headers: idempotencyHeaders(randomUuid()), role: 'seller' },
  );
};

export const useUploadItemImage = () =>
  useMutation({
    mutationFn: (variables: { file: File; onProgress?: (progress: UploadProgress) => void }) =>
      uploadItemImage(variables.file, variables.onProgress),
  });
