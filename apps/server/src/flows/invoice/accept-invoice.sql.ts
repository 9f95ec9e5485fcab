import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  invoiceAcceptanceTerms,
  type acceptInvoiceBodySchema,
  type BusinessAction,
  type ChatOrderPayload,
  type OrderAddress,
  type OrderKind,
} from '@maplesource/contracts';
import { prepareTemplateOnConnect, statementTemplate, type StatementTemplate } from '../../db/prepared';
import { isoText } from '../../db/transaction';
import type { SessionCheck, SessionCheckSlot } from '../../plugins/auth';
import { fixedPhaseAfter } from '../../modules/chat';
import type { OutboxPart } from '../../plugins/events';
import type { AcceptanceSlot, InvoicesService } from '../../modules/invoices';
import '../../modules/orders';

/*
 * The accept statement of `accept-invoice.ts` (decisions 181, 225, 234): its template, the values a request fills in,
 * and the warm-up that prepares it on every new pool connection (decision 215). The business rule reads in
 * `accept-invoice.ts`; this file is how it runs in one round trip.
 */

export type AcceptInvoiceBody = z.output<typeof acceptInvoiceBodySchema>;

export type AcceptInvoiceDoors = Pick<FastifyInstance, 'db' | 'orders' | 'chat' | 'events'> & {
  /** The invoices module's part of the acceptance: its values and, when the statement matched nothing, why. */
  invoices: Pick<InvoicesService, 'acceptanceValues' | 'acceptanceRefusal'>;
};

export interface AcceptInvoiceRequest {
  kind: OrderKind;
  buyerUserId: string;
  body: AcceptInvoiceBody;
  ip: string;
  userAgent: string | null;
  now: Date;
  /**
   * The statement checks the buyer's session itself (decision 225): `buyerUserId` is then the token's user as
   * last resolved, trusted only once the statement said the session is live.
   */
  session?: SessionCheck;
}

/** The values of one accept: the invoices module's (`acceptanceValues`), the messages' ids and the addresses. */
export type AcceptSlot =
  AcceptanceSlot | 'acceptedMessageId' | 'orderCreatedMessageId' | 'shippingAddress' | 'billingAddress';
type AcceptTemplate = {
  statement: StatementTemplate<AcceptSlot | SessionCheckSlot>;
  /** Wakes the event dispatcher once a run has committed events. */
  written: () => void;
};

/**
 * The one accept statement, built and rendered once per app and per variant (with the statement's session check
 * or without, decision 225) as a template (decision 234): a request only fills in its values. Per app (its doors),
 * not per database: the template's `written` wakes that app's event dispatcher.
 */
const templates = new WeakMap<AcceptInvoiceDoors, Map<'checked' | 'unchecked', AcceptTemplate>>();
export function acceptanceTemplate(doors: AcceptInvoiceDoors, session?: SessionCheck): AcceptTemplate {
  const variant = session ? 'checked' : 'unchecked';
  let built = templates.get(doors);
  if (!built) templates.set(doors, (built = new Map()));
  let template = built.get(variant);
  if (!template) {
    let written = () => {};
    const statement = statementTemplate(doors.db, (slot) => {
      const query = acceptanceQuery(doors, slot, session);
      written = query.written;
      return query.sql;
    });
    built.set(variant, (template = { statement, written }));
  }
  return template;
}

function acceptanceQuery(
  doors: AcceptInvoiceDoors,
  slot: (name: AcceptSlot | SessionCheckSlot) => SQL,
  session?: SessionCheck,
): { sql: SQL; written: () => void } {
  const text = (name: AcceptSlot) => sql`${slot(name)}::text`;
  const invoice = acceptedInvoiceCte(slot, session ? sql`EXISTS (SELECT 1 FROM session_ok)` : undefined);
  const invoiceId = sql`${invoice.column('id')}::text`;
  const invoiceToken = invoice.column('token');
  const chat = businessActionsCte({
    chatId: invoice.column('chat_id'),
    senderId: slot('buyerUserId'),
    actions: [
      {
        action: 'invoice_accepted',
        messageId: slot('acceptedMessageId'),
        payload: {},
        computed: {
          invoiceToken: text('token'),
          orderId: text('orderId'),
          kind: text('kind'),
          // The invoice card's data (decision 214), like `invoice_sent`'s: total, expiry, creation time.
          invoiceId,
          totalCents: sql`${invoice.column('total_cents')}::bigint`,
          expiresAt: isoText(invoice.column('expires_at')),
          issuedAt: isoText(invoice.column('created_at')),
        },
      },
      {
        action: 'order_created',
        messageId: slot('orderCreatedMessageId'),
        payload: { status: 'pending' } satisfies Partial<ChatOrderPayload>,
        computed: {
          orderId: text('orderId'),
          kind: text('kind'),
          invoiceToken: text('token'),
        } satisfies Partial<Record<keyof ChatOrderPayload, SQL>>,
      },
    ],
  });
  const order = placedOrderCte({
    id: slot('orderId'),
    kind: slot('kind'),
    from: invoice.from,
    copied: {
      invoiceId,
      invoiceToken,
      // The moved chat's id, not the invoice's copy: NULL (and the statement fails) when the chat is gone.
      chatId: chat.chatId,
      buyerName: invoice.column('buyer_name'),
      sellerUserId: invoice.column('seller_user_id'),
      sellerId: invoice.column('seller_id'),
      sellerSlug: invoice.column('seller_slug'),
      sellerName: invoice.column('seller_name'),
      subjectId: invoice.column('subject_id'),
      subjectName: invoice.column('subject_name'),
      subjectNameFr: invoice.column('subject_name_fr'),
      subjectCategory: invoice.column('subject_category'),
      quantity: invoice.column('quantity'),
      unit: invoice.column('unit'),
      negotiatedPriceCents: invoice.column('negotiated_price_cents'),
      shippingCents: invoice.column('shipping_cents'),
      taxCents: invoice.column('tax_cents'),
      taxLines: invoice.column('tax_lines'),
      totalCents: invoice.column('total_cents'),
      // The order's own copy of the terms it was accepted under (docs/product.md §3 Order), in the same statement.
      paymentTerms: invoice.column('payment_terms'),
      deliveryTerms: invoice.column('delivery_terms'),
      leadDays: sql`coalesce(${invoice.column('lead_days')}, 0)`,
      timeZone: invoice.column('time_zone'),
    },
    buyerUserId: slot('buyerUserId'),
    shippingAddress: slot('shippingAddress'),
    billingAddress: slot('billingAddress'),
    placedAt: slot('at'),
  });
  const outbox = doors.events.outboxTemplate([
    ...chat.events,
    {
      name: 'order.changed',
      from: order.from,
      known: { status: 'pending', change: 'created' },
      computed: { orderId: text('orderId'), kind: text('kind'), chatId: sql`${chat.chatId}::text` },
    },
  ]);
  const query = session
    ? sql`WITH ${session.ctesOver(slot)}, ${invoice.cte}, ${chat.cte}, ${order.cte}, ${outbox.cte}
          SELECT ${order.id}::text AS order_id, EXISTS (SELECT 1 FROM session_ok) AS session_ok`
    : sql`WITH ${invoice.cte}, ${chat.cte}, ${order.cte}, ${outbox.cte}
          SELECT ${order.id}::text AS order_id`;
  return { sql: query, written: outbox.written };
}

/** The accepted invoice's fields the accept-invoice statement copies into the order. */
const acceptedInvoiceColumns = [
  'id',
  'token',
  'chat_id',
  'buyer_name',
  'seller_user_id',
  'seller_id',
  'seller_slug',
  'seller_name',
  'subject_id',
  'subject_name',
  'subject_name_fr',
  'subject_category',
  'quantity',
  'unit',
  'negotiated_price_cents',
  'shipping_cents',
  'tax_cents',
  'tax_lines',
  'total_cents',
  'payment_terms',
  'delivery_terms',
  'lead_days',
  'time_zone',
  'expires_at',
  'created_at',
] as const;
type AcceptedInvoiceColumn = (typeof acceptedInvoiceColumns)[number];

/**
 * The invoice's part of the accept statement (decision 181), over the invoices module's tables, as common-table
 * expressions over the slots the invoices module's `acceptanceValues` fills (the statement is a template built once, decision 234):
 * `accepted_invoice` marks the invoice accepted with its order — only when it is this buyer's, of this kind,
 * pending and not past its expiry at `at` (the UPDATE takes the row lock: of 50 concurrent accepts one
 * matches, the others find it accepted once the first commits) — and `invoice_acceptance` stores the
 * acceptance record (signature, exact terms text, IP, user agent, time) with it. `column(name)` is a scalar
 * subquery of the accepted invoice's copied fields (NULL when nothing was accepted) for the other parts of the
 * statement; `from` yields its row. Nothing matched: ask `acceptanceRefusal` why.
 */
export function acceptedInvoiceCte(
  slot: (name: AcceptanceSlot) => SQL,
  /** A further condition of the update (the statement's session check, decision 225). */
  onlyIf?: SQL,
) {
  // Pending and not past its expiry at `at`: contracts' `isInvoiceExpired` in SQL (decision 133).
  const at = sql`${slot('at')}::timestamptz`;
  const cte = sql`accepted_invoice AS (
      UPDATE invoices SET status = 'accepted', accepted_at = ${at}, order_id = ${slot('orderId')}::text
      WHERE token = ${slot('token')}::text AND kind = ${slot('kind')}::text
        AND buyer_id = ${slot('buyerUserId')}::uuid
        AND status = 'pending' AND expires_at > ${at}${onlyIf ? sql` AND ${onlyIf}` : sql``}
      RETURNING ${sql.raw(acceptedInvoiceColumns.join(', '))}
    ), invoice_acceptance AS (
      INSERT INTO invoice_acceptances (id, invoice_id, order_id, signer_name, signature_svg, terms_version,
        terms_language, terms_text, ip, user_agent, accepted_at)
      SELECT gen_random_uuid(), accepted_invoice.id, ${slot('orderId')}::text, ${slot('signerName')}::text,
        ${slot('signatureSvg')}::text, ${slot('termsVersion')}::text, ${slot('termsLanguage')}::text,
        ${slot('termsText')}::text, ${slot('ip')}::text, ${slot('userAgent')}::text, ${at}
      FROM accepted_invoice
    )`;
  return {
    cte,
    from: sql`accepted_invoice`,
    column: (name: AcceptedInvoiceColumn) => sql.raw(`(SELECT ${name} FROM accepted_invoice)`),
  };
}

/**
 * The conversation's part of the accept statement (decision 181), over the chat module's tables, for actions whose
 * resulting phase does not depend on the current one (the chat module's `fixedPhaseAfter`): `chat_moved` moves the
 * chat named by `chatId` (SQL: a scalar subquery of the statement; nothing when it is NULL) by the number of
 * actions — only when `senderId` takes part in it; the UPDATE takes the row lock, so a concurrent writer gets the
 * seqs after these — and `chat_message` inserts the messages at consecutive seqs ending at the chat's new
 * `last_seq`: the one shape of every write of messages (decision 101). The statement is a template built once
 * (decision 234): `senderId` and each message's `messageId` are its slots (a fresh id per run), a payload is the
 * same for every run and its `computed` fields are SQL of the statement (slots included). `chatId` (out) is the
 * moved chat's id, NULL when none moved; `events` are their `chat.message-created` and
 * `chat.business-action-posted` events for the outbox. The chat module's `sequencedMessagesCte` writes the same
 * rows for its own operations; it stays private to that module (decision 320), and
 * `accept-invoice-chat-rows.test.ts` runs both and compares every row they write.
 */
function businessActionsCte(input: {
  chatId: SQL;
  senderId: SQL;
  actions: Array<{
    action: BusinessAction;
    messageId: SQL;
    payload: Record<string, unknown>;
    computed?: Record<string, SQL>;
  }>;
}): {
  cte: SQL;
  chatId: SQL;
  events: Array<OutboxPart<'chat.message-created'> | OutboxPart<'chat.business-action-posted'>>;
} {
  const count = input.actions.length;
  if (count === 0) throw new Error('businessActionsCte needs at least one action');
  const phase = fixedPhaseAfter(input.actions);
  const sender = sql`${input.senderId}::uuid`;
  // The order an `order_created` names is the conversation's latest (decision 253), as in `postBusinessActions`.
  const ordered = input.actions.findLast((a) => a.action === 'order_created');
  const orderId =
    ordered?.computed?.orderId ??
    (typeof ordered?.payload.orderId === 'string' ? sql`${ordered.payload.orderId}::text` : undefined);
  const messages = input.actions.map(({ action, messageId, payload, computed }, index) => {
    const fields = Object.entries(computed ?? {}).map(([key, value]) => sql`${key}::text, ${value}`);
    const text = typeof payload.text === 'string' ? payload.text : '';
    const businessPayload = sql`${JSON.stringify(payload)}::jsonb || jsonb_build_object(${sql.join(fields, sql`, `)})`;
    return {
      id: sql`${messageId}::uuid`,
      back: count - 1 - index,
      action,
      row: sql`SELECT ${messageId}::uuid AS id, ${count - 1 - index}::integer AS back,
                 'action-' || gen_random_uuid()::text AS client_message_id, ${text}::text AS text,
                 ${action}::text AS business_action, ${businessPayload}::jsonb AS business_payload`,
    };
  });
  const rows = messages.map((message) => message.row);
  const set = sql`, phase = ${phase}::text ${orderId ? sql`, order_id = ${orderId}` : sql``}`;
  const cte = sql`chat_moved AS (
      UPDATE chats SET last_seq = last_seq + ${count}::integer, updated_at = now() ${set}
      WHERE id = ${input.chatId} AND (buyer_id = ${sender} OR seller_user_id = ${sender})
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
  return {
    cte,
    chatId: sql`(SELECT id FROM chat_moved)`,
    // Each action is a message (`chat.message-created`) and a business action, whose live delivery has its own
    // event (decision 186).
    events: messages.flatMap((message) =>
      (['chat.message-created', 'chat.business-action-posted'] as const).map((name) => ({
        name,
        from: sql`chat_moved`,
        known: { businessAction: message.action },
        computed: {
          messageId: sql`${message.id}::text`,
          senderId: sql`${sender}::text`,
          chatId: sql`chat_moved.id`,
          seq: sql`chat_moved.last_seq - ${message.back}::integer`,
          recipientId: sql`chat_moved.recipient_id`,
          subjectKind: sql`chat_moved.subject_kind`,
        },
      })),
    ),
  };
}

/** The fields an order copies from the accepted invoice, as SQL over the statement's source row (decision 181). */
type CopiedOrderField =
  | 'invoiceId'
  | 'invoiceToken'
  | 'chatId'
  | 'buyerName'
  | 'sellerUserId'
  | 'sellerId'
  | 'sellerSlug'
  | 'sellerName'
  | 'subjectId'
  | 'subjectName'
  | 'subjectNameFr'
  | 'subjectCategory'
  | 'quantity'
  | 'unit'
  | 'negotiatedPriceCents'
  | 'shippingCents'
  | 'taxCents'
  | 'taxLines'
  | 'totalCents'
  | 'paymentTerms'
  | 'deliveryTerms'
  | 'leadDays'
  | 'timeZone';

/**
 * An order as one part of a bigger statement: made once per row of `from` (one at most), or not at all. The
 * statement is a template built once (decision 234): the order's own values are its slots (the addresses as
 * `OrderAddress` JSON, `placedAt` an ISO timestamp), the copied fields SQL over `from`.
 */
interface NewOrderFrom {
  id: SQL;
  kind: SQL;
  from: SQL;
  copied: Record<CopiedOrderField, SQL>;
  buyerUserId: SQL;
  shippingAddress: SQL;
  billingAddress: SQL;
  placedAt: SQL;
}

/**
 * The order's part of the accept statement (decision 181), over the orders module's tables: `placed_order` inserts the order from the row of `from` (nothing
 * when it has none) and `placed_order_timeline` its first timeline entry. No ON CONFLICT: the statement's
 * source (the invoice's conditional update) makes a second order impossible, and if it ever were not, the
 * unique key on invoice_id fails the whole statement rather than leave an invoice pointing at no order.
 * A NULL copied field that the table requires (e.g. a chat that is gone) fails the statement too.
 */
function placedOrderCte(input: NewOrderFrom) {
  const c = input.copied;
  const placedAt = sql`${input.placedAt}::timestamptz`;
  const cte = sql`placed_order AS (
      INSERT INTO orders (id, kind, invoice_id, invoice_token, chat_id, buyer_user_id, buyer_name,
        seller_user_id, seller_id, seller_slug, seller_name, subject_id, subject_name, subject_name_fr,
        subject_category, quantity, unit, negotiated_price_cents, shipping_cents, tax_cents, tax_lines,
        total_cents, lead_days, payment_terms, delivery_terms, time_zone, shipping_address, billing_address, placed_at, updated_at)
      SELECT ${input.id}::uuid, ${input.kind}::text, ${c.invoiceId}, ${c.invoiceToken}, ${c.chatId},
        ${input.buyerUserId}::uuid, ${c.buyerName}, ${c.sellerUserId}, ${c.sellerId}, ${c.sellerSlug},
        ${c.sellerName}, ${c.subjectId}, ${c.subjectName}, ${c.subjectNameFr}, ${c.subjectCategory},
        ${c.quantity}, ${c.unit},
        ${c.negotiatedPriceCents}, ${c.shippingCents}, ${c.taxCents}, ${c.taxLines}, ${c.totalCents},
        ${c.leadDays},
        ${c.paymentTerms}, ${c.deliveryTerms}, ${c.timeZone},
        ${input.shippingAddress}::jsonb, ${input.billingAddress}::jsonb,
        ${placedAt}, ${placedAt}
      FROM ${input.from}
      RETURNING id
    ), placed_order_timeline AS (
      INSERT INTO order_timeline (order_id, status, actor_user_id, at)
      SELECT placed_order.id, 'pending', ${input.buyerUserId}::uuid, ${placedAt} FROM placed_order
    )`;
  return { cte, from: sql`placed_order`, id: sql`(SELECT id FROM placed_order)` };
}

/** One accept's values for the template (checked by the invoices module: 400 for a bad name or signature). */
export function acceptanceValues(
  doors: AcceptInvoiceDoors,
  request: AcceptInvoiceRequest,
  orderId: string,
  { shipping, billing }: { shipping: OrderAddress; billing: OrderAddress },
) {
  const { body, kind, buyerUserId, now } = request;
  return {
    ...doors.invoices.acceptanceValues({
      token: body.invoiceToken,
      kind,
      buyerUserId,
      orderId,
      signerName: body.signature.fullName,
      signatureSvg: body.signature.svg,
      termsVersion: body.termsVersion,
      termsLanguage: body.termsLanguage,
      termsText: invoiceAcceptanceTerms[body.termsLanguage],
      ip: request.ip,
      userAgent: request.userAgent,
      at: now,
    }),
    acceptedMessageId: randomUUID(),
    orderCreatedMessageId: randomUUID(),
    shippingAddress: JSON.stringify(shipping),
    billingAddress: JSON.stringify(billing),
  };
}

export const noSession: Record<SessionCheckSlot, null> = {
  sessionTokenHash: null,
  sessionUserId: null,
  sessionRole: null,
};

/**
 * Registers the accept statement (with the session check it may carry) for every new pool connection to prepare
 * before its first request (decision 215), with values that accept nothing (no invoice has an empty token).
 */
export function prepareAcceptInvoice(doors: AcceptInvoiceDoors, session?: SessionCheck): void {
  const nobody = '00000000-0000-0000-0000-000000000000';
  const address: OrderAddress = {
    fullName: 'Warm Up',
    line1: '1 Warm Up St',
    line2: null,
    city: 'Ottawa',
    province: 'ON',
    postalCode: 'K1A 0A1',
    country: 'CA',
    phone: null,
    addressType: 'Shipping',
  };
  const values = acceptanceValues(
    doors,
    {
      kind: 'product',
      buyerUserId: nobody,
      body: {
        invoiceToken: '',
        shippingAddress: address,
        billingAddress: null,
        isBillingSameAsShipping: true,
        signature: {
          fullName: 'Warm Up',
          svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M1 1 L9 9"/></svg>',
        },
        termsVersion: invoiceAcceptanceTerms.version,
        termsLanguage: 'en',
      },
      ip: '127.0.0.1',
      userAgent: null,
      now: new Date(),
    },
    nobody,
    { shipping: address, billing: { ...address, addressType: 'Billing' } },
  );
  prepareTemplateOnConnect(doors.db, acceptanceTemplate(doors, session).statement, {
    ...values,
    ...(session ? session.values : noSession),
  });
}
