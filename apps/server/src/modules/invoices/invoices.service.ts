import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type {
  DocumentAddress,
  ChatInvoicePayload,
  CounterOffer,
  DocumentTimeZone,
  Invoice,
  InvoiceKind,
  InvoiceTaxLine,
  ProvinceCode,
  TaxOverrideReason,
} from '@maplesource/contracts';
import { invoiceDueOn } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../plugins/errors';
import type { DomainEvents } from '../../plugins/events';
import { shownStatus, toInvoice, type InvoiceRow } from './invoices.rows';
import { sanitizeSignatureSvg } from './signature-svg';
import { invoiceExportRecords, type InvoiceExportRequest } from './invoices.export';

/** What a new invoice holds: amounts already computed and checked by the issue-invoice workflow. */
const jsonOrNull = (value: object | null) => (value === null ? null : JSON.stringify(value));

export interface NewInvoice {
  /** A new uuid unless the caller chose one. */
  id?: string;
  kind: InvoiceKind;
  chatId: string;
  quotationId: string | null;
  buyer: { userId: string; name: string; address: DocumentAddress | null };
  sellerUserId: string;
  seller: {
    sellerId: number;
    slug: string;
    name: string;
    legalName: string;
    gstHstNumber: string | null;
    qstNumber: string | null;
    address: DocumentAddress | null;
  };
  subject: {
    id: number;
    name: string;
    /** The product's or service's French name (decision 232). */
    nameFr: string;
    category: string;
    /** The category's French name (decision 212). */
    categoryFr: string;
    quantity: number;
    unit: string | null;
  };
  negotiatedPriceCents: number;
  shippingCents: number;
  taxLines: InvoiceTaxLine[];
  taxOverrideReason: string | null;
  taxOverrideCode: TaxOverrideReason | null;
  taxExemptionCertificate: string | null;
  paymentTerms: string;
  deliveryTerms: string;
  notes: string;
  leadDays: number | null;
  deliveryProvince: ProvinceCode;
  deliveryPostalCode: string;
  issuedOn: string;
  timeZone: DocumentTimeZone;
  expiresAt: Date;
  /** Delivery deadline, YYYY-MM-DD, or null (decision 255). */
  deadline: string | null;
  /** The version this one revises (decision 271); absent for a first invoice. */
  revises?: { id: string; version: number };
}

export interface AcceptanceRecord {
  orderId: string;
  signerName: string;
  signatureSvg: string;
  termsVersion: string;
  termsLanguage: 'en' | 'fr';
  termsText: string;
  ip: string;
  userAgent: string | null;
  at: Date;
}

/** The values the invoices module's part of the accept statement takes (`acceptanceValues`). */
export type AcceptanceSlot = 'token' | 'kind' | 'buyerUserId' | keyof AcceptanceRecord;

export const expireInvoiceJob = 'invoices.expire';
export const expireSweepJob = 'invoices.expire-sweep';

export const invoiceNotFound = () => notFound('INVOICE_NOT_FOUND', 'Invoice not found');
export const invoiceExpired = () =>
  conflict('INVOICE_EXPIRED', 'This invoice has expired and can no longer be accepted or rejected');
export const invoiceNotPending = () =>
  conflict('INVOICE_NOT_PENDING', 'This invoice was already accepted or rejected');
export const invoiceWithdrawn = () =>
  conflict('INVOICE_WITHDRAWN', 'The seller withdrew this invoice: it can no longer be accepted or rejected');
export const invoiceSuperseded = () =>
  conflict(
    'INVOICE_SUPERSEDED',
    'A newer version of this invoice replaces it: only the latest can be accepted',
  );
export const invoiceAlreadyRevised = () =>
  conflict('INVOICE_ALREADY_REVISED', 'This invoice already has a newer version: revise the latest one');
export const invoiceNotRevisable = () =>
  conflict('INVOICE_NOT_REVISABLE', 'An accepted invoice cannot be revised');

/** The payload of the `invoice_sent` / `invoice_rejected` chat business actions (the web renders a card). */
export function chatPayloadOf(invoice: Invoice): ChatInvoicePayload {
  return {
    invoiceId: invoice.id,
    invoiceToken: invoice.token,
    kind: invoice.kind,
    totalCents: invoice.totalCents,
    expiresAt: invoice.expiresAt,
    issuedAt: invoice.createdAt,
    version: invoice.version,
    ...(invoice.rejectionReason ? { reason: invoice.rejectionReason } : {}),
    ...(invoice.counterOffer ? { counterOffer: invoice.counterOffer } : {}),
  };
}

/** ≥ 128 random bits, base64url: 32 bytes → 43 characters. */
const newToken = () => randomBytes(32).toString('base64url');

const rows = async (db: Db, query: ReturnType<typeof sql>) => rowsOf<InvoiceRow>(await db.execute(query));
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** A pending invoice that has not expired at `now`: contracts' `isInvoiceExpired` in SQL (decision 133). */
const stillPendingAt = (now: SQL) => sql`status = 'pending' AND expires_at > ${now}`;

/** A row read with whether a newer version revises it (`byToken`). */
type ReadRow = InvoiceRow & { revised: boolean | string };

/**
 * Why a pending-only change matched nothing: not this party's (404), expired (409), replaced by a newer version or
 * withdrawn (409, decision 271) or answered (409).
 */
function refusalFor(
  row: ReadRow | undefined,
  party: { buyerUserId?: string; sellerUserId?: string },
  now: Date,
) {
  if (
    !row ||
    (party.buyerUserId !== undefined && String(row.buyer_id) !== party.buyerUserId) ||
    (party.sellerUserId !== undefined && String(row.seller_user_id) !== party.sellerUserId)
  )
    return invoiceNotFound();
  if (row.revised === true || row.revised === 't') return invoiceSuperseded();
  if (row.status === 'withdrawn') return invoiceWithdrawn();
  return shownStatus(row, now) === 'expired' ? invoiceExpired() : invoiceNotPending();
}

/** 23505 on the one-revision-per-version index: this version was revised by a concurrent request. */
function isRevisedAlready(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
  return (
    code === '23505' &&
    (constraint === 'invoices_one_revision_per_version' ||
      (message ?? '').includes('invoices_one_revision_per_version'))
  );
}

/**
 * Invoices (`app.invoices`): stored by the issue-invoice workflow, read by their buyer and their seller user by
 * token (anyone else: 404), rejected once by the buyer, accepted once through the accept-invoice workflow
 * (its statement in flows/invoice/accept-invoice.sql.ts; `acceptanceValues`, `acceptanceRefusal`), and expired once at `expiresAt` (job + sweep), each expiry
 * announced as `invoice.expired`.
 */
export function createInvoicesService(events: DomainEvents) {
  const byToken = async (
    db: Db,
    token: string,
    kind: InvoiceKind,
    lock = false,
  ): Promise<ReadRow | undefined> =>
    rowsOf<ReadRow>(
      await db.execute(
        sql`SELECT invoices.*, EXISTS (SELECT 1 FROM invoices r WHERE r.previous_invoice_id = invoices.id) AS revised
          FROM invoices WHERE token = ${token} AND kind = ${kind} ${lock ? sql`FOR UPDATE OF invoices` : sql``}`,
      ),
    )[0];

  /** The rows as invoices, each with the version it revises (its token and what changed, decision 271). */
  const withPrevious = async (db: Db, found: InvoiceRow[], now: Date): Promise<Invoice[]> => {
    const ids = [
      ...new Set(found.flatMap((row) => (row.previous_invoice_id ? [String(row.previous_invoice_id)] : []))),
    ];
    const previous = new Map<string, InvoiceRow>();
    if (ids.length > 0)
      for (const row of await rows(
        db,
        sql`SELECT * FROM invoices WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ))
        previous.set(String(row.id), row);
    return found.map((row) =>
      toInvoice(
        row,
        now,
        row.previous_invoice_id ? previous.get(String(row.previous_invoice_id)) : undefined,
      ),
    );
  };

  const service = {
    /** The party's invoices of a period as CSV records, read in keyset batches (decision 251). */
    exportRecords(db: Db, request: InvoiceExportRequest) {
      return invoiceExportRecords(db, request);
    },
    /** Stores the invoice; null when the conversation already holds a pending one (the partial unique index). */
    async create(tx: Tx, input: NewInvoice): Promise<Invoice | null> {
      const taxCents = input.taxLines.reduce((sum, line) => sum + line.amountCents, 0);
      const totalCents = input.negotiatedPriceCents + input.shippingCents + taxCents;
      const [row] = await rows(
        tx,
        sql`
          INSERT INTO invoices (id, token, kind, chat_id, quotation_id, buyer_id, buyer_name, seller_user_id,
            seller_id, seller_slug, seller_name, seller_legal_name, seller_gst_hst_number, seller_qst_number,
            seller_address, buyer_address,
            subject_id, subject_name, subject_name_fr, subject_category, subject_category_fr, quantity, unit,
            negotiated_price_cents, shipping_cents, tax_lines, tax_cents, tax_override_reason, tax_override_code, tax_exemption_certificate, total_cents, payment_terms, delivery_terms, notes, lead_days,
            delivery_province, delivery_postal_code, issued_on, time_zone, expires_at, due_on, deadline,
            version, previous_invoice_id)
          VALUES (${input.id ?? randomUUID()}, ${newToken()}, ${input.kind}, ${input.chatId}, ${input.quotationId},
            ${input.buyer.userId}, ${input.buyer.name}, ${input.sellerUserId}, ${input.seller.sellerId},
            ${input.seller.slug}, ${input.seller.name}, ${input.seller.legalName}, ${input.seller.gstHstNumber},
            ${input.seller.qstNumber}, ${jsonOrNull(input.seller.address)}::jsonb,
            ${jsonOrNull(input.buyer.address)}::jsonb, ${input.subject.id}, ${input.subject.name}, ${input.subject.nameFr},
            ${input.subject.category}, ${input.subject.categoryFr}, ${input.subject.quantity}, ${input.subject.unit},
            ${input.negotiatedPriceCents}, ${input.shippingCents},
            ${JSON.stringify(input.taxLines)}::jsonb, ${taxCents}, ${input.taxOverrideReason},
            ${input.taxOverrideCode}, ${input.taxExemptionCertificate}, ${totalCents},
            ${input.paymentTerms}, ${input.deliveryTerms}, ${input.notes}, ${input.leadDays},
            ${input.deliveryProvince}, ${input.deliveryPostalCode}, ${input.issuedOn}::date, ${input.timeZone}, ${at(input.expiresAt)},
            ${invoiceDueOn(input.expiresAt, input.timeZone)}::date, ${input.deadline}::date,
            ${input.revises ? input.revises.version + 1 : 1}, ${input.revises?.id ?? null}::uuid)
          ON CONFLICT (chat_id) WHERE status = 'pending' DO NOTHING
          RETURNING *`,
      ).catch((error: unknown) => {
        if (isRevisedAlready(error)) throw invoiceAlreadyRevised();
        throw error;
      });
      return row ? ((await withPrevious(tx, [row], new Date()))[0] ?? null) : null;
    },

    /**
     * The seller user withdraws a pending, unexpired invoice (decision 271): one conditional update, so a withdrawal
     * and the buyer's accept (the same condition, decision 181) take the row's lock in turn and exactly one of them
     * changes it; the other finds it withdrawn (409 INVOICE_WITHDRAWN) or accepted (409 INVOICE_NOT_PENDING).
     * Not the seller's, or not of this kind: 404.
     */
    async withdraw(
      tx: Tx,
      input: { token: string; kind: InvoiceKind; sellerUserId: string; now: Date },
    ): Promise<Invoice> {
      const [row] = await rows(
        tx,
        sql`
          UPDATE invoices SET status = 'withdrawn', withdrawn_at = ${at(input.now)}
          WHERE token = ${input.token} AND kind = ${input.kind} AND seller_user_id = ${input.sellerUserId}
            AND ${stillPendingAt(at(input.now))}
          RETURNING *`,
      );
      if (row) return (await withPrevious(tx, [row], input.now))[0]!;
      throw refusalFor(
        await byToken(tx, input.token, input.kind),
        { sellerUserId: input.sellerUserId },
        input.now,
      );
    },

    /**
     * The version the seller user revises (decision 271), locked for the rest of the transaction: a pending one is
     * withdrawn first (`withdrawn`, as `withdraw` does); a rejected, expired or withdrawn one is followed up as it
     * is; an accepted one cannot be revised (409 INVOICE_NOT_REVISABLE), nor one already revised (409
     * INVOICE_ALREADY_REVISED — the unique index on `previous_invoice_id` says so too, for a concurrent revision).
     * Not the seller's, or not of this kind: 404.
     */
    async openRevision(
      tx: Tx,
      input: { token: string; kind: InvoiceKind; sellerUserId: string; now: Date },
    ): Promise<{ previous: Invoice; withdrawn: boolean }> {
      const row = await byToken(tx, input.token, input.kind, true);
      if (!row || String(row.seller_user_id) !== input.sellerUserId) throw invoiceNotFound();
      if (row.revised === true || row.revised === 't') throw invoiceAlreadyRevised();
      if (row.status === 'accepted') throw invoiceNotRevisable();
      if (shownStatus(row, input.now) === 'pending')
        return { previous: await service.withdraw(tx, input), withdrawn: true };
      return { previous: (await withPrevious(tx, [row], input.now))[0]!, withdrawn: false };
    },

    /**
     * Marks pending invoices past their expiry time expired — all of them, one conversation's or one invoice —
     * and announces each as `invoice.expired` in the same transaction. The conditional update makes the job,
     * the sweep and a new invoice in the conversation race harmlessly: each expiry happens (and is told) once.
     */
    async expireDue(tx: Tx, scope: { now: Date; chatId?: string; invoiceId?: string }): Promise<Invoice[]> {
      const expired = await rows(
        tx,
        sql`
          UPDATE invoices SET status = 'expired', expired_at = ${at(scope.now)}
          WHERE status = 'pending' AND expires_at <= ${at(scope.now)} -- the complement of stillPendingAt, as the partial index reads it
            ${scope.chatId ? sql`AND chat_id = ${scope.chatId}` : sql``}
            ${scope.invoiceId ? sql`AND id = ${scope.invoiceId}` : sql``}
          RETURNING *`,
      );
      for (const row of expired)
        await events.emit(
          'invoice.expired',
          {
            invoiceId: String(row.id),
            invoiceToken: row.token,
            chatId: String(row.chat_id),
            buyerId: String(row.buyer_id),
            sellerUserId: String(row.seller_user_id),
            kind: row.kind,
            totalCents: Number(row.total_cents),
            expiresAt: new Date(row.expires_at).toISOString(),
            issuedAt: new Date(row.created_at).toISOString(),
          },
          tx,
        );
      return expired.map((row) => toInvoice(row, scope.now));
    },

    /** The invoice for its buyer or its seller user (others: INVOICE_NOT_FOUND). Reading changes nothing. */
    async readFor(db: Db, input: { token: string; kind: InvoiceKind; userId: string; now: Date }) {
      const row = await byToken(db, input.token, input.kind);
      if (!row || (String(row.buyer_id) !== input.userId && String(row.seller_user_id) !== input.userId))
        throw invoiceNotFound();
      return (await withPrevious(db, [row], input.now))[0]!;
    },

    /**
     * The buyer opened the invoice page (decision 246: a POST the role-header CSRF rule covers, not a side effect
     * of a GET a cross-site link can trigger). The first one records `viewedAt`, once (`… WHERE viewed_at IS
     * NULL`); the seller's call records nothing. Answers the invoice as `readFor` does.
     */
    async recordView(db: Db, input: { token: string; kind: InvoiceKind; userId: string; now: Date }) {
      await db.execute(sql`
        UPDATE invoices SET viewed_at = ${at(input.now)}
        WHERE token = ${input.token} AND kind = ${input.kind} AND buyer_id = ${input.userId} AND viewed_at IS NULL`);
      return service.readFor(db, input);
    },

    /** A conversation's invoices, newest first (the caller checked that the reader takes part in it). */
    async listForChat(db: Db, chatId: string, now: Date): Promise<Invoice[]> {
      const found = await rows(
        db,
        sql`SELECT * FROM invoices WHERE chat_id = ${chatId} ORDER BY created_at DESC, id DESC LIMIT 100`,
      );
      return withPrevious(db, found, now);
    },

    async byId(db: Db, invoiceId: string, now: Date = new Date()): Promise<Invoice | null> {
      const [row] = await rows(db, sql`SELECT * FROM invoices WHERE id = ${invoiceId}`);
      return row ? ((await withPrevious(db, [row], now))[0] ?? null) : null;
    },

    /**
     * The buyer rejects a pending, unexpired invoice with a reason, and perhaps a counter-offer (decision 272): one
     * conditional update, so of 50 concurrent rejections one changes it and the others answer INVOICE_NOT_PENDING.
     */
    async reject(
      tx: Tx,
      input: {
        token: string;
        kind: InvoiceKind;
        buyerUserId: string;
        reason: string;
        counterOffer?: CounterOffer;
        now: Date;
      },
    ): Promise<Invoice> {
      const offer = input.counterOffer ? sql`${JSON.stringify(input.counterOffer)}::jsonb` : sql`NULL`;
      const [row] = await rows(
        tx,
        sql`
          UPDATE invoices SET status = 'rejected', rejected_at = ${at(input.now)}, rejection_reason = ${input.reason},
            counter_offer = ${offer}
          WHERE token = ${input.token} AND kind = ${input.kind} AND buyer_id = ${input.buyerUserId}
            AND ${stillPendingAt(at(input.now))}
          RETURNING *`,
      );
      if (row) return (await withPrevious(tx, [row], input.now))[0]!;
      throw refusalFor(
        await byToken(tx, input.token, input.kind),
        { buyerUserId: input.buyerUserId },
        input.now,
      );
    },

    /**
     * The values of the invoice's part of the accept statement (its slots, flows/invoice/accept-invoice.sql.ts), checked
     * and cut to their columns: the signer's full name trimmed (2 to 200 characters, else 400
     * INVOICE_SIGNATURE_INVALID), the drawn signature sanitised (400 when it is not a plain drawing), IP and user
     * agent cut to 100 and 500 characters, the time as an ISO timestamp.
     */
    acceptanceValues(
      input: AcceptanceRecord & { token: string; kind: InvoiceKind; buyerUserId: string },
    ): Record<AcceptanceSlot, string | null> {
      const signerName = input.signerName.trim();
      if (signerName.length < 2 || signerName.length > 200)
        throw badRequest('INVOICE_SIGNATURE_INVALID', 'The signer’s full name is required');
      return {
        token: input.token,
        kind: input.kind,
        buyerUserId: input.buyerUserId,
        orderId: input.orderId,
        signerName,
        signatureSvg: sanitizeSignatureSvg(input.signatureSvg),
        termsVersion: input.termsVersion,
        termsLanguage: input.termsLanguage,
        termsText: input.termsText,
        ip: input.ip.slice(0, 100),
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        at: input.at.toISOString(),
      };
    },

    /**
     * Why the accept statement (flows/invoice/accept-invoice.sql.ts) accepted nothing: already accepted by this buyer → its order id (a double click,
     * a second tab, the losers of 50 concurrent accepts); not found or not this buyer's → 404; expired → 409
     * INVOICE_EXPIRED; rejected → 409 INVOICE_NOT_PENDING.
     */
    async acceptanceRefusal(
      db: Db,
      input: { token: string; kind: InvoiceKind; buyerUserId: string; now: Date },
    ): Promise<{ orderId: string }> {
      const row = await byToken(db, input.token, input.kind);
      if (row && String(row.buyer_id) === input.buyerUserId && row.status === 'accepted' && row.order_id)
        return { orderId: row.order_id };
      throw refusalFor(row, { buyerUserId: input.buyerUserId }, input.now);
    },

    /** The stored acceptance of an invoice (signature, terms text, IP), or null. */
    async acceptanceOf(db: Db, invoiceId: string) {
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`SELECT * FROM invoice_acceptances WHERE invoice_id = ${invoiceId}`),
      );
      if (!row) return null;
      return {
        invoiceId: String(row.invoice_id),
        orderId: String(row.order_id),
        signerName: String(row.signer_name),
        signatureSvg: String(row.signature_svg),
        termsVersion: String(row.terms_version),
        termsLanguage: row.terms_language as 'en' | 'fr',
        termsText: String(row.terms_text),
        ip: String(row.ip),
        userAgent: row.user_agent === null ? null : String(row.user_agent),
        acceptedAt: new Date(
          String(row.accepted_at instanceof Date ? row.accepted_at.toISOString() : row.accepted_at),
        ).toISOString(),
      };
    },
  };
  return service;
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
