import type { TextLanguage } from '@maplesource/contracts';

/** The facts a request for quotes' notice names, formatted for the language (decision 317). */
export interface RfqFacts {
  title: string;
  /** The buyer's name, or "a verified buyer in <province>" while the request is private and not revealed. */
  buyer: string;
  /** The supplier's storefront name (the buyer's notices). */
  supplier: string;
  quantity: string;
  deadline: string;
}

export type RfqNotice = 'received' | 'quoted' | 'revised' | 'awarded' | 'closed' | 'expired' | 'not-chosen';

interface NoticeText {
  subject: (f: RfqFacts) => string;
  heading: string;
  body: (f: RfqFacts) => string;
  action: string;
}

/** What the notices of requests for quotes say (the notification's text is the subject), in English and French. */
export const rfqMailTexts: Record<
  TextLanguage,
  { anonymousBuyer: (province: string) => string } & Record<RfqNotice, NoticeText>
> = {
  en: {
    anonymousBuyer: (province) => `a verified buyer in ${province}`,
    received: {
      subject: (f) => `New request for quotes: ${f.title}`,
      heading: 'A buyer asks you for a quote',
      body: (f) =>
        `${capitalize(f.buyer)} asks for a quote on “${f.title}” (quantity ${f.quantity}). Quotes are due by ${f.deadline}.`,
      action: 'Answer the request',
    },
    quoted: {
      subject: (f) => `${f.supplier} quoted on your request “${f.title}”`,
      heading: 'A supplier sent you a quote',
      body: (f) =>
        `${f.supplier} sent a quote for “${f.title}”. Compare it with the others before ${f.deadline}.`,
      action: 'Compare the quotes',
    },
    revised: {
      subject: (f) => `${f.supplier} revised its quote on “${f.title}”`,
      heading: 'A supplier revised its quote',
      body: (f) =>
        `${f.supplier} sent a new version of its quote for “${f.title}”. The comparison shows the latest one.`,
      action: 'Compare the quotes',
    },
    awarded: {
      subject: (f) => `Your quote on “${f.title}” was accepted`,
      heading: 'Your quote was accepted',
      body: (f) =>
        `${capitalize(f.buyer)} accepted your quote on “${f.title}”. The conversation in your inbox holds the quotation: issue the invoice from it.`,
      action: 'Open the inbox',
    },
    'not-chosen': {
      subject: (f) => `The request “${f.title}” went to another supplier`,
      heading: 'Thank you for your answer',
      body: (f) =>
        `The buyer chose another supplier for “${f.title}”. Thank you for the time you gave to this request; we will keep sending you requests that match your storefront.`,
      action: 'See your requests',
    },
    closed: {
      subject: (f) => `The request “${f.title}” was closed`,
      heading: 'The buyer closed this request',
      body: (f) =>
        `The buyer closed the request “${f.title}” without choosing a supplier. Thank you for your attention; we will keep sending you requests that match your storefront.`,
      action: 'See your requests',
    },
    expired: {
      subject: (f) => `The request “${f.title}” has expired`,
      heading: 'This request has expired',
      body: (f) =>
        `The request “${f.title}” reached its deadline without a choice. Thank you for your attention; we will keep sending you requests that match your storefront.`,
      action: 'See your requests',
    },
  },
  fr: {
    anonymousBuyer: (province) => `un acheteur vérifié (${province})`,
    received: {
      subject: (f) => `Nouvelle demande de prix : ${f.title}`,
      heading: 'Un acheteur vous demande un prix',
      body: (f) =>
        `${capitalize(f.buyer)} vous demande un prix pour « ${f.title} » (quantité ${f.quantity}). Les prix sont attendus d’ici le ${f.deadline}.`,
      action: 'Répondre à la demande',
    },
    quoted: {
      subject: (f) => `${f.supplier} a soumis un prix pour « ${f.title} »`,
      heading: 'Un fournisseur vous a soumis un prix',
      body: (f) =>
        `${f.supplier} a soumis un prix pour « ${f.title} ». Comparez-le aux autres avant le ${f.deadline}.`,
      action: 'Comparer les prix',
    },
    revised: {
      subject: (f) => `${f.supplier} a révisé son prix pour « ${f.title} »`,
      heading: 'Un fournisseur a révisé son prix',
      body: (f) =>
        `${f.supplier} a envoyé une nouvelle version de son prix pour « ${f.title} ». La comparaison montre la plus récente.`,
      action: 'Comparer les prix',
    },
    awarded: {
      subject: (f) => `Votre prix pour « ${f.title} » a été accepté`,
      heading: 'Votre prix a été accepté',
      body: (f) =>
        `${capitalize(f.buyer)} a accepté votre prix pour « ${f.title} ». La conversation de votre boîte de réception contient la demande de prix : émettez la facture à partir de celle-ci.`,
      action: 'Ouvrir la boîte de réception',
    },
    'not-chosen': {
      subject: (f) => `La demande « ${f.title} » a été confiée à un autre fournisseur`,
      heading: 'Merci de votre réponse',
      body: (f) =>
        `L’acheteur a choisi un autre fournisseur pour « ${f.title} ». Merci du temps consacré à cette demande; nous continuerons de vous envoyer les demandes qui correspondent à votre vitrine.`,
      action: 'Voir vos demandes',
    },
    closed: {
      subject: (f) => `La demande « ${f.title} » a été fermée`,
      heading: 'L’acheteur a fermé cette demande',
      body: (f) =>
        `L’acheteur a fermé la demande « ${f.title} » sans choisir de fournisseur. Merci de votre attention; nous continuerons de vous envoyer les demandes qui correspondent à votre vitrine.`,
      action: 'Voir vos demandes',
    },
    expired: {
      subject: (f) => `La demande « ${f.title} » a expiré`,
      heading: 'Cette demande a expiré',
      body: (f) =>
        `La demande « ${f.title} » a atteint sa date limite sans choix. Merci de votre attention; nous continuerons de vous envoyer les demandes qui correspondent à votre vitrine.`,
      action: 'Voir vos demandes',
    },
  },
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
