import type { Db } from '../../../db/client';
import { chatFor, otherOf } from '../chat.access';

/** Checks that `userId` may upload to the chat; returns the other participant. */
export async function getUploadTarget(database: Db, userId: string, chatId: string) {
  const chat = await chatFor(database, userId, chatId);
  return { chatId: chat.id, otherId: otherOf(chat, userId), subjectKind: chat.subjectKind };
}
