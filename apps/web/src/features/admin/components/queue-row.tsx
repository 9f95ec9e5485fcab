import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { cn } from '../../../components/ui/cn';
import { errorMessage } from '../../../lib/http';

/*
 * The parts of an admin queue row that the queues share (applications to sell, storefront claims): its facts as
 * label–value pairs, and its decision — approve, or refuse with a reason — with the decision's error.
 */

/** A row's facts: label–value pairs on one or two columns. */
export function QueueFacts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-2">{children}</dl>;
}

/** One fact: `wide` spans both columns, `wrap` breaks long values (e-mails, names). */
export function QueueFact({
  label,
  wide = false,
  wrap = false,
  children,
}: {
  label: string;
  wide?: boolean;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="inline font-medium">{label}: </dt>
      <dd className={cn('inline', wrap && 'break-words')}>{children}</dd>
    </div>
  );
}

/**
 * Approve, or refuse with a reason (up to 1,000 characters): the reason typed is given to both. `aria` names the
 * buttons for a screen reader when several rows show the same labels.
 */
export function QueueDecision({
  labels,
  aria,
  pending,
  error,
  onApprove,
  onRefuse,
}: {
  labels: { approve: string; refuse: string; reason: string };
  aria?: { approve: string; refuse: string };
  pending: boolean;
  error: unknown;
  onApprove: (reason: string) => void;
  onRefuse: (reason: string) => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const refuse = (event: FormEvent) => {
    event.preventDefault();
    onRefuse(reason.trim());
  };
  return (
    <>
      <div className="flex flex-wrap items-end gap-2">
        <Button
          type="button"
          aria-label={aria?.approve}
          disabled={pending}
          onClick={() => onApprove(reason.trim())}
        >
          {labels.approve}
        </Button>
        <form onSubmit={refuse} className="flex flex-wrap items-end gap-2">
          <Field label={labels.reason}>
            {(p) => (
              <Input {...p} value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
            )}
          </Field>
          <Button type="submit" variant="secondary" aria-label={aria?.refuse} disabled={pending}>
            {labels.refuse}
          </Button>
        </form>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, error)}
        </p>
      ) : null}
    </>
  );
}
