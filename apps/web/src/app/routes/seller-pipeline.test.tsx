import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { clearToasts } from '../../lib/toast-store';
import { renderApp } from '../../test/render';
import SellerPipelinePage from './seller-pipeline';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const counts = { new: 1, negotiation: 1, invoiced: 0, accepted: 0, rejected: 0, expired: 0, ordered: 0 };
const card = (overrides: object = {}) => ({
  chatId: '7f1d9a5e-0000-4000-8000-000000000001',
  kind: 'product',
  subjectId: 12,
  subjectName: 'Steel brackets',
  subjectNameFr: 'Supports en acier',
  buyerName: 'Ada Alpha',
  stage: 'new',
  quotationId: 'q-1',
  quantity: 10,
  deliveryProvince: 'ON',
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  awaitingReplySince: '2026-11-26T10:00:00.000Z',
  overdue: true,
  ...overrides,
});
const page = (items: object[], total = items.length) => ({ items, total, page: 1, pageSize: 20, counts });
/** The board's first page: Ada's new card, overdue for a reply, and Ben's in negotiation. */
const twoCards = () =>
  page([
    card(),
    card({
      chatId: '7f1d9a5e-0000-4000-8000-000000000002',
      stage: 'negotiation',
      buyerName: 'Ben Beta',
      overdue: false,
      awaitingReplySince: null,
    }),
  ]);

/** The page in a memory router; `answer` answers every GET seller/pipeline, `move` the POST. */
function openPage(
  options: {
    answer?: (url: URL) => Response | Promise<Response>;
    move?: (body: unknown) => Response | Promise<Response>;
    path?: string;
  } = {},
) {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST')
      return options.move
        ? options.move(JSON.parse(String(init.body)))
        : json(200, { card: card({ stage: 'negotiation', overdue: false, awaitingReplySince: null }) });
    return options.answer ? options.answer(url) : json(200, twoCards());
  });
  const result = renderApp(options.path ?? '/seller-centre/pipeline', {
    routes: [
      { path: '/seller-centre/pipeline', element: <SellerPipelinePage /> },
      {
        path: '/seller-centre/inbox/:chatId',
        element: (
          <>
            <h1>Conversation page</h1>
            <Link to="/seller-centre/pipeline">Back to the pipeline</Link>
          </>
        ),
      },
    ],
  });
  const gets = () =>
    fetchMock.mock.calls
      .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
      .map(([input]) => new URL(String(input), 'http://localhost'));
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { ...result, fetchMock, gets, posts };
}

describe('the seller pipeline', () => {
  afterEach(() => clearToasts());

  it('shows the stages with their counts, marks the request unanswered for a day and links the conversation', async () => {
    const { gets } = openPage();
    const overdue = await screen.findByText('Waiting for your reply for more than 24 hours');
    const item = overdue.closest('li')!;
    expect(within(item).getByRole('link', { name: 'Steel brackets' })).toHaveAttribute(
      'href',
      '/seller-centre/inbox/7f1d9a5e-0000-4000-8000-000000000001',
    );
    const stages = screen.getByRole('group', { name: 'Stages' });
    expect(within(stages).getByRole('button', { name: 'All (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(stages).getByRole('button', { name: 'In negotiation (1)' })).toBeInTheDocument();
    expect(within(stages).getByRole('button', { name: 'Expired (0)' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Seller centre' })).toHaveTextContent(
      /Dashboard.*Pipeline.*Inbox/,
    );
    expect(gets()[0]!.pathname).toBe('/api/v1/seller/pipeline');
    // Only a new request can be moved: the other card has no move menu.
    expect(screen.getAllByRole('button', { name: 'Move' })).toHaveLength(1);
  });

  it('moves a new request with the keyboard through the menu, only to the legal stages', async () => {
    const { posts } = openPage();
    await screen.findByText('Waiting for your reply for more than 24 hours');
    const user = userEvent.setup();
    const menuButton = screen.getByRole('button', { name: 'Move' });
    menuButton.focus();
    await user.keyboard('{Enter}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('list', { name: 'Move to' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept the request (in negotiation)', 'Decline the request (rejected)']);
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Moved to In negotiation.')).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    const [url, init] = posts()[0]! as [string, RequestInit];
    expect(url).toContain('/api/v1/seller/pipeline/7f1d9a5e-0000-4000-8000-000000000001/move');
    expect(new Headers(init.headers).get('role')).toBe('seller');
    expect(JSON.parse(String(init.body))).toEqual({ to: 'negotiation' });
  });

  it("shows the server's refusal of a move", async () => {
    openPage({
      move: () =>
        json(409, {
          error: { code: 'PIPELINE_MOVE_NOT_ALLOWED', message: 'A card cannot move from rejected' },
        }),
    });
    await screen.findByText('Waiting for your reply for more than 24 hours');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await user.click(screen.getByRole('button', { name: 'Decline the request (rejected)' }));
    expect(await screen.findByText('This request cannot move to that stage.')).toBeInTheDocument();
  });

  it('sends the stage, province, dates, search and one product as filters', async () => {
    const { gets } = openPage();
    await screen.findByText('Waiting for your reply for more than 24 hours');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expired (0)' }));
    await user.selectOptions(screen.getByLabelText('Delivery province'), 'QC');
    await user.type(screen.getByLabelText('Search by product or buyer'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const last = () => gets().at(-1)!.searchParams;
    await vi.waitFor(() => expect(last().get('search')).toBe('ada'));
    expect(last().get('stage')).toBe('expired');
    expect(last().get('province')).toBe('QC');
    await user.click((await screen.findAllByRole('button', { name: 'Only this item' }))[0]!);
    await vi.waitFor(() => expect(last().get('subjectId')).toBe('12'));
    expect(last().get('kind')).toBe('product');
  });

  /** The stage column whose heading starts with `stage`, and the names of the cards in it. */
  const column = (stage: string) => screen.getByRole('region', { name: new RegExp(`^${stage} \\(`) });
  const cardsIn = (stage: string) =>
    within(column(stage))
      .queryAllByRole('link')
      .map((link) => link.closest('li')!.textContent);

  it('drags a new request to a legal stage: shown at once, kept when the server agrees', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { posts } = openPage({ move: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await screen.findByText('Waiting for your reply for more than 24 hours');
    const ada = within(column('New')).getByText('Ada Alpha').closest('li')!;
    fireEvent.dragStart(ada);
    fireEvent.dragOver(column('In negotiation'));
    fireEvent.drop(column('In negotiation'));
    // Optimistic: in its new column (with the counts) before the server answered.
    await vi.waitFor(() => expect(cardsIn('In negotiation').join()).toContain('Ada Alpha'));
    expect(cardsIn('New')).toHaveLength(0);
    expect(column('In negotiation')).toHaveAccessibleName('In negotiation (2)');
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String((posts()[0]! as [string, RequestInit])[1].body))).toEqual({ to: 'negotiation' });
    answer!(json(200, { card: card({ stage: 'negotiation', overdue: false, awaitingReplySince: null }) }));
    expect(await screen.findByText('Moved to In negotiation.')).toBeInTheDocument();
  });

  it('undoes a dragged move the server refuses, and says so', async () => {
    let answer: ((response: Response) => void) | undefined;
    let reads = 0;
    const first = twoCards();
    openPage({
      // The board's second read never answers: only the rollback can put the card back.
      answer: () => (reads++ === 0 ? json(200, first) : new Promise<Response>(() => undefined)),
      move: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await screen.findByText('Waiting for your reply for more than 24 hours');
    fireEvent.dragStart(within(column('New')).getByText('Ada Alpha').closest('li')!);
    fireEvent.drop(column('Rejected'));
    await vi.waitFor(() => expect(cardsIn('Rejected').join()).toContain('Ada Alpha'));
    answer!(
      json(409, {
        error: { code: 'PIPELINE_MOVE_NOT_ALLOWED', message: 'A card cannot move from rejected' },
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This request cannot move to that stage. The move was undone.');
    await vi.waitFor(() => expect(cardsIn('New').join()).toContain('Ada Alpha'));
    expect(cardsIn('Rejected')).toHaveLength(0);
  });

  it('refuses an illegal drop with an alert and asks the server nothing', async () => {
    const { posts } = openPage();
    await screen.findByText('Waiting for your reply for more than 24 hours');
    // A request in negotiation moves by the conversation only; a new one only to negotiation or rejected.
    fireEvent.dragStart(within(column('In negotiation')).getByText('Ben Beta').closest('li')!);
    fireEvent.drop(column('Invoiced'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“Steel brackets” cannot be moved to Invoiced: only a new request moves by hand',
    );
    fireEvent.dragStart(within(column('New')).getByText('Ada Alpha').closest('li')!);
    fireEvent.drop(column('Ordered'));
    expect(await screen.findByRole('alert')).toHaveTextContent('cannot be moved to Ordered');
    expect(cardsIn('New').join()).toContain('Ada Alpha');
    expect(posts()).toHaveLength(0);
  });

  it('drags by the grip with a touch pointer (no native drag-and-drop)', async () => {
    const { posts } = openPage();
    await screen.findByText('Waiting for your reply for more than 24 hours');
    const grip = within(column('New')).getByText('Ada Alpha').closest('li')!.querySelector('[data-grip]')!;
    const target = column('Rejected');
    const spy = vi.spyOn(document, 'elementFromPoint').mockReturnValue(target);
    fireEvent.pointerDown(grip, { pointerId: 3, pointerType: 'touch', button: 0, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(grip, { pointerId: 3, pointerType: 'touch', clientX: 10, clientY: 80 });
    fireEvent.pointerUp(grip, { pointerId: 3, pointerType: 'touch', clientX: 10, clientY: 80 });
    spy.mockRestore();
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String((posts()[0]! as [string, RequestInit])[1].body))).toEqual({ to: 'rejected' });
  });

  it('says so when there is nothing, while loading, and on an error with a retry', async () => {
    let fail = true;
    let release: (() => void) | undefined;
    openPage({
      answer: async () => {
        if (fail) return json(500, { error: { code: 'INTERNAL', message: 'boom' } });
        await new Promise<void>((resolve) => (release = resolve));
        return json(200, page([]));
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your pipeline could not be loaded.');
    fail = false;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Loading your pipeline/);
    await vi.waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await screen.findByText('No quotation requests match these filters yet.')).toBeInTheDocument();
  });

  it('speaks French', async () => {
    const { i18n } = openPage();
    await i18n.changeLanguage('fr');
    expect(await screen.findByRole('heading', { name: 'Pipeline' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: 'Supports en acier' })).toHaveLength(2);
    expect(screen.getByText('En attente de votre réponse depuis plus de 24 heures')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'En négociation (1)' })).toBeInTheDocument();
  });

  it('reads the board again when the seller comes back: stages change in the conversation and the orders', async () => {
    let stage = 'negotiation';
    const { gets } = openPage({
      answer: () =>
        json(200, {
          ...page([card({ stage, overdue: false, awaitingReplySince: null })]),
          counts: {
            ...counts,
            new: 0,
            negotiation: stage === 'negotiation' ? 1 : 0,
            ordered: stage === 'ordered' ? 1 : 0,
          },
        }),
    });
    expect(await screen.findByRole('button', { name: 'In negotiation (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Steel brackets' }));
    await screen.findByRole('heading', { name: 'Conversation page' });
    // Meanwhile the invoice is issued, accepted and paid: the conversation's stage moves on.
    stage = 'ordered';
    const before = gets().length;
    await userEvent.click(screen.getByRole('link', { name: 'Back to the pipeline' }));
    expect(await screen.findByRole('button', { name: 'Ordered (1)' })).toBeInTheDocument();
    expect(gets().length).toBeGreaterThan(before);
  });
});
