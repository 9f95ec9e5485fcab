import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { sessionStore } from '../../lib/session-store';
import { makeOrder } from '../../test/order-fixtures';
import {
  buyerId,
  chatDetail,
  chatId,
  chatItem,
  json,
  routeFetch,
  sellerId,
} from '../../features/chat/test-support';

afterEach(() => {
  sessionStore.reset();
  document.cookie = 'ms_has_session=; path=/; max-age=0';
});

const asSeller = {
  myRole: 'seller' as const,
  otherParty: { id: buyerId, name: 'Bea Buyer', avatarUrl: null },
};

/** The seller's session, conversation list and messages; `answer` serves the rest (path after /api/v1/). */
function sellerInboxServer(answer: (method: string, path: string, url: URL) => Response | undefined) {
  return routeFetch((method, url) => {
    const path = url.pathname.replace(/^.*\/api\/v1\//, '');
    if (path === 'auth/verify-tokens')
      return json(200, { user: { id: sellerId, fullName: 'Sam Seller', avatar: null } });
    if (path === 'chats') {
      return json(200, { items: [chatItem(asSeller)], total: 1, page: 1, pageSize: 20, unreadTotal: 0 });
    }
    if (path === 'messages') return json(200, { items: [], hasMore: false, lastSeq: 0 });
    return answer(method, path, url);
  });
}

describe('the seller centre inbox', () => {
  it('lists the seller’s conversations, opens one by URL and accepts the pending quotation', async () => {
    document.cookie = 'ms_has_session=1; path=/';
    let decided = false;
    const fetchMock = sellerInboxServer((method, path) => {
      if (path === `chats/${chatId}`) {
        const detail = chatDetail(asSeller);
        if (decided && detail.quotation) detail.quotation.decision = 'accepted';
        return json(200, detail);
      }
      if (path === 'quotation/q1/decision' && method === 'POST') {
        decided = true;
        return json(200, { quotation: {} });
      }
      return undefined;
    });
    renderApp(`/seller-centre/inbox/${chatId}`);
    expect(await screen.findByRole('heading', { name: 'Seller centre — inbox' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Conversation with Bea Buyer' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept quotation' }));
    expect(await screen.findByText('Quotation accepted.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/quotation/q1/decision'));
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ decision: 'accepted' });
    expect(new Headers(post?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(new Headers(post?.[1]?.headers).get('role')).toBe('seller');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Accept quotation' })).not.toBeInTheDocument(),
    );
    const listUrl = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname.endsWith('/chats') && u.searchParams.get('as') === 'seller');
    expect(listUrl).toBeTruthy();
  });

  it('shows the orders that came out of the conversation, with their next step', async () => {
    document.cookie = 'ms_has_session=1; path=/';
    const fetchMock = sellerInboxServer((_method, path, url) => {
      if (path === `chats/${chatId}`) return json(200, chatDetail({ ...asSeller, phase: 'ordered' }));
      if (path === 'seller/orders' && url.searchParams.get('chatId') === chatId) {
        const order = makeOrder({ chatId, status: 'confirmed', nextStatuses: ['processing', 'cancelled'] });
        return json(200, { items: [order], total: 1, page: 1, pageSize: 20 });
      }
      return undefined;
    });
    renderApp(`/seller-centre/inbox/${chatId}`);
    const orders = await screen.findByRole('region', { name: 'Orders in this conversation' });
    expect(within(orders).getByText('Steel brackets')).toBeInTheDocument();
    expect(within(orders).getByText('Buyer: Jeanne Roy')).toBeInTheDocument();
    expect(within(orders).getByRole('form', { name: 'Update status' })).toBeInTheDocument();
    const list = fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .find(({ url }) => url.pathname.endsWith('/seller/orders'));
    expect(new Headers(list?.init?.headers).get('role')).toBe('seller');
  });
});
