import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderStatus } from '@maplesource/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Field, Input, inputClasses } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../lib/toast-store';
import { useChangeOrderStatus } from '../api/seller-orders';
import { randomUuid } from '../../../lib/random-uuid';

/**
 * The seller's next step for one order: only the legal transitions the server lists (`nextStatuses`); moving to
 * shipped asks for the tracking number and the carrier.
 */
export function OrderStatusChanger({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const [next, setNext] = useState<OrderStatus | ''>('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => randomUuid());
  const change = useChangeOrderStatus();

  if (order.nextStatuses.length === 0) {
    return <p className="text-xs text-gray-600">{t('seller.noNextStatus')}</p>;
  }
  const shipping = next === 'shipped';
  const trackingMissing = shipping && (!trackingNumber.trim() || !carrier.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next || trackingMissing) {
      setShowErrors(true);
      return;
    }
    change.mutate(
      {
        orderId: order.id,
        status: next,
        idempotencyKey,
        ...(shipping ? { trackingNumber: trackingNumber.trim(), carrier: carrier.trim() } : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('seller.saved'));
          setNext('');
          setTrackingNumber('');
          setCarrier('');
          setShowErrors(false);
          setIdempotencyKey(randomUuid());
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label={t('seller.changeStatus')}
    >
      <Field label={t('seller.nextStatus')} className="w-44">
        {(p) => (
          <select
            {...p}
            className={inputClasses(false)}
            value={next}
            onChange={(event) => setNext(event.target.value as OrderStatus | '')}
          >
            <option value="">—</option>
            {order.nextStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {shipping ? (
        <>
          <Field
            label={t('seller.trackingNumber')}
            required
            className="w-44"
            error={showErrors && !trackingNumber.trim() ? t('seller.trackingRequired') : undefined}
          >
            {(p) => (
              <Input
                {...p}
                value={trackingNumber}
                maxLength={100}
                onChange={(e) => setTrackingNumber(e.target.value)}
              />
            )}
          </Field>
          <Field
            label={t('seller.carrier')}
            required
            className="w-44"
            error={showErrors && !carrier.trim() ? t('seller.trackingRequired') : undefined}
          >
            {(p) => (
              <Input {...p} value={carrier} maxLength={100} onChange={(e) => setCarrier(e.target.value)} />
            )}
          </Field>
        </>
      ) : null}
      <Button type="submit" size="md" loading={change.isPending} disabled={!next}>
        {t('seller.save')}
      </Button>
      {change.error ? (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {errorMessage(t, change.error)}
        </p>
      ) : null}
    </form>
  );
}
