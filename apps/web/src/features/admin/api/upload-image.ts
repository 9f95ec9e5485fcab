import { useMutation } from '@tanstack/react-query';
import type { AdminUploadResponse } from '@maplesource/contracts/content';
import { api } from '../../../lib/http';

/** Types and size the server accepts (`POST admin/uploads`); checked here first to answer at once. */
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const uploadImageMaxBytes = 5 * 1024 * 1024;

/** One image for a blog post; the server re-encodes it as WebP and answers its `/uploads/…` address. */
export const uploadImage = (file: File) => {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<AdminUploadResponse>('admin/uploads', { role: 'admin', body });
};
export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
