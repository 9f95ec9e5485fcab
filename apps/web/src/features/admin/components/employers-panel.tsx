import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployerStatus } from '@maplesource/contracts/careers';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useFindEmployer, useSetEmployerStatus } from '../api/employers';
import { RequestError } from '../../../components/forms/form-kit';

/**
 * Employers: find an account by e-mail and mark it a verified business and/or a premium employer;
 * the résumé database is open to accounts that are both. Every change is audited by the server.
 */
export function EmployersPanel() {
  const { t } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [account, setAccount] = useState<EmployerStatus | null>(null);
  const [verified, setVerified] = useState(false);
  const [premium, setPremium] = useState(false);
  const find = useFindEmployer();
  const save = useSetEmployerStatus();

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    find.mutate(email.trim(), {
      onSuccess: (found) => {
        setAccount(found);
        setVerified(found.isVerifiedBusiness);
        setPremium(found.isPremiumEmployer);
      },
      onError: () => setAccount(null),
    });
  };

  return (
    <section aria-labelledby="employers-title" className="space-y-4">
      <h2 id="employers-title" className="text-lg font-semibold text-gray-900">
        {t('employers.title')}
      </h2>
      <p className="text-sm text-gray-600">{t('employers.intro')}</p>
      <form onSubmit={lookUp} className="flex flex-wrap items-end gap-3">
        <Field label={t('employers.email')} className="min-w-0 flex-1">
          {(p) => <Input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Button type="submit" loading={find.isPending}>
          {t('employers.find')}
        </Button>
      </form>
      <RequestError error={find.error} />
      {account ? (
        <form
          className="space-y-3 rounded-lg border border-gray-200 p-4"
          aria-label={t('employers.statusOf', { name: account.fullName })}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { userId: account.userId, isVerifiedBusiness: verified, isPremiumEmployer: premium },
              {
                onSuccess: (saved) => {
                  setAccount(saved);
                  toast.success(t('employers.saved'));
                },
                onError: (error) => toast.error(errorMessage(t, error)),
              },
            );
          }}
        >
          <p className="break-words font-medium text-gray-900">
            {account.fullName} · {account.email}
          </p>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={verified} onChange={(e) => setVerified(e.target.checked)} />
            {t('employers.verified')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={premium} onChange={(e) => setPremium(e.target.checked)} />
            {t('employers.premium')}
          </label>
          <Button type="submit" loading={save.isPending}>
            {t('employers.save')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
