import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { i18n as defaultI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { Toaster } from '../components/ui/toaster';
import { DocumentLanguage } from './behaviours/document-language';
import { SessionBootstrap } from './behaviours/session-bootstrap';

/** App-wide providers (i18n, React Query) and router-independent behaviours. */
export function Providers({ children, i18n = defaultI18n }: { children: ReactNode; i18n?: I18n }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DocumentLanguage />
        <SessionBootstrap />
        {children}
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
