import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CareerApplication } from '@maplesource/contracts/careers';
import { QueryState } from '../../../components/ui/query-states';
import { Tabs } from '../../../components/ui/tabs';
import { limits } from '@maplesource/contracts/limits';
import { useCareerPrefill } from '../api/get-career-prefill';
import { useMyApplication } from '../api/get-my-application';
import { CareerForm } from './career-form';
import { MyApplication } from './my-application';
import { ResumeDatabase } from './resume-database';

type Tab = 'application' | 'database';

/** After sending: "we will contact you within 5–7 business days" and the e-mail to confirm. */
function Submitted({ email }: { email: string }) {
  const { t } = useTranslation('careers');
  return (
    <div
      role="status"
      className="mb-6 space-y-2 rounded-lg border border-green-200 bg-green-50 p-5 text-green-950"
    >
      <p className="font-semibold">{t('success.title')}</p>
      <p>
        {t('success.contact', {
          min: limits.careerFollowUpBusinessDays.min,
          max: limits.careerFollowUpBusinessDays.max,
        })}
      </p>
      <p>{t('success.verify', { email })}</p>
    </div>
  );
}

/** A new application: the form prefilled from the profile. */
function Apply({ onSubmitted }: { onSubmitted: (application: CareerApplication) => void }) {
  const prefill = useCareerPrefill(true);
  return (
    <QueryState
      isPending={prefill.isPending}
      error={prefill.error}
      isEmpty={false}
      onRetry={() => void prefill.refetch()}
    >
      {prefill.data ? (
        <CareerForm
          mode="create"
          defaults={{
            fullName: prefill.data.fullName,
            email: prefill.data.email,
            phoneNumber: prefill.data.phoneNumber,
            street: prefill.data.street,
            city: prefill.data.city,
            postalCode: prefill.data.postalCode,
            ...(prefill.data.province ? { province: prefill.data.province } : {}),
          }}
          onSaved={onSubmitted}
        />
      ) : null}
    </QueryState>
  );
}

function ApplicationTab() {
  const mine = useMyApplication();
  const [submitted, setSubmitted] = useState<CareerApplication | null>(null);
  return (
    <QueryState
      isPending={mine.isPending}
      error={mine.error}
      isEmpty={false}
      onRetry={() => void mine.refetch()}
    >
      {mine.data ? (
        <>
          {submitted?.id === mine.data.id ? <Submitted email={submitted.email} /> : null}
          <MyApplication application={mine.data} />
        </>
      ) : (
        <Apply onSubmitted={setSubmitted} />
      )}
    </QueryState>
  );
}

/** /career: the applicant's side (apply, or see and manage the application) and the employers' résumé database. */
export function CareerScreen() {
  const { t } = useTranslation('careers');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'database' ? 'database' : 'application';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-900">{t('career.title')}</h1>
      <p className="mt-1 text-gray-700">{t('career.text')}</p>
      <Tabs<Tab>
        className="mt-6"
        label={t('career.tabs')}
        value={tab}
        onChange={(value) => setParams(value === 'database' ? { tab: 'database' } : {}, { replace: true })}
        items={[
          {
            value: 'application',
            label: t('career.tabApplication'),
            content: tab === 'application' ? <ApplicationTab /> : null,
          },
          {
            value: 'database',
            label: t('career.tabDatabase'),
            content: tab === 'database' ? <ResumeDatabase /> : null,
          },
        ]}
      />
    </div>
  );
}
