import type { FastifyInstance } from 'fastify';
import {
  documentTimeZoneOf,
  formatDocumentDateTime,
  provinceNames,
  type ProvinceCode,
  type TextLanguage,
} from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { renderMail } from '../../../plugins/mail-layout';
import '../../auth';
import '../../rfq';
import '../../sellers';
import { rfqMailTexts, type RfqFacts, type RfqNotice } from './rfq-mail.texts';

export const rfqNotices = [
  'received',
  'quoted',
  'revised',
  'awarded',
  'not-chosen',
  'closed',
  'expired',
] as const;

/** The notices the buyer gets; the others go to a supplier. */
const toBuyer = (notice: RfqNotice) => notice === 'quoted' || notice === 'revised';

/**
 * What a notice about a request names, from the request's current state, for its recipient (decision 317): a
 * supplier sees the buyer's name only when the request is not private or the buyer was revealed to that supplier.
 * Null when the request or the recipient row is gone.
 */
export async function rfqFacts(
  app: FastifyInstance,
  db: Db,
  input: { rfqId: string; recipientId: string; notice: RfqNotice; language: TextLanguage },
): Promise<{ facts: RfqFacts; link: string } | null> {
  const found = await app.rfq.byId(db, input.rfqId);
  const recipient = found?.recipients.find((r) => r.id === input.recipientId);
  if (!found || !recipient) return null;
  const { rfq } = found;
  const lang = input.language;
  const province = rfq.deliveryProvince as ProvinceCode;
  const texts = rfqMailTexts[lang];
  const buyerVisible = !rfq.private || recipient.buyerRevealedAt !== null;
  const buyer = buyerVisible
    ? ((await app.auth.users.findById(rfq.buyerId, db))?.fullName ?? '')
    : texts.anonymousBuyer(provinceNames[province]?.[lang] ?? province);
  const [card] = await app.sellers.rfqSupplierCards(db, [recipient.sellerId]);
  const base = app.config.PUBLIC_URL.replace(/\/$/, '') + (lang === 'fr' ? '/fr' : '');
  const link = toBuyer(input.notice)
    ? `${base}/global-quote?rfq=${rfq.id}`
    : input.notice === 'awarded' && recipient.chatId
      ? `${base}/seller-centre/inbox/${recipient.chatId}`
      : `${base}/seller-centre/rfqs?rfq=${rfq.id}`;
  return {
    facts: {
      title: rfq.title,
      buyer: buyer || texts.anonymousBuyer(provinceNames[province]?.[lang] ?? province),
      supplier: card?.name ?? '',
      quantity: new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA').format(rfq.quantity),
      deadline: formatDocumentDateTime(rfq.deadline, lang, documentTimeZoneOf(province)),
    },
    link,
  };
}

/** One notice's e-mail in the recipient's language (a business e-mail, decision 260). */
export async function composeRfqMail(
  app: FastifyInstance,
  db: Db,
  input: { rfqId: string; recipientId: string; notice: RfqNotice },
  language: TextLanguage,
) {
  const found = await rfqFacts(app, db, { ...input, language });
  if (!found) return null;
  const t = rfqMailTexts[language][input.notice];
  const paragraph = t.body(found.facts);
  return {
    ...(await renderMail({
      subject: t.subject(found.facts),
      preview: paragraph,
      sections: [
        {
          lang: language === 'fr' ? 'fr-CA' : 'en-CA',
          heading: t.heading,
          paragraphs: [paragraph],
          action: { label: t.action, url: found.link },
        },
      ],
      footer: language === 'fr' ? rfqFooter.fr : rfqFooter.en,
    })),
    link: found.link,
  };
}

const rfqFooter = {
  en: 'You receive this e-mail because of a request for quotes on MapleSource.',
  fr: 'Vous recevez ce courriel en raison d’une demande de prix sur MapleSource.',
};
