import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../db/transaction';
import { openSupplierChat, type SupplierChatDoors } from './open-supplier-chat';

export type OpenRfqChatDoors = SupplierChatDoors & Pick<FastifyInstance, 'db'>;

/**
 * `POST rfqs/:id/suppliers/:sellerId/chat` (decision 317): the buyer opens, or returns to, the conversation with a
 * matched supplier of their request; from then on that supplier sees the buyer's name. Another buyer's request or
 * a storefront not matched → 404 RFQ_NOT_FOUND.
 */
export function openRfqChat(
  doors: OpenRfqChatDoors,
  input: { buyerId: string; rfqId: string; sellerId: string },
): Promise<{ chatId: string; created: boolean; chatKind: 'product' | 'service' }> {
  return withTransaction(doors.db, async (tx) => {
    const { rfq, recipient } = await doors.rfq.recipientForBuyer(tx, input);
    const opened = await openSupplierChat(doors, tx, { rfq, recipient });
    return { chatId: opened.chatId, created: opened.created, chatKind: opened.subject.kind };
  });
}
