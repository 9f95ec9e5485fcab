import { useQuery } from '@tanstack/react-query';
import type { OutboxMessage } from '@maplesource/contracts/auth';
import { api, buildUrl } from '../../lib/http';

/** GET dev/outbox?to=…: what the sandbox providers "sent" to one address, newest first (decision 017). */
export const useOutbox = (to: string) =>
  useQuery({
    queryKey: ['dev-outbox', to],
    queryFn: ({ signal }) => api.get<{ messages: OutboxMessage[] }>('dev/outbox', { query: { to }, signal }),
    enabled: to !== '',
    retry: false,
  });

/** One e-mail's HTML part, served by the outbox as an inert document (decision 260). */
export const outboxHtmlUrl = (id: string) => buildUrl(`dev/outbox/${encodeURIComponent(id)}/html`);
