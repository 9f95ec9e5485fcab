import { chatImageMaxBytes, type ChatAttachment, type UploadResponse } from '@maplesource/contracts/chat';
import { ApiError, buildUrl } from '../../../lib/http';

/** docs/product.md §5: chat images are image files only, each under 5MB. The server checks the bytes again. */
export function chatImageProblem(
  files: readonly File[],
): 'CHAT_IMAGE_INVALID' | 'CHAT_IMAGE_TOO_LARGE' | null {
  if (files.some((file) => !file.type.startsWith('image/'))) return 'CHAT_IMAGE_INVALID';
  if (files.some((file) => file.size >= chatImageMaxBytes)) return 'CHAT_IMAGE_TOO_LARGE';
  return null;
}

/**
 * POST upload (multipart: `chatId`, then `file` parts). Uses XMLHttpRequest rather than the shared fetch client
 * only because fetch cannot report upload progress; same headers (role) and credentials as `lib/http.ts`.
 */
export function uploadChatImages(
  chatId: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): Promise<ChatAttachment[]> {
  const form = new FormData();
  form.append('chatId', chatId);
  for (const file of files) form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('upload', undefined, 'chat'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('role', 'buyer');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: 'CHAT_IMAGE_UPLOAD_FAILED', message: 'Upload failed' }));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (
        xhr.status >= 200 &&
        xhr.status < 300 &&
        body &&
        typeof body === 'object' &&
        'attachments' in body
      ) {
        onProgress(1);
        resolve((body as UploadResponse).attachments);
        return;
      }
      const error =
        body && typeof body === 'object' && 'error' in body
          ? (body as { error: { code?: unknown; message?: unknown } }).error
          : null;
      reject(
        new ApiError({
          status: xhr.status,
          code: typeof error?.code === 'string' ? error.code : 'CHAT_IMAGE_UPLOAD_FAILED',
          message: typeof error?.message === 'string' ? error.message : 'Upload failed',
        }),
      );
    };
    xhr.send(form);
  });
}
