import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render';
import { sessionStore } from '../../lib/session-store';
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

describe('the seller centre inbox', () => {
  it('lists the seller’s conversations, opens one by URL and accepts the pending quotation', async () => {
    document.cookie = 'ms_has_session=1; path=/';
    let decided = false;
    const fetchMock = routeFetch((method, url) => {
      const path = url.pathname.replace(/^.*\/api\/v1\//, '');
      if (path === 'auth/verify-tokens')
        return json(200, { user: { id: sellerId, fullName: 'Sam Seller', avatar: null } });
      if (path === 'chats') {
        return json(200, { items: [chatItem(asSeller)], total: 1, page: 1, pageSize: 20, unreadTotal: 0 });
      }
      if (path === `chats/${chatId}`) {
        const detail = chatDetail(asSeller);
        if (decided && detail.quotation) detail.quotation.decision = 'accepted';
        return json(200, detail);
      }
      if (path === 'messages') return json(200, { items: [], hasMore: false, lastSeq: 0 });
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
});
