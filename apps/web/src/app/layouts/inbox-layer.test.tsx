import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { sessionActions, sessionStore } from '../../lib/session-store';
import { InboxLayer } from './inbox-layer';

vi.mock('../inbox/inbox-modal', () => ({ default: () => <div>inbox modal</div> }));
vi.mock('../inbox/live-updates', () => ({ default: () => null }));

let location = '';
function Where() {
  const { pathname, search } = useLocation();
  location = `${pathname}${search}`;
  return null;
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <InboxLayer />
      <Where />
    </MemoryRouter>,
  );

afterEach(() => {
  sessionActions.loggedOut();
});

describe('the offline chat e-mail link', () => {
  it('opens the named conversation once logged in and drops the link parameters', async () => {
    sessionActions.loggedIn(null);
    const view = renderAt('/?inbox=chats&chatId=5f0c-abc&kind=service&lang=fr');
    await view.findByText('inbox modal');
    expect(sessionStore.getState().inboxChat).toEqual({ kind: 'service', chatId: '5f0c-abc' });
    await waitFor(() => expect(location).toBe('/?lang=fr'));
  });

  it('waits for a visitor to log in, and ignores a malformed chat id', async () => {
    const visitor = renderAt('/?inbox=chats&chatId=abc');
    expect(sessionStore.getState().isInboxModalOpen).toBe(false);
    act(() => sessionActions.loggedIn(null));
    await waitFor(() =>
      expect(sessionStore.getState().inboxChat).toEqual({ kind: 'product', chatId: 'abc' }),
    );
    visitor.unmount();
    sessionActions.closeInbox();
    renderAt('/?inbox=chats&chatId=%3Cscript%3E');
    expect(sessionStore.getState().isInboxModalOpen).toBe(false);
  });
});
