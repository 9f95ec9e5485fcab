import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareerApplicationInput, CareerApplicationResponse } from '@maplesource/contracts/careers';
import { uploadWithProgress, type UploadProgress } from '../../../lib/http';
import { randomUuid } from '../../../lib/random-uuid';
import { idempotencyHeaders } from '../../../lib/idempotency';

export type SaveApplicationInput = {
  mode: 'create' | 'update';
  fields: CareerApplicationInput;
  resume: File | null;
  onProgress?: (progress: UploadProgress) => void;
  /** A new application's submit intent (decision 247): the same key when the same application is sent again. */
  idempotencyKey?: string;
};

/** POST (apply) or PUT (correct) /career as multipart: the JSON `application` and the file `resume`. */
export function saveApplication({ mode, fields, resume, onProgress, idempotencyKey }: SaveApplicationInput) {
  const body = new FormData();
  body.append('application', JSON.stringify(fields));
  if (resume) body.append('resume', resume, resume.name);
  return uploadWithProgress<CareerApplicationResponse>(mode === 'create' ? 'POST' : 'PUT', 'career', body, {
    ...(onProgress ? { onProgress } : {}),
    ...(mode === 'create' ? { headers: idempotencyHeaders(idempotencyKey ?? randomUuid()) } : {}),
  });
}

export function useSaveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApplication,
    onSuccess: (data) => queryClient.setQueryData(['careers', 'mine'], data.application),
  });
}
