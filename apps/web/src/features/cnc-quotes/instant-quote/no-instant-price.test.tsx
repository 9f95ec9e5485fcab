import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { cncInstantPriceAvailable } from '@maplesource/contracts/cnc-pricing';
import { renderWithProviders } from '../../../test/render';
import { sessionStore } from '../../../lib/session-store';
import { MyCncQuotes } from '../my-quotes/my-quotes-tab';
import { testGeometry, testQuote } from '../my-quotes/test-quote';
import { NoInstantPrice } from './no-instant-price';

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'ms_has_session=; Max-Age=0; path=/';
  act(() => sessionStore.reset());
});

describe('an open mesh has no instant price on the quote screens (decision 335)', () => {
  it('is decided by closedness, as on the server', () => {
    expect(cncInstantPriceAvailable(testGeometry)).toBe(true);
    expect(cncInstantPriceAvailable({ ...testGeometry, closed: false })).toBe(false);
  });

  it.each([
    ['en', 'No instant price for this part', 'request firm quotes', 'The mesh is open (it has holes)'],
    ['fr', 'Pas de prix instantané pour cette pièce', 'demandez des prix fermes', 'Le maillage est ouvert'],
  ] as const)('says why, what to do and the notes, with no amount (%s)', (language, heading, next, note) => {
    renderWithProviders(<NoInstantPrice notes={['CNC_DFM_OPEN_MESH', 'CNC_DFM_HIGH_WASTE']} />, { language });
    const panel = screen.getByRole('region', { name: heading });
    expect(panel).toHaveTextContent(next);
    const notes = within(panel).getAllByRole('listitem');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toHaveTextContent(note);
    expect(panel.textContent).not.toMatch(/\$/);
  });

  it('shows a saved open part in My quotes as not priced, pointing to firm quotes', async () => {
    document.cookie = 'ms_has_session=1; path=/';
    const open = testQuote(
      {},
      {
        id: '43',
        fileName: 'open.stl',
        geometry: { ...testGeometry, closed: false },
        prices: [],
        notes: ['CNC_DFM_OPEN_MESH'],
      },
    );
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const body = url.pathname.endsWith('/auth/verify-tokens')
        ? { user: { id: 'buyer-1', fullName: 'Test Buyer', avatar: null } }
        : { items: [open, testQuote()] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderWithProviders(
      <MemoryRouter>
        <MyCncQuotes />
      </MemoryRouter>,
    );
    const card = (await screen.findByRole('heading', { level: 3, name: 'open.stl' })).closest('article')!;
    expect(card).toHaveTextContent('No instant price: the part’s mesh is open');
    expect(within(card).getByRole('button', { name: 'Request firm quotes' })).toBeInTheDocument();
    const priced = (await screen.findByRole('heading', { level: 3, name: 'bracket.step' })).closest(
      'article',
    )!;
    expect(priced).not.toHaveTextContent('No instant price');
  });
});
