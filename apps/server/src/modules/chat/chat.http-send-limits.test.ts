import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { signUp, type SignedUp } from '../../../test/accounts-helpers';
import { rowsOf } from '../../db/transaction';

/**
 * A chat message sent over HTTP (decision 244) spends the same per-user budget as the socket's sendMessage
 * (decision 242): the HTTP route is no way around the socket's limit.
 */
let t: TestApp;
let buyer: SignedUp;
let seller: SignedUp;
let chatId: string;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      RATE_LIMIT_SOCKET_MESSAGES_PER_SECOND: '3',
      RATE_LIMIT_SOCKET_MESSAGES_BURST: '3',
      RATE_LIMIT_SOCKET_MESSAGES_PER_MINUTE: '3',
    },
  });
  buyer = await signUp(t.app, { fullName: 'Bea Buyer' });
  seller = await signUp(t.app, { fullName: 'Sam Seller' });
  chatId = await t.app.db.transaction(
    async (tx) =>
      (
        await t.app.chat.openConversation(tx, {
          buyerId: buyer.id,
          sellerUserId: seller.id,
          subject: { kind: 'product', id: 7 },
          quotationId: null,
        })
      ).chatId,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the HTTP chat send and the message limit', () => {
  it('stores the budget and refuses the rest with 429 RATE_LIMITED and Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/messages',
          headers: { role: 'buyer', cookie: buyer.cookie },
          payload: { chatId, clientMessageId: `http-limit-${i}-000000`, text: `Message ${i}` },
        }),
      );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 429, 429]);
    expect(answers[3]!.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    const [row] = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`SELECT count(*)::int AS n FROM chat_messages WHERE chat_id = ${chatId}`),
    );
    expect(row!.n).toBe(3);
  });
});
