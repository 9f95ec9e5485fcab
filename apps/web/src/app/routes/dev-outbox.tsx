import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '@maplesource/contracts/auth';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { EmptyState, LoadError, LoadingState } from '../../components/ui/query-states';
import { outboxHtmlUrl, useOutbox } from '../../features/dev-outbox/outbox-api';
import { useFormat } from '../../lib/format';
import { isApiError } from '../../lib/http';
import { useDocumentTitle } from '../../lib/use-document-title';

function OutboxEntry({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('devOutbox');
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const subject = message.subject ?? message.body.split('\n')[0] ?? '';
  const panelId = `outbox-${message.id ?? message.createdAt}`;
  return (
    <li className="space-y-2 p-4" data-testid="outbox-message">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="font-medium break-words text-gray-900">{subject}</h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-sm text-gray-700">
            <dt>{t('to')}</dt>
            <dd className="break-all">{message.to}</dd>
            <dt>{t('sentAt')}</dt>
            <dd>
              <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
            </dd>
            <dt>{t('language')}</dt>
            <dd>{t(`languages.${message.language ?? 'unknown'}`)}</dd>
            <dt>{t('channel')}</dt>
            <dd>{t(`channels.${message.channel}`)}</dd>
          </dl>
        </div>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('hide') : t('show')}
        </Button>
      </div>
      {open ? (
        <div id={panelId} className="space-y-3">
          {message.hasHtml && message.id ? (
            <section aria-label={t('htmlPart')}>
              <h3 className="text-sm font-semibold text-gray-800">{t('htmlPart')}</h3>
              {/* An empty sandbox: no script, form, navigation or same-origin access (the server adds its own CSP). */}
              <iframe
                title={t('htmlTitle', { subject })}
                src={outboxHtmlUrl(message.id)}
                sandbox=""
                referrerPolicy="no-referrer"
                className="mt-1 h-[32rem] w-full max-w-full rounded border border-gray-200 bg-white"
              />
            </section>
          ) : null}
          <section aria-label={t('textPart')}>
            <h3 className="text-sm font-semibold text-gray-800">{t('textPart')}</h3>
            <pre className="mt-1 max-w-full overflow-x-auto rounded bg-gray-50 p-3 text-xs break-words whitespace-pre-wrap text-gray-800">
              {message.text ?? message.body}
            </pre>
          </section>
          {message.attachments?.length ? (
            <section aria-label={t('attachments')}>
              <h3 className="text-sm font-semibold text-gray-800">{t('attachments')}</h3>
              <ul className="text-sm text-gray-700">
                {message.attachments.map((file) => (
                  <li key={file.filename} className="break-all">
                    {t('attachment', {
                      name: file.filename,
                      type: file.contentType,
                      size: format.number(file.size),
                    })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** What was sent to `to`: loading, the outbox's refusal, nothing, or the messages. */
function OutboxResult({ to }: { to: string }) {
  const { t } = useTranslation('devOutbox');
  const outbox = useOutbox(to);
  if (outbox.isPending) return <LoadingState label={t('loading')} lines={3} />;
  if (outbox.error) {
    const status = isApiError(outbox.error) ? outbox.error.status : 0;
    if (status === 404) return <LoadError message={t('unavailable')} />;
    if (status === 403) return <LoadError message={t('localOnly')} />;
    return <LoadError message={t('loadError')} onRetry={() => void outbox.refetch()} />;
  }
  if (outbox.data.messages.length === 0) return <EmptyState title={t('empty', { to })} />;
  return (
    <ul
      className="divide-y divide-gray-200 rounded-lg border border-gray-200"
      aria-label={t('listLabel', { to })}
    >
      {outbox.data.messages.map((message) => (
        <OutboxEntry key={message.id ?? message.createdAt} message={message} />
      ))}
    </ul>
  );
}

/**
 * /dev/outbox (decision 257): the sandbox outbox — what the sandbox e-mail and SMS providers "sent" to one address,
 * newest first, each e-mail's HTML part in an empty-sandbox frame and its text part beside it. Served only where the
 * sandbox outbox exists (never in production); the data answers this machine or an admin only (decision 017).
 */
export default function DevOutboxPage() {
  const { t } = useTranslation('devOutbox');
  useDocumentTitle(t('title'));
  const [address, setAddress] = useState('');
  const [to, setTo] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTo(address.trim());
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-semibold text-gray-900">{t('title')}</h1>
      <p className="text-sm text-gray-700">{t('intro')}</p>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit} role="search">
        <Field label={t('address')} className="min-w-0 flex-1">
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="email"
              autoComplete="off"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={address.trim().length < 3}>
          {t('search')}
        </Button>
      </form>
      <div aria-live="polite">{to === '' ? null : <OutboxResult to={to} />}</div>
    </div>
  );
}
