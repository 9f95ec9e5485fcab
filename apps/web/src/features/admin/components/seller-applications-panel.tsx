import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSellerApplication } from '@maplesource/contracts/seller-applications';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-states';
import { errorMessage } from '../../../lib/http';
import { randomUuid } from '../../../lib/random-uuid';
import { toast } from '../../../lib/toast-store';
import { useDecideSellerApplication, useSellerApplicationQueue } from '../api/seller-applications';

function ApplicationCard({ application }: { application: AdminSellerApplication }) {
  const { t } = useTranslation('admin');
  const decide = useDecideSellerApplication();
  const [reason, setReason] = useState('');
  const [idempotencyKey] = useState(() => randomUuid());
  const headingId = `application-${application.id}`;
  const run = (action: 'approve' | 'refuse') =>
    decide.mutate(
      { id: application.id, action, reason: reason.trim(), idempotencyKey: `${idempotencyKey}:${action}` },
      {
        onSuccess: () =>
          toast.success(
            t(action === 'approve' ? 'sellerApplications.approved' : 'sellerApplications.refused', {
              name: application.operatingName,
            }),
          ),
      },
    );
  const refuse = (event: FormEvent) => {
    event.preventDefault();
    run('refuse');
  };
  return (
    <li aria-labelledby={headingId} className="space-y-2 rounded-md border border-gray-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold break-words text-gray-900">
        {application.operatingName} ({application.legalName})
      </h3>
      <dl className="grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">{t('sellerApplications.applicant')}: </dt>
          <dd className="inline break-words">
            {application.applicant.fullName} {application.applicant.email ?? ''}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">{t('sellerApplications.businessNumber')}: </dt>
          <dd className="inline">{application.businessNumber}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t('sellerApplications.place')}: </dt>
          <dd className="inline">
            {application.city}, {application.province}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">{t('sellerApplications.contact')}: </dt>
          <dd className="inline break-words">
            {application.contactEmail} · {application.contactPhone}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">{t('sellerApplications.taxNumbers')}: </dt>
          <dd className="inline break-words">
            {[application.gstHstNumber, application.qstNumber].filter(Boolean).join(' · ') || '—'}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-end gap-2">
        <Button type="button" onClick={() => run('approve')} disabled={decide.isPending}>
          {t('sellerApplications.approve')}
        </Button>
        <form onSubmit={refuse} className="flex flex-wrap items-end gap-2">
          <Field label={t('sellerApplications.reason')}>
            {(p) => (
              <Input {...p} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
          <Button type="submit" variant="secondary" disabled={decide.isPending}>
            {t('sellerApplications.refuse')}
          </Button>
        </form>
      </div>
      {decide.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, decide.error)}
        </p>
      ) : null}
    </li>
  );
}

/** The admin queue of pending applications to sell: approve, or refuse with a reason (decision 280). */
export function SellerApplicationsPanel() {
  const { t } = useTranslation('admin');
  const queue = useSellerApplicationQueue();
  const items = queue.data?.items ?? [];
  return (
    <section aria-labelledby="seller-applications-title" className="space-y-3">
      <h2 id="seller-applications-title" className="text-lg font-semibold text-gray-900">
        {t('sellerApplications.title')}
      </h2>
      <QueryState
        isPending={queue.isPending}
        error={queue.error}
        isEmpty={items.length === 0}
        onRetry={() => void queue.refetch()}
        emptyTitle={t('sellerApplications.empty')}
      >
        <ul className="space-y-3">
          {items.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
