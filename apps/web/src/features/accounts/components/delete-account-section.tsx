import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@maplesource/contracts';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { fieldError } from '../../../lib/field-error';
import { toast } from '../../../lib/toast-store';
import { useDeleteAccount } from '../api/delete-account';
import { RequestError } from '../../../components/forms/form-kit';

/** Privacy: the right to deletion (docs/product.md §1). A confirmation dialog asks for the current password. */
export function DeleteAccountSection() {
  const { t } = useTranslation('accounts');
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="profile-delete-account">
      <h2 id="profile-delete-account" className="text-lg font-semibold text-gray-900">
        {t('deleteAccount.title')}
      </h2>
      <p className="mt-2 text-sm text-gray-600">{t('deleteAccount.explanation')}</p>
      <Button className="mt-4" variant="danger" onClick={() => setConfirming(true)}>
        {t('deleteAccount.open')}
      </Button>
      {confirming ? <DeleteAccountDialog onClose={() => setConfirming(false)} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { currentPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
      toast.success(t('deleteAccount.done'));
    } catch {
      // shown in the dialog
    }
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('deleteAccount.confirmTitle')}
      description={t('deleteAccount.confirmText')}
      closeLabel={t('common:modal.close')}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('password.current')} error={fieldError(t, errors.currentPassword?.message)} required>
          {(p) => (
            <Input
              {...p}
              type="password"
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          )}
        </Field>
        <RequestError error={remove.error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            {t('deleteAccount.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
