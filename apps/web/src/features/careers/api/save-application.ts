import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareerApplicationInput, CareerApplicationResponse } from '@maplesource/contracts/careers';
import { uploadWithProgress, type UploadProgress } from '../../../lib/http';

export type SaveApplicationInput = {
  mode: 'create' | 'update';
  fields: CareerApplicationInput;
  resume: File | null;
  onProgress?: (progress: UploadProgress) => void;
};

/** POST (apply) or PUT (correct) /career as multipart: the JSON `application` and the file `resume`. */
export function saveApplication({ mode, fields, resume, onProgress }: SaveApplicationInput) {
  const body = new FormData();
  body.append('application', JSON.stringify(fields));
  if (resume) body.append('resume', resume, resume.name);
  return uploadWithProgress<CareerApplicationResponse>(mode === 'create' ? 'POST' : 'PUT', 'career', body, {
    ...(onProgress ? { onProgress } : {}),
    ...(mode === 'create' ? { headers: { 'idempotency-key': crypto.randomUUID() } } : {}),
  });
}

export function useSaveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApplication,
    onSuccess: (data) => queryClient.setQueryData(['careers', 'mine'], data.application),
  });
}
