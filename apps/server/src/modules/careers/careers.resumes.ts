import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../../plugins/storage';
import type { ResumeUpload } from './careers.types';
import { prepareResume } from './resume-check';

/** The file name a download carries: the uploaded name's safe part, with the extension its bytes earned. */
export function downloadName(original: string, extension: string): string {
  const base = original
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'resume'}.${extension}`;
}

/** Checks the uploaded résumé and stores it privately; the application's résumé columns. */
export async function storeResume(storage: FileStorage, upload: ResumeUpload) {
  const { data, contentType, extension } = await prepareResume(upload.data);
  const key = `resumes/${randomUUID()}.${extension}`;
  await storage.put(key, data, { visibility: 'private', contentType });
  return {
    resumeKey: key,
    resumeFilename: downloadName(upload.filename, extension),
    resumeContentType: contentType,
    resumeBytes: data.length,
  };
}
