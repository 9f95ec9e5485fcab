import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { chatListsKey, queryKeyRoots } from '../../../lib/query-keys';
import { chatKeys } from './get-chats';

describe('chat query keys under the shared root', () => {
  it('a new message refreshes the conversation lists, a deal step every chat query, and neither touches other roots', async () => {
    const client = new QueryClient();
    const list = chatKeys.list({ status: 'all' } as never);
    const detail = chatKeys.detail('product', 'c1');
    client.setQueryData(list, 'chats');
    client.setQueryData(detail, 'messages');
    client.setQueryData([...queryKeyRoots.notifications, 'list', 1], 'notes');
    await client.invalidateQueries({ queryKey: chatListsKey });
    expect(client.getQueryState(list)?.isInvalidated).toBe(true);
    expect(client.getQueryState(detail)?.isInvalidated).toBe(false);
    await client.invalidateQueries({ queryKey: queryKeyRoots.chat });
    expect(client.getQueryState(detail)?.isInvalidated).toBe(true);
    expect(client.getQueryState([...queryKeyRoots.notifications, 'list', 1])?.isInvalidated).toBe(false);
  });
});
