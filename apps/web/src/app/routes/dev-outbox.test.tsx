import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import DevOutboxPage from './dev-outbox';

/** The sandbox outbox page (decision 257): the mails sent to an address, each one's HTML and text parts. */
const mail = {
  id: '7f1c1f0e-2c5a-4a8e-9d1e-2b9a6f0c1d2e',
  to: 'bea@example.ca',
  channel: 'email',
  subject: 'Facture 1A2B3C4D de Acier Québec : 113,00 $',
  text: 'Vous avez reçu une facture.\n\nExaminer la facture : https://example.ca/fr/invoice/tok',
  body: 'Facture 1A2B3C4D de Acier Québec : 113,00 $\n\nVous avez reçu une facture.',
  createdAt: '2026-11-20T15:00:00.000Z',
  language: 'fr',
  hasHtml: true,
  attachments: [{ filename: 'facture-1A2B3C4D.pdf', contentType: 'application/pdf', size: 48213 }],
};
const sms = {
  id: '8f1c1f0e-2c5a-4a8e-9d1e-2b9a6f0c1d2e',
  to: 'bea@example.ca',
  channel: 'sms',
  body: 'Your MapleSource code is 123456',
  code: '123456',
  createdAt: '2026-11-20T14:00:00.000Z',
};

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const open = (language: 'en' | 'fr' = 'en') => {
  const view = renderApp('/dev/outbox', { routes: [{ path: '/dev/outbox', element: <DevOutboxPage /> }] });
  if (language === 'fr') void view.i18n.changeLanguage('fr');
  return view;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sandbox outbox page', () => {
  it('lists what was sent to an address and shows an e-mail’s HTML in an empty sandbox and its text, by keyboard', async () => {
    const fetchMock = answer(200, { messages: [mail, sms] });
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address or phone number'), 'bea@example.ca{Enter}');
    const items = await screen.findAllByTestId('outbox-message');
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toMatch(
      /\/api\/v1\/dev\/outbox\?to=bea%40example\.ca$/,
    );
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: mail.subject })).toBeInTheDocument();
    expect(first.getByText('bea@example.ca')).toBeInTheDocument();
    expect(first.getByText('French')).toBeInTheDocument();
    expect(first.getByText('E-mail')).toBeInTheDocument();
    expect(first.getByText((_, node) => node?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      mail.createdAt,
    );
    expect(within(items[1]!).getByText('Not stated')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Text message')).toBeInTheDocument();

    // The keyboard opens the first message: its HTML in a frame with every sandbox restriction, its text part.
    const show = first.getByRole('button', { name: 'Show the message' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    show.focus();
    await user.keyboard('{Enter}');
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const frame = first.getByTitle(`HTML part of “${mail.subject}”`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('src')).toMatch(new RegExp(`/api/v1/dev/outbox/${mail.id}/html$`));
    expect(
      first.getByText(/Examiner la facture : https:\/\/example\.ca\/fr\/invoice\/tok/),
    ).toBeInTheDocument();
    expect(first.getByText('facture-1A2B3C4D.pdf (application/pdf, 48,213 bytes)')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(first.queryByTitle(`HTML part of “${mail.subject}”`)).not.toBeInTheDocument();

    // A text message has no HTML part: its text only.
    await user.click(within(items[1]!).getByRole('button', { name: 'Show the message' }));
    expect(items[1]!.querySelector('iframe')).toBeNull();
    expect(within(items[1]!).getByRole('region', { name: 'Text part' })).toHaveTextContent(
      'Your MapleSource code is 123456',
    );
  });

  it('says so where the outbox does not exist, or answers only this machine, in French too', async () => {
    answer(404, { error: { code: 'NOT_FOUND', message: 'Route GET:/api/v1/dev/outbox not found' } });
    const view = open('fr');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Adresse courriel ou numéro de téléphone'), 'a@b.ca{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La boîte d’envoi du bac à sable n’est pas offerte sur ce serveur',
    );
    view.unmount();

    answer(403, { error: { code: 'OUTBOX_LOCAL_ONLY', message: 'local only' } });
    open();
    await user.type(await screen.findByLabelText('E-mail address or phone number'), 'a@b.ca{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sandbox outbox answers only requests from this machine or from a signed-in admin.',
    );
  });

  it('says when nothing was sent', async () => {
    answer(200, { messages: [] });
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail address or phone number'), 'nobody@b.ca{Enter}');
    expect(await screen.findByText('Nothing was sent to nobody@b.ca.')).toBeInTheDocument();
  });
});
