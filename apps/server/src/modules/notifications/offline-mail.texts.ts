import type { TextLanguage } from '@maplesource/contracts';

/** What one offline e-mail says, in one language (decision 210). */
export interface OfflineMailTexts {
  subject: (input: { from: string; subject: string }) => string;
  intro: (input: { count: number; from: string; subject: string }) => string;
  images: (count: number) => string;
  open: (link: string) => string;
  actions: Record<string, string>;
}

/** The offline e-mail's texts in English and French (the recipient's stored language picks one). */
export const offlineMailTexts: Record<TextLanguage, OfflineMailTexts> = {
  en: {
    subject: ({ from, subject }) => `${from}: ${subject} — new messages`,
    intro: ({ count, from, subject }) =>
      count === 1
        ? `You have 1 unread message from ${from} about ${subject}.`
        : `You have ${count} unread messages from ${from} about ${subject}.`,
    images: (count) => (count === 1 ? '[1 image]' : `[${count} images]`),
    open: (link) => `Open the conversation: ${link}`,
    actions: {
      quotation_created: 'Quotation request',
      quotation_accepted: 'Quotation accepted',
      quotation_rejected: 'Quotation rejected',
      invoice_sent: 'Invoice sent',
      invoice_accepted: 'Invoice accepted',
      invoice_rejected: 'Invoice rejected',
      invoice_expired: 'Invoice expired',
      invoice_withdrawn: 'Invoice withdrawn',
      order_created: 'Order created',
      order_updated: 'Order updated',
      order_cancelled: 'Order cancelled',
    },
  },
  fr: {
    subject: ({ from, subject }) => `${from} : ${subject} — nouveaux messages`,
    intro: ({ count, from, subject }) =>
      count === 1
        ? `Vous avez 1 message non lu de ${from} au sujet de ${subject}.`
        : `Vous avez ${count} messages non lus de ${from} au sujet de ${subject}.`,
    images: (count) => (count === 1 ? '[1 image]' : `[${count} images]`),
    open: (link) => `Ouvrir la conversation : ${link}`,
    actions: {
      quotation_created: 'Demande de prix',
      quotation_accepted: 'Demande acceptée',
      quotation_rejected: 'Demande refusée',
      invoice_sent: 'Facture envoyée',
      invoice_accepted: 'Facture acceptée',
      invoice_rejected: 'Facture refusée',
      invoice_expired: 'Facture expirée',
      invoice_withdrawn: 'Facture retirée',
      order_created: 'Commande créée',
      order_updated: 'Commande mise à jour',
      order_cancelled: 'Commande annulée',
    },
  },
};
