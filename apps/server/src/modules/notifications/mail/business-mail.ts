import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  formatDocumentDate,
  formatDocumentDateTime,
  shortRef,
  subjectNameIn,
  type DomainEventPayload,
  type Invoice,
  type Order,
  type TextLanguage,
} from '@maplesource/contracts';
import { formatCad } from '@maplesource/contracts/money';
import type { Db } from '../../../db/client';
import { rowsOf, type Tx } from '../../../db/transaction';
import type { MailAttachment } from '../../../plugins/messaging';
import { pdfLanguages, renderInvoicePdf } from '../../invoices';
import '../../auth';
import '../../chat';
import '../../orders';
import '../../ledger';
import '../../sellers';
import { businessMailTexts, type InvoiceFacts } from './business-mail.texts';
import { renderMail, type MailSection } from '../../../plugins/mail-layout';
import { trackingLink } from './tracking-links';
import { composeRfqMail, rfqNotices } from './rfq-mail';

/** The job that sends one business e-mail, by its key (decision 260). */
export const businessMailJobName = 'notifications.business-mail';
const businessMailJobSchema = z.object({ key: z.string().min(1).max(200) });

export const businessMailTemplates = [
  'invoice-issued',
  'invoice-accepted',
  'invoice-rejected',
  'invoice-withdrawn',
  'payment-receipt',
  'order-shipped',
  'payment-review-opened',
  'payment-review-answered',
  'payment-review-escalated',
  'payment-review-resolved',
  'order-dispute-opened',
  'order-dispute-won',
  'order-dispute-lost',
  // Requests for quotes (decision 317): `rfq-<notice>`.
  ...rfqNotices.map((notice) => `rfq-${notice}` as const),
] as const;
export type BusinessMailTemplate = (typeof businessMailTemplates)[number];

/** What a stored e-mail is about: the invoice, or the order (and its kind). */
const mailDataSchema = z.object({
  invoiceId: z.string().optional(),
  orderId: z.string().optional(),
  kind: z.enum(['product', 'service']).optional(),
  /** For an administrator's e-mail about an order (decision 316): the order is read as this seller user sees it. */
  sellerUserId: z.string().optional(),
  /** A dispute's e-mail (decision 304): which dispute. */
  disputeId: z.string().optional(),
  /** A request for quotes' notice (decision 317): the request and the supplier's recipient row it is about. */
  rfqId: z.string().optional(),
  recipientId: z.string().optional(),
});
type MailData = z.infer<typeof mailDataSchema>;

export interface QueuedMail {
  key: string;
  recipientId: string;
  template: BusinessMailTemplate;
  data: MailData;
}

/** A claim older than this lost its job (the process died while sending): the retry may claim it again. */
const claimExpirySeconds = 600;

/**
 * Stores one business e-mail and queues its job, in the subscriber's transaction (decision 260). The key is the
 * table's primary key: a replayed event, or the same event in a second process, inserts nothing and queues
 * nothing. The job's singleton key is the same key.
 */
export async function queueBusinessMail(app: FastifyInstance, tx: Tx, mail: QueuedMail): Promise<boolean> {
  const inserted = rowsOf<{ mail_key: string }>(
    await tx.execute(sql`
      INSERT INTO mail_deliveries (mail_key, recipient_id, template, data)
      VALUES (${mail.key}, ${mail.recipientId}, ${mail.template}, ${JSON.stringify(mail.data)}::jsonb)
      ON CONFLICT (mail_key) DO NOTHING
      RETURNING mail_key`),
  );
  if (inserted.length === 0) return false;
  await app.jobs.send(businessMailJobName, { key: mail.key }, { tx, singletonKey: mail.key });
  return true;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
  link?: string;
  attachments?: MailAttachment[];
}

const locale = (language: TextLanguage) => (language === 'fr' ? 'fr-CA' : 'en-CA');

/** The e-mail of one section per language, in the first language's subject and footer, previewed by its first paragraph. */
const renderSections = (first: TextLanguage, subject: string, sections: MailSection[]) =>
  renderMail({
    subject,
    preview: sections[0]!.paragraphs[0]!,
    sections,
    footer: businessMailTexts[first].footer,
  });

function baseUrl(app: Pick<FastifyInstance, 'config'>, language: TextLanguage) {
  return app.config.PUBLIC_URL.replace(/\/$/, '') + (language === 'fr' ? '/fr' : '');
}

function factsOf(
  invoice: Invoice,
  language: TextLanguage,
  parties?: { buyer: string; seller: string },
): InvoiceFacts {
  return {
    ref: shortRef(invoice.id),
    subject: subjectNameIn(invoice.subject, language),
    seller: parties?.seller ?? invoice.seller.name,
    buyer: parties?.buyer ?? invoice.buyer.name,
    total: formatCad(invoice.totalCents, language),
  };
}

/** An invoice's e-mail is in the recipient's language, or French then English for a Quebec delivery (the PDF's rule). */
const invoiceLanguages = (invoice: Invoice, language: TextLanguage) =>
  pdfLanguages(invoice, language) as TextLanguage[];

const kindQuery = (kind: 'product' | 'service') => (kind === 'service' ? '?kind=service' : '');
const orderPath = (order: Pick<Order, 'id' | 'kind'>) =>
  `/${order.kind === 'service' ? 'service-order' : 'order'}/${order.id}`;

/**
 * Builds one business e-mail from the current state of what it is about, for its recipient (null when that is
 * gone: an invoice or order deleted with an account). Every template is rendered by `renderMail` (MJML).
 */
export async function composeBusinessMail(
  app: FastifyInstance,
  db: Db,
  template: BusinessMailTemplate,
  data: MailData,
  recipientId: string,
  language: TextLanguage,
): Promise<ComposedMail | null> {
  if (template.startsWith('rfq-')) {
    if (!data.rfqId || !data.recipientId) return null;
    const notice = rfqNotices.find((n) => template === `rfq-${n}`);
    return notice
      ? composeRfqMail(app, db, { rfqId: data.rfqId, recipientId: data.recipientId, notice }, language)
      : null;
  }
  if (template === 'invoice-issued' || template === 'invoice-rejected' || template === 'invoice-withdrawn') {
    const invoice = data.invoiceId ? await app.invoices.byId(db, data.invoiceId) : null;
    if (!invoice) return null;
    const languages = invoiceLanguages(invoice, language);
    const first = languages[0]!;
    if (template === 'invoice-issued') {
      const link = `${baseUrl(app, first)}/invoice/${invoice.token}${kindQuery(invoice.kind)}`;
      const sections = languages.map((lang): MailSection => {
        const t = businessMailTexts[lang].invoiceIssued;
        const expires = formatDocumentDateTime(invoice.expiresAt, lang, invoice.timeZone);
        return {
          lang: locale(lang),
          heading: t.heading,
          paragraphs: [t.body({ ...factsOf(invoice, lang), expires }), t.attached],
          action: { label: t.action, url: link },
        };
      });
      const t = businessMailTexts[first].invoiceIssued;
      const subject = t.subject(factsOf(invoice, first));
      const rendered = await renderSections(first, subject, sections);
      const pdf = await renderInvoicePdf(invoice, languages);
      return {
        ...rendered,
        link,
        attachments: [
          { filename: `invoice-${shortRef(invoice.id)}.pdf`, contentType: 'application/pdf', content: pdf },
        ],
      };
    }
    if (template === 'invoice-withdrawn') {
      const link = `${baseUrl(app, first)}/invoice/${invoice.token}${kindQuery(invoice.kind)}`;
      const sections = languages.map((lang): MailSection => {
        const t = businessMailTexts[lang].invoiceWithdrawn;
        return {
          lang: locale(lang),
          heading: t.heading,
          paragraphs: [t.body(factsOf(invoice, lang))],
          action: { label: t.action, url: link },
        };
      });
      const subject = businessMailTexts[first].invoiceWithdrawn.subject(factsOf(invoice, first));
      return {
        ...(await renderSections(first, subject, sections)),
        link,
      };
    }
    const link = `${baseUrl(app, first)}/seller-centre/inbox/${invoice.chatId}${kindQuery(invoice.kind)}`;
    const offer = invoice.counterOffer;
    const sections = languages.map((lang): MailSection => {
      const t = businessMailTexts[lang].invoiceRejected;
      return {
        lang: locale(lang),
        heading: t.heading,
        paragraphs: [
          t.body(factsOf(invoice, lang)),
          ...(invoice.rejectionReason ? [t.reason(invoice.rejectionReason)] : []),
          ...(offer
            ? [
                t.counterOffer({
                  price:
                    offer.negotiatedPriceCents === null ? null : formatCad(offer.negotiatedPriceCents, lang),
                  quantity: offer.quantity,
                  date:
                    offer.deliveryDate === null
                      ? null
                      : formatDocumentDate(offer.deliveryDate, lang, invoice.timeZone),
                  note: offer.note,
                }),
              ]
            : []),
        ],
        action: { label: t.action, url: link },
      };
    });
    const subject = businessMailTexts[first].invoiceRejected.subject(factsOf(invoice, first));
    return {
      ...(await renderSections(first, subject, sections)),
      link,
    };
  }

  // The order's e-mails: the order as its recipient sees it, and the invoice it came from.
  // A dispute's e-mail goes to the seller, who reads the order by id whatever its kind.
  const disputeMail = template.startsWith('order-dispute-');
  if (!data.orderId || (!data.kind && !disputeMail)) return null;
  const order = await orderFor(
    app,
    db,
    template,
    { ...data, orderId: data.orderId, kind: data.kind ?? 'product' },
    recipientId,
  );
  if (!order) return null;
  if (disputeMail) return composeDisputeMail(app, db, template, data, order, language);
  const invoice = await app.invoices.byId(db, order.invoiceId);
  if (!invoice) return null;
  const languages = invoiceLanguages(invoice, language);
  const first = languages[0]!;
  const parties = { buyer: order.buyer.name, seller: order.seller.name };
  const facts = (lang: TextLanguage) => ({
    ...factsOf(invoice, lang, parties),
    total: formatCad(order.totalCents, lang),
  });
  let link: string;
  let build: (lang: TextLanguage) => MailSection;
  let subjectOf: (lang: TextLanguage) => string;

  switch (template) {
    case 'invoice-accepted': {
      link = `${baseUrl(app, first)}/seller-centre/orders`;
      subjectOf = (lang) => businessMailTexts[lang].invoiceAccepted.subject(facts(lang));
      build = (lang) => {
        const t = businessMailTexts[lang].invoiceAccepted;
        return {
          lang: locale(lang),
          heading: t.heading,
          paragraphs: [t.body(facts(lang))],
          action: { label: t.action, url: link },
        };
      };
      break;
    }
    case 'payment-receipt': {
      link = `${baseUrl(app, first)}${orderPath(order)}`;
      subjectOf = (lang) => businessMailTexts[lang].paymentReceipt.subject(facts(lang));
      build = (lang) => {
        const t = businessMailTexts[lang].paymentReceipt;
        const money = (cents: number) => formatCad(cents, lang);
        const paidOn = order.payment.paidAt
          ? formatDocumentDate(order.payment.paidAt.slice(0, 10), lang, invoice.timeZone)
          : formatDocumentDate(invoice.issuedOn, lang, invoice.timeZone);
        const rate = (percent: string) => `${lang === 'fr' ? percent.replace('.', ',') : percent} %`;
        return {
          lang: locale(lang),
          heading: t.heading,
          paragraphs: [
            t.body({ ...facts(lang), paidOn }),
            ...(invoice.seller.gstHstNumber ? [] : [t.smallSupplier]),
          ],
          rows: [
            { label: t.subtotal, value: money(invoice.negotiatedPriceCents) },
            { label: t.shipping, value: money(invoice.shippingCents) },
            ...invoice.taxLines.map((line) => ({
              label: `${taxName(line.code, lang)} (${rate(line.ratePercent)})`,
              value: money(line.amountCents),
            })),
            { label: t.total, value: money(order.totalCents), strong: true },
            ...(invoice.seller.gstHstNumber
              ? [{ label: t.gstHstNumber, value: invoice.seller.gstHstNumber }]
              : []),
            ...(invoice.seller.qstNumber ? [{ label: t.qstNumber, value: invoice.seller.qstNumber }] : []),
          ],
          action: { label: t.action, url: link },
        };
      };
      break;
    }
    case 'order-shipped': {
      link = `${baseUrl(app, first)}${orderPath(order)}`;
      const tracking =
        order.trackingNumber && order.carrier ? trackingLink(order.carrier, order.trackingNumber) : null;
      subjectOf = (lang) => businessMailTexts[lang].orderShipped.subject(facts(lang));
      build = (lang) => {
        const t = businessMailTexts[lang].orderShipped;
        return {
          lang: locale(lang),
          heading: t.heading,
          paragraphs: [
            t.body({
              ...facts(lang),
              carrier: order.carrier ?? '—',
              trackingNumber: order.trackingNumber ?? '—',
            }),
          ],
          action: tracking ? { label: t.track, url: tracking } : { label: t.action, url: link },
        };
      };
      if (tracking) link = tracking;
      break;
    }
    case 'payment-review-opened':
    case 'payment-review-answered':
    case 'payment-review-escalated':
    case 'payment-review-resolved': {
      const review = order.paymentReview;
      if (!review) return null;
      const forAdmin = data.sellerUserId !== undefined && recipientId !== data.sellerUserId;
      const isSeller = !forAdmin && recipientId !== order.buyer.userId;
      link = forAdmin
        ? `${baseUrl(app, first)}/admin`
        : isSeller
          ? `${baseUrl(app, first)}/seller-centre/orders`
          : `${baseUrl(app, first)}${orderPath(order)}`;
      const answerBy = (lang: TextLanguage) =>
        formatDocumentDateTime(review.answerDueAt, lang, invoice.timeZone);
      if (template === 'payment-review-opened') {
        subjectOf = (lang) => businessMailTexts[lang].reviewOpened.subject(facts(lang));
        build = (lang) => {
          const t = businessMailTexts[lang].reviewOpened;
          return {
            lang: locale(lang),
            heading: t.heading,
            paragraphs: [t.body({ ...facts(lang), reason: review.reason }), t.answerBy(answerBy(lang))],
            action: { label: t.action, url: link },
          };
        };
      } else if (template === 'payment-review-answered') {
        if (!review.sellerAnswer) return null;
        const answer = review.sellerAnswer;
        subjectOf = (lang) => businessMailTexts[lang].reviewAnswered.subject(facts(lang));
        build = (lang) => {
          const t = businessMailTexts[lang].reviewAnswered;
          return {
            lang: locale(lang),
            heading: t.heading,
            paragraphs: [t.body({ ...facts(lang), answer })],
            action: { label: t.action, url: link },
          };
        };
      } else if (template === 'payment-review-escalated') {
        if (!review.escalatedAt) return null;
        subjectOf = (lang) => businessMailTexts[lang].reviewEscalated.subject(facts(lang));
        build = (lang) => {
          const t = businessMailTexts[lang].reviewEscalated;
          return {
            lang: locale(lang),
            heading: t.heading,
            paragraphs: [
              t.body({ ...facts(lang), answerBy: answerBy(lang) }),
              ...(forAdmin ? [t.forAdmin] : []),
            ],
            action: { label: forAdmin ? t.adminAction : t.action, url: link },
          };
        };
      } else {
        if (review.status === 'open') return null;
        subjectOf = (lang) => businessMailTexts[lang].reviewResolved.subject(facts(lang));
        build = (lang) => {
          const t = businessMailTexts[lang].reviewResolved;
          return {
            lang: locale(lang),
            heading: t.heading,
            paragraphs: [
              t.body({
                ...facts(lang),
                outcome: t.outcomes[review.status] ?? review.status,
                refund: review.refundCents > 0 ? formatCad(review.refundCents, lang) : null,
                note: review.resolutionNote,
              }),
            ],
            action: { label: t.action, url: link },
          };
        };
      }
      break;
    }
    default:
      return null;
  }
  const sections = languages.map((lang) => build(lang));
  return {
    ...(await renderSections(first, subjectOf(first), sections)),
    link,
  };
}

/**
 * A dispute's e-mail to the seller (decision 304): what the bank disputed or decided, from the order and the
 * ledger's dispute, in the seller's language.
 */
async function composeDisputeMail(
  app: FastifyInstance,
  db: Db,
  template: BusinessMailTemplate,
  data: MailData,
  order: Order,
  language: TextLanguage,
): Promise<ComposedMail | null> {
  const dispute = data.disputeId ? await app.ledger.disputeOf(db, data.disputeId) : null;
  if (!dispute || dispute.orderId !== order.id) return null;
  const change =
    template === 'order-dispute-opened' ? 'opened' : template === 'order-dispute-won' ? 'won' : 'lost';
  const link = `${baseUrl(app, language)}/seller-centre/orders`;
  const t = businessMailTexts[language].disputeChanged;
  const facts = {
    ref: shortRef(order.invoiceId),
    subject: language === 'fr' ? (order.subject.nameFr ?? order.subject.name) : order.subject.name,
    seller: order.seller.name,
    buyer: order.buyer.name,
    total: formatCad(order.totalCents, language),
    change,
  } as const;
  const section: MailSection = {
    lang: locale(language),
    heading: t.heading[change],
    paragraphs: [
      t.body({
        ...facts,
        amount: formatCad(dispute.amountCents, language),
        reason: dispute.reason.replace(/_/g, ' ') || '—',
      }),
    ],
    action: { label: t.action, url: link },
  };
  return {
    ...(await renderMail({
      subject: t.subject(facts),
      preview: section.paragraphs[0]!,
      sections: [section],
      footer: businessMailTexts[language].footer,
    })),
    link,
  };
}

const taxNames: Record<string, Record<TextLanguage, string>> = {
  GST: { en: 'GST', fr: 'TPS' },
  HST: { en: 'HST', fr: 'TVH' },
  QST: { en: 'QST', fr: 'TVQ' },
  PST: { en: 'PST', fr: 'TVP' },
  RST: { en: 'RST', fr: 'TVD' },
};
const taxName = (code: string, language: TextLanguage) => taxNames[code]?.[language] ?? code;

/**
 * The order as the recipient sees it: the buyer's view for the buyer, the seller's for the seller; an administrator
 * told of an escalated review reads the seller's view (the mail's `sellerUserId`).
 */
async function orderFor(
  app: FastifyInstance,
  db: Db,
  template: BusinessMailTemplate,
  data: MailData & { orderId: string; kind: 'product' | 'service' },
  recipientId: string,
): Promise<Order | null> {
  const { orderId, kind } = data;
  const read = async (work: () => Promise<Order>) => {
    try {
      return await work();
    } catch {
      return null; // not this recipient's order (or gone)
    }
  };
  const asBuyer = () => app.orders.getForBuyer(db, recipientId, kind, orderId);
  const asSeller = () => app.orders.getForSeller(db, recipientId, orderId);
  if (template === 'invoice-accepted' || template.startsWith('order-dispute-')) return read(asSeller);
  if (template === 'payment-review-escalated' && data.sellerUserId && recipientId !== data.sellerUserId)
    return read(() => app.orders.getForSeller(db, data.sellerUserId!, orderId));
  if (template.startsWith('payment-review-')) return (await read(asBuyer)) ?? (await read(asSeller));
  return read(asBuyer);
}

/**
 * The job: claims the e-mail (one claim at a time: of two jobs or processes, one sends), composes it in the
 * recipient's stored language (else English), sends it with its key (the sandbox outbox keeps one message per
 * key) and marks it sent. A failed send gives the claim back and the job retries.
 */
export async function deliverBusinessMail(app: FastifyInstance, key: string): Promise<'sent' | 'skipped'> {
  const [row] = rowsOf<{ recipient_id: string; template: BusinessMailTemplate; data: unknown }>(
    await app.db.execute(sql`
      UPDATE mail_deliveries SET claimed_at = now()
      WHERE mail_key = ${key} AND sent_at IS NULL
        AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${claimExpirySeconds}))
      RETURNING recipient_id, template, data`),
  );
  if (!row) return 'skipped';
  try {
    const recipient = await app.auth.users.findById(row.recipient_id);
    const data = mailDataSchema.parse(typeof row.data === 'string' ? JSON.parse(row.data) : row.data);
    const language = recipient ? await app.auth.users.textLanguage(row.recipient_id) : 'en';
    const mail = recipient
      ? await composeBusinessMail(app, app.db, row.template, data, row.recipient_id, language)
      : null;
    if (recipient && mail)
      await app.messaging.mail.send(recipient.email, mail.subject, mail.text, {
        html: mail.html,
        key,
        ...(mail.link ? { link: mail.link } : {}),
        ...(mail.attachments ? { attachments: mail.attachments } : {}),
      });
  } catch (error) {
    await app.db.execute(sql`UPDATE mail_deliveries SET claimed_at = NULL WHERE mail_key = ${key}`);
    throw error;
  }
  await app.db.execute(sql`UPDATE mail_deliveries SET sent_at = now() WHERE mail_key = ${key}`);
  return 'sent';
}

/**
 * The business e-mails' subscribers (decision 260; listed in flows/README.md's pipeline table). Each stores its
 * e-mail and queues its job in the subscriber's transaction, which commits with the event's "handled" mark.
 */
export function registerBusinessMail(app: FastifyInstance) {
  app.jobs.register(businessMailJobName, async (job) => void (await deliverBusinessMail(app, job.key)), {
    schema: businessMailJobSchema,
    retryLimit: 5,
  });

  // An invoice's e-mail to one party: issued and withdrawn to the buyer, rejected to the seller.
  const mailOnInvoice = <N extends 'invoice.issued' | 'invoice.rejected' | 'invoice.withdrawn'>(
    subscriber: string,
    name: N,
    template: BusinessMailTemplate,
    recipientOf: (event: DomainEventPayload<N>) => string,
  ) =>
    app.events.subscribe(subscriber, name, async (event, { tx }) => {
      await queueBusinessMail(app, tx, {
        key: `${template}:${event.invoiceId}`,
        recipientId: recipientOf(event),
        template,
        data: { invoiceId: event.invoiceId },
      });
    });
  mailOnInvoice(
    'notifications.mail-invoice-issued',
    'invoice.issued',
    'invoice-issued',
    (event) => event.buyerId,
  );
  mailOnInvoice(
    'notifications.mail-invoice-rejected',
    'invoice.rejected',
    'invoice-rejected',
    (event) => event.sellerUserId,
  );
  mailOnInvoice(
    'notifications.mail-invoice-withdrawn',
    'invoice.withdrawn',
    'invoice-withdrawn',
    (event) => event.buyerId,
  );

  app.events.subscribe('notifications.mail-order-changed', 'order.changed', async (event, { tx }) => {
    const mailOf = (): { template: BusinessMailTemplate; to: 'buyer' | 'seller' } | null => {
      if (event.change === 'created') return { template: 'invoice-accepted', to: 'seller' };
      if (event.change === 'payment' && event.paymentStatus === 'paid')
        return { template: 'payment-receipt', to: 'buyer' };
      if (event.change === 'status' && event.status === 'shipped')
        return { template: 'order-shipped', to: 'buyer' };
      return null;
    };
    const mail = mailOf();
    if (!mail) return;
    const participants = await app.chat.participants(event.chatId, tx);
    if (!participants) return;
    await queueBusinessMail(app, tx, {
      key: `${mail.template}:${event.orderId}`,
      recipientId: mail.to === 'buyer' ? participants.buyerId : participants.sellerUserId,
      template: mail.template,
      data: { orderId: event.orderId, kind: event.kind },
    });
  });

  // The seller hears of a dispute on an order's payment, and of the bank's decision (decision 304).
  app.events.subscribe('notifications.mail-order-dispute', 'order.dispute-changed', async (event, { tx }) => {
    const ownerId = await app.sellers.storefrontOwner(tx, event.sellerId);
    if (!ownerId) return;
    const template = `order-dispute-${event.change}` as const;
    await queueBusinessMail(app, tx, {
      key: `${template}:${event.disputeId}`,
      recipientId: ownerId,
      template,
      data: { orderId: event.orderId, disputeId: event.disputeId },
    });
  });

  // Both parties hear of a payment review's opening and of its outcome; the buyer of the seller's answer; both
  // parties and every administrator of its escalation for want of an answer (decision 316).
  app.events.subscribe(
    'notifications.mail-payment-review',
    'order.payment-review-changed',
    async (event, { tx }) => {
      const participants = await app.chat.participants(event.chatId, tx);
      if (!participants) return;
      const template = `payment-review-${event.change}` as const;
      const recipients: Array<[string, string]> = [['buyer', participants.buyerId]];
      if (event.change !== 'answered') recipients.push(['seller', participants.sellerUserId]);
      if (event.change === 'escalated')
        for (const adminId of await app.auth.administratorIds(tx))
          if (adminId !== participants.sellerUserId && adminId !== participants.buyerId)
            recipients.push([`admin:${adminId}`, adminId]);
      for (const [side, recipientId] of recipients)
        await queueBusinessMail(app, tx, {
          key: `${template}:${event.reviewId}:${side}`,
          recipientId,
          template,
          data: {
            orderId: event.orderId,
            kind: event.kind,
            ...(side.startsWith('admin:') ? { sellerUserId: participants.sellerUserId } : {}),
          },
        });
    },
  );
}
