import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CareerApplication } from '@maplesource/contracts/careers';
import { provinceNames } from '@maplesource/contracts/provinces';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { ownResumeUrl } from '../api/search-resumes';
import { useResendCareerVerification } from '../api/verify-career-email';
import { useWithdrawApplication } from '../api/withdraw-application';
import { CareerForm } from './career-form';

/**
 * The applicant's own application (privacy: access, correction, withdrawal): its details, whether its e-mail is
 * verified, who opened the résumé and when, a correction form, and withdrawal behind a confirmation.
 */
export function MyApplication({ application }: { application: CareerApplication }) {
  const { t, i18n } = useTranslation('careers');
  const format = useFormat();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawApplication();
  const resend = useResendCareerVerification();
  const province = provinceNames[application.province][i18n.language === 'fr' ? 'fr' : 'en'];

  if (editing)
    return (
      <section aria-labelledby="career-edit-title" className="space-y-4">
        <h2 id="career-edit-title" className="text-lg font-semibold text-gray-900">
          {t('mine.editTitle')}
        </h2>
        <CareerForm
          mode="update"
          defaults={application}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            toast.success(saved.emailVerified ? t('mine.saved') : t('mine.savedVerify'));
          }}
        />
      </section>
    );

  return (
    <section aria-labelledby="career-mine-title" className="space-y-6">
      <div>
        <h2 id="career-mine-title" className="text-lg font-semibold text-gray-900">
          {t('mine.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {t('mine.submitted', { date: format.date(application.createdAt) })}
        </p>
      </div>
      {application.emailVerified ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          {t('mine.emailVerified', { email: application.email })}
        </p>
      ) : (
        <div role="status" className="space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <p>{t('mine.emailPending', { email: application.email })}</p>
          <Button
            size="sm"
            variant="secondary"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: () => toast.success(t('mine.resent')),
                onError: (error) => toast.error(errorMessage(t, error)),
              })
            }
          >
            {t('mine.resend')}
          </Button>
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-gray-700">{t('form.fullName')}</dt>
          <dd className="break-words text-gray-900">{application.fullName}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">{t('form.phone')}</dt>
          <dd className="text-gray-900">{application.phoneNumber}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">{t('form.jobCategory')}</dt>
          <dd className="text-gray-900">{t(`categories.${application.jobCategory}`)}</dd>
        </div>
        <div>
          <dt className="font-medium text-gray-700">{t('mine.address')}</dt>
          <dd className="break-words text-gray-900">
            {application.street}, {application.city}, {province} {application.postalCode}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-gray-700">{t('form.resume')}</dt>
          <dd>
            <a className="break-all text-maple-700 underline" href={ownResumeUrl()} download>
              {t('mine.download', { name: application.resume.filename })}
            </a>
          </dd>
        </div>
        {application.coverLetter ? (
          <div className="sm:col-span-2">
            <dt className="font-medium text-gray-700">{t('form.coverLetter')}</dt>
            <dd className="whitespace-pre-line break-words text-gray-900">{application.coverLetter}</dd>
          </div>
        ) : null}
      </dl>
      <section aria-labelledby="career-views-title">
        <h3 id="career-views-title" className="text-base font-semibold text-gray-900">
          {t('mine.viewsTitle')}
        </h3>
        {application.views.length === 0 ? (
          <p className="mt-1 text-sm text-gray-700">{t('mine.noViews')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-200 text-sm" aria-label={t('mine.viewsTitle')}>
            {application.views.map((view) => (
              <li
                key={`${view.viewerName}-${view.viewedAt}`}
                className="flex flex-wrap justify-between gap-2 py-2"
              >
                <span className="font-medium text-gray-900">{view.viewerName}</span>
                <time dateTime={view.viewedAt} className="text-gray-700">
                  {format.dateTime(view.viewedAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('mine.edit')}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('mine.withdraw')}
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('mine.withdrawTitle')}
        description={t('mine.withdrawText')}
        closeLabel={t('common:modal.close')}
        size="sm"
        footer={
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonClasses('secondary')} onClick={() => setConfirming(false)}>
              {t('form.cancel')}
            </button>
            <Button
              variant="danger"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(t('mine.withdrawn'));
                  },
                  onError: (error) => toast.error(errorMessage(t, error)),
                })
              }
            >
              {t('mine.withdrawConfirm')}
            </Button>
          </div>
        }
      >
        <p className="text-sm text-gray-700">{t('mine.withdrawDetail')}</p>
      </Modal>
    </section>
  );
}
