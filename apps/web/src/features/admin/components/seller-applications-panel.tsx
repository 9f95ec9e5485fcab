import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminSellerApplication } from '@maplesource/contracts/seller-applications';
import { QueryState } from '../../../components/ui/query-states';
import { randomUuid } from '../../../lib/random-uuid';
import { toast } from '../../../lib/toast-store';
import { useDecideSellerApplication, useSellerApplicationQueue } from '../api/seller-applications';
import { QueueDecision, QueueFact, QueueFacts } from './queue-row';

function ApplicationCard({ application }: { application: AdminSellerApplication }) {
  const { t } = useTranslation('admin');
  const decide = useDecideSellerApplication();
  const [idempotencyKey] = useState(() => randomUuid());
  const headingId = `application-${application.id}`;
  const run = (action: 'approve' | 'refuse', reason: string) =>
    decide.mutate(
      { id: application.id, action, reason, idempotencyKey: `${idempotencyKey}:${action}` },
      {
        onSuccess: () =>
          toast.success(
            t(action === 'approve' ? 'sellerApplications.approved' : 'sellerApplications.refused', {
              name: application.operatingName,
            }),
          ),
      },
    );
  return (
    <li aria-labelledby={headingId} className="space-y-2 rounded-md border border-gray-200 bg-white p-4">
      <h3 id={headingId} className="font-semibold break-words text-gray-900">
        {application.operatingName} ({application.legalName})
      </h3>
      <QueueFacts>
        <QueueFact label={t('sellerApplications.applicant')} wrap>
          {application.applicant.fullName} {application.applicant.email ?? ''}
        </QueueFact>
        <QueueFact label={t('sellerApplications.businessNumber')}>{application.businessNumber}</QueueFact>
        <QueueFact label={t('sellerApplications.place')}>
          {application.city}, {application.province}
        </QueueFact>
        <QueueFact label={t('sellerApplications.contact')} wrap>
          {application.contactEmail} · {application.contactPhone}
        </QueueFact>
        <QueueFact label={t('sellerApplications.taxNumbers')} wrap>
          {[application.gstHstNumber, application.qstNumber].filter(Boolean).join(' · ') || '—'}
        </QueueFact>
      </QueueFacts>
      <QueueDecision
        labels={{
          approve: t('sellerApplications.approve'),
          refuse: t('sellerApplications.refuse'),
          reason: t('sellerApplications.reason'),
        }}
        pending={decide.isPending}
        error={decide.error}
        onApprove={(reason) => run('approve', reason)}
        onRefuse={(reason) => run('refuse', reason)}
      />
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
