import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  productInquiryRequestSchema,
  type InquiryResponse,
  type ProductInquiry,
  type ProductInquiryRequest,
} from '@maplesource/contracts/quotes';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { RequestError, Textarea } from '../../../components/forms/form-kit';
import { Modal } from '../../../components/ui/modal';
import { ProvinceOptions } from '../../../components/forms/province-options';
import { fieldError } from '../../../lib/field-error';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useCreateInquiry, type InquirySubjectKind } from '../api/create-inquiry';
import { randomUuid } from '../../../lib/random-uuid';

export type InquirySubject = { kind: InquirySubjectKind; id: number; name: string; leadDays: number | null };

/** The form's values: the product form (the service one differs only by its id field). */
type Values = ProductInquiryRequest;

/**
 * docs/product.md §2 inquiry modal (§3 Inquiry, §5 rules): product name, lead days, delivery province and post code,
 * quantity, min and max price, deadline, message for the seller. Validated with the contracts schema the
 * server uses; sent once per filled form (Idempotency-Key); `onSent` gets the conversation to land in.
 */
export function InquiryModal({
  subject,
  onClose,
  onSent,
}: {
  subject: InquirySubject;
  onClose: () => void;
  onSent: (response: InquiryResponse) => void;
}) {
  const { t } = useTranslation('quotes');
  const create = useCreateInquiry();
  // One key per form: a double click or a retry after a lost answer creates one inquiry.
  const [idempotencyKey] = useState(() => randomUuid());
  const form = useForm<Values, unknown, ProductInquiry>({
    resolver: zodResolver(productInquiryRequestSchema),
    defaultValues: {
      productId: subject.id,
      leadDays: subject.leadDays,
      deliveryPostalCode: '',
      message: '',
      deadline: '',
    },
  });
  const { errors } = form.formState;
  const number = { setValueAs: (v: unknown) => (v === '' || v === null ? undefined : Number(v)) };

  const submit = form.handleSubmit((values) => {
    const { productId: _productId, ...fields } = values;
    void _productId;
    const input =
      subject.kind === 'service'
        ? { kind: 'service' as const, body: { ...fields, serviceId: subject.id }, idempotencyKey }
        : { kind: 'product' as const, body: values, idempotencyKey };
    create.mutate(input, {
      onSuccess: (response) => {
        toast.success(t('inquiry.sent'));
        onSent(response);
      },
      onError: (error) => toast.error(errorMessage(t, error)),
    });
  });

  return (
    <Modal open onClose={onClose} title={t('inquiry.title')} closeLabel={t('common:modal.close')}>
      <form onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-gray-800">
          <span className="text-gray-600">{t(`inquiry.subject.${subject.kind}`)}: </span>
          <span className="font-medium">{subject.name}</span>
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('inquiry.quantity')} error={fieldError(t, errors.quantity?.message)} required>
            {(p) => (
              <Input
                {...p}
                type="number"
                min={1}
                inputMode="numeric"
                {...form.register('quantity', number)}
              />
            )}
          </Field>
          <Field label={t('inquiry.leadDays')} error={fieldError(t, errors.leadDays?.message)}>
            {(p) => (
              <Input
                {...p}
                type="number"
                min={0}
                inputMode="numeric"
                {...form.register('leadDays', {
                  setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)),
                })}
              />
            )}
          </Field>
          {(['minPrice', 'maxPrice'] as const).map((name) => (
            <Field
              key={name}
              label={t(`inquiry.${name}`)}
              error={fieldError(t, errors[name]?.message)}
              required
            >
              {(p) => (
                <Input
                  {...p}
                  type="number"
                  min={1}
                  step="0.01"
                  inputMode="decimal"
                  {...form.register(name, number)}
                />
              )}
            </Field>
          ))}
          <Field label={t('inquiry.deadline')} error={fieldError(t, errors.deadline?.message)} required>
            {(p) => <Input {...p} type="date" {...form.register('deadline')} />}
          </Field>
          <Field
            label={t('inquiry.province')}
            error={fieldError(t, errors.deliveryProvince ? 'errors:PROVINCE_REQUIRED' : undefined)}
            required
          >
            {(p) => (
              <select
                {...p}
                className={inputClasses(Boolean(errors.deliveryProvince))}
                {...form.register('deliveryProvince')}
              >
                <ProvinceOptions placeholder={t('inquiry.chooseProvince')} />
              </select>
            )}
          </Field>
          <Field
            label={t('inquiry.postalCode')}
            hint={t('inquiry.postalHint')}
            error={fieldError(t, errors.deliveryPostalCode?.message)}
            required
          >
            {(p) => (
              <Input
                {...p}
                autoComplete="postal-code"
                maxLength={7}
                {...form.register('deliveryPostalCode')}
              />
            )}
          </Field>
        </div>
        <Field label={t('inquiry.message')} error={fieldError(t, errors.message?.message)}>
          {(p) => <Textarea {...p} rows={3} maxLength={2000} {...form.register('message')} />}
        </Field>
        <RequestError error={create.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('inquiry.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('inquiry.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
