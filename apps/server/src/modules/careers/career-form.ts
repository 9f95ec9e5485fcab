import type { FastifyRequest } from 'fastify';
import { careerApplicationInputSchema, type CareerApplicationInput } from '@maplesource/contracts';
import { AppError, badRequest } from '../../plugins/errors';
import type { ResumeUpload } from './careers.service';

export interface CareerForm {
  input: CareerApplicationInput;
  resume: ResumeUpload | null;
}

/**
 * Reads the career form's multipart body: the field `application` (the contracts schema's JSON) and the file
 * `resume`. The multipart limit stops reading past 5MB; that, like a bad field, is a clear 4xx.
 */
export async function readCareerForm(request: FastifyRequest): Promise<CareerForm> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the application as multipart/form-data');
  let raw: string | null = null;
  let resume: ResumeUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'resume' || resume) {
          await part.toBuffer();
          throw badRequest('CAREER_FORM_INVALID', 'Send one file, named resume');
        }
        resume = { data: await part.toBuffer(), filename: part.filename };
      } else if (part.fieldname === 'application' && typeof part.value === 'string') {
        raw = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'RESUME_TOO_LARGE', 'The résumé must be 5MB or smaller');
    throw error;
  }
  if (raw === null) throw badRequest('CAREER_FORM_INVALID', 'The application fields are missing');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('CAREER_FORM_INVALID', 'The application fields are not valid JSON');
  }
  const parsed = careerApplicationInputSchema.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'application'] ??= issue.message;
    throw badRequest('VALIDATION_FAILED', 'Some fields are not valid', fields);
  }
  return { input: parsed.data, resume };
}
