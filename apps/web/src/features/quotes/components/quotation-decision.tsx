import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useDecideQuotation } from '../api/decide-quotation';
import { randomUuid } from '../../../lib/random-uuid';

/** The seller's answer to a pending quotation: accept, or reject with an optional reason. */
export function QuotationDecision({ quotationId }: { quotationId: string }) {
  const { t } = useTranslation('quotes');
  const decide = useDecideQuotation();
  const [idempotencyKey] = useState(() => randomUuid());
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const answer = (decision: 'accepted' | 'rejected') =>
    decide.mutate({
      quotationId,
      decision,
      idempotencyKey: `${idempotencyKey}-${decision}`,
      ...(decision === 'rejected' && reason.trim() ? { reason: reason.trim() } : {}),
    });

  if (rejecting) {
    return (
      <div className="flex w-full flex-col gap-2">
        <label className="text-sm text-gray-800">
          {t('decision.reason')}
          <textarea
            value={reason}
            maxLength={1000}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            className="mt-1 block w-full rounded-md border border-gray-300 px-2 py-1 text-sm"
          />
        </label>
        <div className="flex gap-2">
          <Button size="sm" variant="danger" loading={decide.isPending} onClick={() => answer('rejected')}>
            {t('decision.confirmReject')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setRejecting(false)}>
            {t('inquiry.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      <Button size="sm" loading={decide.isPending} onClick={() => answer('accepted')}>
        {t('decision.accept')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setRejecting(true)}>
        {t('decision.reject')}
      </Button>
    </>
  );
}
