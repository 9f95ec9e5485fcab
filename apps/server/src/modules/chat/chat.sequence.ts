import { sql, type SQL } from 'drizzle-orm';

/** One message of a sequenced write; each field is SQL of the statement (a parameter or an expression). */
export interface SequencedMessage {
  id: SQL;
  clientMessageId: SQL;
  text: SQL;
  /** NULL for a user's message. */
  businessAction: SQL;
  /** NULL for a user's message. */
  businessPayload: SQL;
}

/**
 * The one way messages get their conversation's next seqs (decision 101), as two common-table expressions of the
 * caller's statement: `chat_moved` advances the chat's `last_seq` by the number of messages — the UPDATE takes the
 * row lock, so a concurrent writer gets the seqs after these — and answers the chat's id, new `last_seq`, subject
 * kind and the sender's counterpart (`recipient_id`); `chat_message` stores the messages at consecutive seqs ending
 * at that `last_seq`, in the order given, and answers their rows. Nothing is stored when no chat matches `where`
 * (the caller then finds `chat_moved` empty). The text depends only on the number of messages and on the SQL
 * given, so a statement built from it can be prepared or templated (decisions 200, 234). The accept statement
 * (`flows/invoice/accept-invoice.sql.ts`) writes its two messages in this shape with its own SQL, since a door hands
 * out no SQL (decision 320); `flows/invoice/accept-invoice-chat-rows.test.ts` compares what the two write.
 */
export function sequencedMessagesCte(input: {
  /** Which chat, and who may write in it. */
  where: SQL;
  sender: SQL;
  /** More assignments of the chat row, each starting with a comma (the phase, the quotation, the invoice). */
  set?: SQL;
  messages: SequencedMessage[];
}): SQL {
  const count = input.messages.length;
  if (count === 0) throw new Error('a sequenced write needs at least one message');
  const sender = sql`${input.sender}::uuid`;
  const rows = input.messages.map(
    (message, index) =>
      sql`SELECT ${message.id}::uuid AS id, ${count - 1 - index}::integer AS back,
                 ${message.clientMessageId}::text AS client_message_id, ${message.text}::text AS text,
                 ${message.businessAction}::text AS business_action, ${message.businessPayload}::jsonb AS business_payload`,
  );
  return sql`chat_moved AS (
      UPDATE chats SET last_seq = last_seq + ${count}::integer, updated_at = now() ${input.set ?? sql``}
      WHERE ${input.where}
      RETURNING id, last_seq, subject_kind,
                CASE WHEN buyer_id = ${sender} THEN seller_user_id ELSE buyer_id END AS recipient_id
    ), chat_message AS (
      INSERT INTO chat_messages (id, chat_id, seq, client_message_id, sender_id, text, business_action,
                                 business_payload)
      SELECT m.id, chat_moved.id, chat_moved.last_seq - m.back, m.client_message_id, ${sender}, m.text,
             m.business_action, m.business_payload
      FROM chat_moved, (${sql.join(rows, sql` UNION ALL `)}) m
      RETURNING *
    )`;
}
