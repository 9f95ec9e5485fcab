import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { chatDetail, chatItem, json, routeFetch } from '../test-support';
import { ChatHeader } from './chat-header';
import { ChatList } from './chat-list';
import { QuotationPanel } from './quotation-panel';

/** Decision 233: the conversation's product in the reader's language (the French name when it is known). */
const french = { name: 'Aluminum extrusion', nameFr: 'Profilé d’aluminium' };

describe("the chat names its product in the reader's language", () => {
  it('in the chat list', async () => {
    routeFetch((_method, url) =>
      url.pathname.endsWith('/chats')
        ? json(200, {
            items: [
              chatItem({ subject: { kind: 'product', id: 7, ...french } }),
              chatItem({
                id: '10000000-0000-4000-8000-000000000009',
                subject: { kind: 'product', id: 8, name: 'Old bolts', nameFr: null },
              }),
            ],
            total: 2,
            page: 1,
            pageSize: 20,
            unreadTotal: 0,
          })
        : undefined,
    );
    const view = renderWithProviders(
      <ChatList kind="product" as="buyer" selectedId={null} onSelect={() => {}} />,
      {
        language: 'fr',
      },
    );
    expect(await screen.findByText('Profilé d’aluminium')).toBeInTheDocument();
    expect(screen.queryByText('Aluminum extrusion')).not.toBeInTheDocument();
    // A conversation whose French name is unknown shows the English one.
    expect(screen.getByText('Old bolts')).toBeInTheDocument();
    view.unmount();

    renderWithProviders(<ChatList kind="product" as="buyer" selectedId={null} onSelect={() => {}} />, {
      language: 'en',
    });
    expect(await screen.findByText('Aluminum extrusion')).toBeInTheDocument();
    expect(screen.queryByText('Profilé d’aluminium')).not.toBeInTheDocument();
  });

  it('in the header and the quotation panel', () => {
    const detail = chatDetail({ subject: { kind: 'product', id: 7, ...french } });
    const quotation = { ...detail.quotation!, subjectNameFr: french.nameFr };
    const view = renderWithProviders(
      <div>
        <div data-testid="header">
          <ChatHeader chat={detail.chat} online={false} invoiceId={null} />
        </div>
        <div data-testid="quotation">
          <QuotationPanel quotation={quotation} />
        </div>
      </div>,
      { language: 'fr' },
    );
    expect(within(screen.getByTestId('header')).getByText('Profilé d’aluminium')).toBeInTheDocument();
    expect(within(screen.getByTestId('quotation')).getByText('Profilé d’aluminium')).toBeInTheDocument();
    expect(screen.queryByText('Aluminum extrusion')).not.toBeInTheDocument();
    view.unmount();

    // English readers, and a quotation stored before decision 233 (no French name), read the English name.
    renderWithProviders(
      <div>
        <div data-testid="header">
          <ChatHeader chat={detail.chat} online={false} invoiceId={null} />
        </div>
        <div data-testid="quotation">
          <QuotationPanel quotation={detail.quotation!} />
        </div>
      </div>,
      { language: 'en' },
    );
    expect(within(screen.getByTestId('header')).getByText('Aluminum extrusion')).toBeInTheDocument();
    expect(within(screen.getByTestId('quotation')).getByText('Aluminum extrusion')).toBeInTheDocument();
  });
});
