import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  careerApplicationInputSchema,
  jobCategoryCodes,
  resumeAcceptedExtensions,
  resumeMaxBytes,
  type CareerApplication,
} from '@maplesource/contracts/careers';
import { provinceCodes, provinceNames, type ProvinceCode } from '@maplesource/contracts/provinces';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { Textarea } from '../../../components/forms/form-kit';
import { fieldError } from '../../../lib/field-error';
import { errorMessage, isApiError } from '../../../lib/http';
import { useSaveApplication } from '../api/save-application';
import { useActionKeys } from '../../../lib/idempotency';

type Values = z.input<typeof careerApplicationInputSchema>;

/** A quick look in the browser (the server decides by the bytes): the extension and the 5MB limit. */
function resumeProblem(file: File | null, required: boolean): string | null {
  if (!file) return required ? 'errors:RESUME_REQUIRED' : null;
  const name = file.name.toLowerCase();
  if (!resumeAcceptedExtensions.some((extension) => name.endsWith(extension)))
    return 'errors:RESUME_TYPE_NOT_ALLOWED';
  if (file.size > resumeMaxBytes) return 'errors:RESUME_TOO_LARGE';
  return null;
}

const resumeErrorCodes = [
  'RESUME_REQUIRED',
  'RESUME_TOO_LARGE',
  'RESUME_TYPE_NOT_ALLOWED',
  'RESUME_PDF_UNSAFE',
  'RESUME_PDF_UNREADABLE',
  'RESUME_IMAGE_UNREADABLE',
];

/**
 * The career application form (docs/product.md §3, §5): one contracts schema for every field, the résumé checked before
 * sending and by the server, an upload progress bar; `mode: update` corrects an application (the file optional).
 */
export function CareerForm({
  mode,
  defaults,
  onSaved,
  onCancel,
}: {
  mode: 'create' | 'update';
  defaults: Partial<Values>;
  onSaved: (application: CareerApplication) => void;
  onCancel?: () => void;
}) {
  const { t, i18n } = useTranslation('careers');
  const fr = i18n.language === 'fr';
  const save = useSaveApplication();
  const keys = useActionKeys();
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(careerApplicationInputSchema),
    defaultValues: {
      fullName: '',
      email: '',
      phoneNumber: '',
      street: '',
      city: '',
      postalCode: '',
      coverLetter: '',
      ...defaults,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    (values) => {
      const problem = resumeProblem(resume, mode === 'create');
      setResumeError(problem);
      if (problem) return;
      setFormError(null);
      setProgress(0);
      save.mutate(
        {
          mode,
          fields: values,
          resume,
          onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)),
          ...(mode === 'create'
            ? {
                idempotencyKey: keys.keyFor({
                  values,
                  resume: resume && [resume.name, resume.size, resume.lastModified],
                }),
              }
            : {}),
        },
        {
          onSuccess: ({ application }) => {
            keys.done();
            setProgress(null);
            onSaved(application);
          },
          onError: (error) => {
            setProgress(null);
            if (isApiError(error) && resumeErrorCodes.includes(error.code))
              setResumeError(`errors:${error.code}`);
            else if (isApiError(error) && error.fields)
              for (const [name, message] of Object.entries(error.fields))
                form.setError(name as keyof Values, { message });
            else setFormError(errorMessage(t, error));
          },
        },
      );
    },
    () => setResumeError(resumeProblem(resume, mode === 'create')),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('form.label')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.fullName')} error={fieldError(t, errors.fullName?.message)} required>
          {(p) => <Input {...p} autoComplete="name" {...form.register('fullName')} />}
        </Field>
        <Field label={t('form.email')} error={fieldError(t, errors.email?.message)} required>
          {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label={t('form.phone')} error={fieldError(t, errors.phoneNumber?.message)} required>
          {(p) => <Input {...p} type="tel" autoComplete="tel" {...form.register('phoneNumber')} />}
        </Field>
        <Field label={t('form.jobCategory')} error={fieldError(t, errors.jobCategory?.message)} required>
          {(p) => (
            <select
              {...p}
              className={inputClasses(Boolean(errors.jobCategory))}
              defaultValue=""
              {...form.register('jobCategory')}
            >
              <option value="" disabled>
                {t('form.choose')}
              </option>
              {jobCategoryCodes.map((code) => (
                <option key={code} value={code}>
                  {t(`categories.${code}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('form.street')}
          error={fieldError(t, errors.street?.message)}
          required
          className="sm:col-span-2"
        >
          {(p) => <Input {...p} autoComplete="street-address" {...form.register('street')} />}
        </Field>
        <Field label={t('form.province')} error={fieldError(t, errors.province?.message)} required>
          {(p) => (
            <select
              {...p}
              className={inputClasses(Boolean(errors.province))}
              defaultValue=""
              {...form.register('province')}
            >
              <option value="" disabled>
                {t('form.choose')}
              </option>
              {provinceCodes.map((code: ProvinceCode) => (
                <option key={code} value={code}>
                  {fr ? provinceNames[code].fr : provinceNames[code].en}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('form.city')} error={fieldError(t, errors.city?.message)} required>
          {(p) => <Input {...p} autoComplete="address-level2" {...form.register('city')} />}
        </Field>
        <Field label={t('form.postalCode')} error={fieldError(t, errors.postalCode?.message)} required>
          {(p) => <Input {...p} autoComplete="postal-code" {...form.register('postalCode')} />}
        </Field>
      </div>
      <Field
        label={mode === 'create' ? t('form.resume') : t('form.resumeReplace')}
        hint={t('form.resumeHint')}
        error={resumeError ? fieldError(t, resumeError) : undefined}
        required={mode === 'create'}
      >
        {(p) => (
          <input
            {...p}
            type="file"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            className="block w-full text-sm text-gray-900 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setResume(file);
              setResumeError(resumeProblem(file, false));
            }}
          />
        )}
      </Field>
      <Field
        label={t('form.coverLetter')}
        hint={t('form.coverLetterHint')}
        error={fieldError(t, errors.coverLetter?.message)}
      >
        {(p) => <Textarea {...p} rows={6} {...form.register('coverLetter')} />}
      </Field>
      {progress !== null ? (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label={t('form.uploading')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 w-full overflow-hidden rounded bg-gray-200"
          >
            <div className="h-full bg-maple-600 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-xs text-gray-700">{t('form.progress', { percent: progress })}</p>
        </div>
      ) : null}
      {formError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={save.isPending}>
          {mode === 'create' ? t('form.submit') : t('form.save')}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-gray-600">{t('form.privacy')}</p>
    </form>
  );
}
