import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { InvoiceGenerationModal, type InvoiceChat } from './invoice-generation-modal';

/** The seller's "Issue invoice" in a conversation: opens the generation modal. */
export function IssueInvoiceButton({ chat }: { chat: InvoiceChat }) {
  const { t } = useTranslation('invoices');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('review.issue')}
      </Button>
      {open ? <InvoiceGenerationModal chat={chat} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
