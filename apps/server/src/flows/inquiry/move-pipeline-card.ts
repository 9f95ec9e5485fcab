import { pipelineMoves, type PipelineCard, type PipelineMoveRequest } from '@maplesource/contracts';
import { conflict } from '../../plugins/errors';
import { decideQuotation, type DecideQuotationDoors } from './decide-quotation';

/**
 * The seller moves a card of their pipeline (decision 267). The only moves are answering a new request, and they
 * are the quotation decision itself: accept (→ negotiation) or reject (→ rejected), through `decideQuotation`,
 * whose conditional update makes a repeated or racing answer a 409. Any other move is PIPELINE_MOVE_NOT_ALLOWED
 * (409); another user's conversation is CHAT_NOT_FOUND (404).
 */
export async function movePipelineCard(
  doors: DecideQuotationDoors,
  sellerUserId: string,
  chatId: string,
  move: PipelineMoveRequest,
): Promise<PipelineCard> {
  const card = await doors.chat.pipelineCard(doors.db, sellerUserId, chatId);
  if (!pipelineMoves[card.stage].includes(move.to) || !card.quotationId)
    throw conflict('PIPELINE_MOVE_NOT_ALLOWED', `A card cannot move from ${card.stage} to ${move.to}`);
  await decideQuotation(doors, sellerUserId, card.quotationId, {
    decision: move.to === 'negotiation' ? 'accepted' : 'rejected',
    ...(move.reason ? { reason: move.reason } : {}),
  });
  return doors.chat.pipelineCard(doors.db, sellerUserId, chatId);
}
