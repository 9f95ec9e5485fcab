import type { TextLanguage } from '@maplesource/contracts';

/** The facts the business e-mails name, already formatted for the language. */
export interface InvoiceFacts {
  ref: string;
  subject: string;
  seller: string;
  buyer: string;
  total: string;
}

/** What the business e-mails say in one language (decision 260). */
export interface BusinessMailTexts {
  footer: string;
  invoiceIssued: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts & { expires: string }) => string;
    attached: string;
    action: string;
  };
  invoiceAccepted: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts) => string;
    action: string;
  };
  invoiceRejected: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts) => string;
    reason: (reason: string) => string;
    /** The buyer's counter-offer (decision 272): what they would accept, each part only when given. */
    counterOffer: (offer: {
      price: string | null;
      quantity: number | null;
      date: string | null;
      note: string;
    }) => string;
    action: string;
  };
  invoiceWithdrawn: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts) => string;
    action: string;
  };
  paymentReceipt: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts & { paidOn: string }) => string;
    subtotal: string;
    shipping: string;
    total: string;
    gstHstNumber: string;
    qstNumber: string;
    smallSupplier: string;
    action: string;
  };
  orderShipped: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts & { carrier: string; trackingNumber: string }) => string;
    track: string;
    action: string;
  };
  reviewOpened: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts & { reason: string }) => string;
    answerBy: (date: string) => string;
    action: string;
  };
  reviewAnswered: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts & { answer: string }) => string;
    action: string;
  };
  reviewEscalated: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts & { answerBy: string }) => string;
    forAdmin: string;
    action: string;
    adminAction: string;
  };
  reviewResolved: {
    subject: (f: InvoiceFacts) => string;
    heading: string;
    body: (f: InvoiceFacts & { outcome: string; refund: string | null; note: string | null }) => string;
    outcomes: Record<string, string>;
    action: string;
  };
  /** A dispute (chargeback) on an order's payment, to the seller (decision 304). */
  disputeChanged: {
    subject: (f: InvoiceFacts & { change: 'opened' | 'won' | 'lost' }) => string;
    heading: Record<'opened' | 'won' | 'lost', string>;
    body: (f: InvoiceFacts & { change: 'opened' | 'won' | 'lost'; amount: string; reason: string }) => string;
    action: string;
  };
}

export const businessMailTexts: Record<TextLanguage, BusinessMailTexts> = {
  en: {
    footer:
      'MapleSource, the Canadian B2B marketplace. You receive this e-mail because of a transaction in your account.',
    invoiceIssued: {
      subject: (f) => `Invoice ${f.ref} from ${f.seller}: ${f.total}`,
      heading: 'You received an invoice',
      body: (f) =>
        `${f.seller} sent you invoice ${f.ref} for ${f.subject}, for a total of ${f.total}. Review it and accept or reject it before ${f.expires}.`,
      attached: 'The invoice is attached as a PDF.',
      action: 'Review the invoice',
    },
    invoiceAccepted: {
      subject: (f) => `Invoice ${f.ref} accepted by ${f.buyer}`,
      heading: 'Your invoice was accepted',
      body: (f) =>
        `${f.buyer} accepted invoice ${f.ref} for ${f.subject} (${f.total}). An order was created; it is ready to prepare once paid.`,
      action: 'Open your orders',
    },
    invoiceRejected: {
      subject: (f) => `Invoice ${f.ref} rejected by ${f.buyer}`,
      heading: 'Your invoice was rejected',
      body: (f) => `${f.buyer} rejected invoice ${f.ref} for ${f.subject} (${f.total}).`,
      reason: (reason) => `Their reason: ${reason}`,
      counterOffer: (o) =>
        [
          'Their counter-offer:',
          o.price && `price ${o.price}`,
          o.quantity !== null && `quantity ${o.quantity}`,
          o.date && `delivery by ${o.date}`,
          o.note && `— ${o.note}`,
        ]
          .filter(Boolean)
          .join(' '),
      action: 'Open the conversation',
    },
    invoiceWithdrawn: {
      subject: (f) => `Invoice ${f.ref} withdrawn by ${f.seller}`,
      heading: 'An invoice was withdrawn',
      body: (f) =>
        `${f.seller} withdrew invoice ${f.ref} for ${f.subject} (${f.total}). It can no longer be accepted; a revised invoice, if any, comes in a separate e-mail.`,
      action: 'View the invoice',
    },
    paymentReceipt: {
      subject: (f) => `Payment receipt: invoice ${f.ref} (${f.total})`,
      heading: 'Payment received',
      body: (f) => `Your payment of ${f.total} to ${f.seller} for ${f.subject} was received on ${f.paidOn}.`,
      subtotal: 'Subtotal',
      shipping: 'Shipping',
      total: 'Total paid',
      gstHstNumber: 'Seller’s GST/HST number',
      qstNumber: 'Seller’s QST number',
      smallSupplier: 'The seller is a small supplier not registered for GST/HST.',
      action: 'View your order',
    },
    orderShipped: {
      subject: (f) => `Your order ${f.ref} has shipped`,
      heading: 'Your order is on its way',
      body: (f) =>
        `${f.seller} shipped your order of ${f.subject} with ${f.carrier}. Tracking number: ${f.trackingNumber}.`,
      track: 'Track the parcel',
      action: 'View your order',
    },
    reviewOpened: {
      subject: (f) => `Payment review opened for order ${f.ref}`,
      heading: 'A payment review was opened',
      body: (f) =>
        `A payment review was opened for order ${f.ref} (${f.subject}, ${f.total}). Reason given: ${f.reason}. MapleSource will look into it and tell both parties the outcome.`,
      answerBy: (date) =>
        `The seller answers the review by ${date} in the seller centre's orders; without an answer by then, a MapleSource administrator takes it up.`,
      action: 'View the order',
    },
    reviewAnswered: {
      subject: (f) => `The seller answered the payment review of order ${f.ref}`,
      heading: 'The seller answered your payment review',
      body: (f) =>
        `${f.seller} answered the payment review of order ${f.ref} (${f.subject}): ${f.answer} MapleSource will tell both parties the outcome.`,
      action: 'View the order',
    },
    reviewEscalated: {
      subject: (f) => `Payment review of order ${f.ref}: passed to an administrator`,
      heading: 'The payment review went to an administrator',
      body: (f) =>
        `The seller, ${f.seller}, did not answer the payment review of order ${f.ref} (${f.subject}, ${f.total}) by ${f.answerBy}. A MapleSource administrator now handles it and will tell both parties the outcome.`,
      forAdmin: 'It is at the top of the open payment reviews in the admin console.',
      action: 'View the order',
      adminAction: 'Open the payment reviews',
    },
    reviewResolved: {
      subject: (f) => `Payment review for order ${f.ref}: resolved`,
      heading: 'The payment review was resolved',
      body: (f) =>
        [
          `The payment review of order ${f.ref} (${f.subject}) was resolved: ${f.outcome}.`,
          f.refund ? `Refund: ${f.refund}.` : '',
          f.note ? `Note: ${f.note}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      outcomes: { refunded: 'refunded', dismissed: 'dismissed, no refund' },
      action: 'View the order',
    },
    disputeChanged: {
      subject: (f) =>
        ({
          opened: `Order ${f.ref}: the buyer’s bank disputed the payment`,
          won: `Order ${f.ref}: the payment dispute was decided in your favour`,
          lost: `Order ${f.ref}: the payment dispute was lost`,
        })[f.change],
      heading: {
        opened: 'A payment was disputed',
        won: 'The dispute was decided in your favour',
        lost: 'The dispute was lost',
      },
      body: (f) =>
        ({
          opened: `The bank of ${f.buyer} disputed ${f.amount} of the payment for order ${f.ref} (${f.subject}), reason: ${f.reason}. Your share of this order stays held until the bank decides.`,
          won: `The bank decided the dispute of ${f.amount} on order ${f.ref} (${f.subject}) in your favour. Your share of the order is no longer frozen and will be released on its date.`,
          lost: `The bank decided the dispute of ${f.amount} on order ${f.ref} (${f.subject}) in the buyer’s favour. The amount was returned to the buyer and taken out of your share of the order, less the platform’s fee.`,
        })[f.change],
      action: 'Open your orders',
    },
  },
  fr: {
    footer:
      'MapleSource, le marché B2B canadien. Vous recevez ce courriel en raison d’une transaction dans votre compte.',
    invoiceIssued: {
      subject: (f) => `Facture ${f.ref} de ${f.seller} : ${f.total}`,
      heading: 'Vous avez reçu une facture',
      body: (f) =>
        `${f.seller} vous a envoyé la facture ${f.ref} pour ${f.subject}, d’un total de ${f.total}. Examinez-la, puis acceptez-la ou refusez-la avant le ${f.expires}.`,
      attached: 'La facture est jointe en PDF.',
      action: 'Examiner la facture',
    },
    invoiceAccepted: {
      subject: (f) => `Facture ${f.ref} acceptée par ${f.buyer}`,
      heading: 'Votre facture a été acceptée',
      body: (f) =>
        `${f.buyer} a accepté la facture ${f.ref} pour ${f.subject} (${f.total}). Une commande a été créée; elle est à préparer dès qu’elle est payée.`,
      action: 'Ouvrir vos commandes',
    },
    invoiceRejected: {
      subject: (f) => `Facture ${f.ref} refusée par ${f.buyer}`,
      heading: 'Votre facture a été refusée',
      body: (f) => `${f.buyer} a refusé la facture ${f.ref} pour ${f.subject} (${f.total}).`,
      reason: (reason) => `Motif : ${reason}`,
      counterOffer: (o) =>
        [
          'Sa contre-offre :',
          o.price && `prix ${o.price}`,
          o.quantity !== null && `quantité ${o.quantity}`,
          o.date && `livraison au plus tard le ${o.date}`,
          o.note && `— ${o.note}`,
        ]
          .filter(Boolean)
          .join(' '),
      action: 'Ouvrir la conversation',
    },
    invoiceWithdrawn: {
      subject: (f) => `Facture ${f.ref} retirée par ${f.seller}`,
      heading: 'Une facture a été retirée',
      body: (f) =>
        `${f.seller} a retiré la facture ${f.ref} pour ${f.subject} (${f.total}). Elle ne peut plus être acceptée ; une facture révisée, s’il y en a une, vous parviendra dans un autre courriel.`,
      action: 'Voir la facture',
    },
    paymentReceipt: {
      subject: (f) => `Reçu de paiement : facture ${f.ref} (${f.total})`,
      heading: 'Paiement reçu',
      body: (f) => `Votre paiement de ${f.total} à ${f.seller} pour ${f.subject} a été reçu le ${f.paidOn}.`,
      subtotal: 'Sous-total',
      shipping: 'Livraison',
      total: 'Total payé',
      gstHstNumber: 'Numéro de TPS/TVH du vendeur',
      qstNumber: 'Numéro de TVQ du vendeur',
      smallSupplier: 'Le vendeur est un petit fournisseur non inscrit aux fins de la TPS/TVH.',
      action: 'Voir votre commande',
    },
    orderShipped: {
      subject: (f) => `Votre commande ${f.ref} a été expédiée`,
      heading: 'Votre commande est en route',
      body: (f) =>
        `${f.seller} a expédié votre commande de ${f.subject} par ${f.carrier}. Numéro de suivi : ${f.trackingNumber}.`,
      track: 'Suivre le colis',
      action: 'Voir votre commande',
    },
    reviewOpened: {
      subject: (f) => `Examen de paiement ouvert pour la commande ${f.ref}`,
      heading: 'Un examen de paiement a été ouvert',
      body: (f) =>
        `Un examen de paiement a été ouvert pour la commande ${f.ref} (${f.subject}, ${f.total}). Motif indiqué : ${f.reason}. MapleSource l’examinera et informera les deux parties du résultat.`,
      answerBy: (date) =>
        `Le vendeur répond à l’examen au plus tard le ${date}, dans les commandes du centre vendeur; sans réponse d’ici là, un administrateur de MapleSource s’en charge.`,
      action: 'Voir la commande',
    },
    reviewAnswered: {
      subject: (f) => `Le vendeur a répondu à l’examen de paiement de la commande ${f.ref}`,
      heading: 'Le vendeur a répondu à votre examen de paiement',
      body: (f) =>
        `${f.seller} a répondu à l’examen de paiement de la commande ${f.ref} (${f.subject}) : ${f.answer} MapleSource informera les deux parties du résultat.`,
      action: 'Voir la commande',
    },
    reviewEscalated: {
      subject: (f) => `Examen de paiement de la commande ${f.ref} : transmis à un administrateur`,
      heading: 'L’examen de paiement a été transmis à un administrateur',
      body: (f) =>
        `Le vendeur, ${f.seller}, n’a pas répondu à l’examen de paiement de la commande ${f.ref} (${f.subject}, ${f.total}) au plus tard le ${f.answerBy}. Un administrateur de MapleSource s’en occupe maintenant et informera les deux parties du résultat.`,
      forAdmin: 'Il figure en tête des examens de paiement ouverts dans la console d’administration.',
      action: 'Voir la commande',
      adminAction: 'Ouvrir les examens de paiement',
    },
    reviewResolved: {
      subject: (f) => `Examen de paiement de la commande ${f.ref} : réglé`,
      heading: 'L’examen de paiement est réglé',
      body: (f) =>
        [
          `L’examen de paiement de la commande ${f.ref} (${f.subject}) est réglé : ${f.outcome}.`,
          f.refund ? `Remboursement : ${f.refund}.` : '',
          f.note ? `Note : ${f.note}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      outcomes: { refunded: 'remboursé', dismissed: 'rejeté, sans remboursement' },
      action: 'Voir la commande',
    },
    disputeChanged: {
      subject: (f) =>
        ({
          opened: `Commande ${f.ref} : la banque de l’acheteur conteste le paiement`,
          won: `Commande ${f.ref} : la contestation du paiement a été tranchée en votre faveur`,
          lost: `Commande ${f.ref} : la contestation du paiement a été perdue`,
        })[f.change],
      heading: {
        opened: 'Un paiement est contesté',
        won: 'La contestation a été tranchée en votre faveur',
        lost: 'La contestation a été perdue',
      },
      body: (f) =>
        ({
          opened: `La banque de ${f.buyer} conteste ${f.amount} du paiement de la commande ${f.ref} (${f.subject}), motif : ${f.reason}. Votre part de cette commande reste retenue jusqu’à la décision de la banque.`,
          won: `La banque a tranché la contestation de ${f.amount} sur la commande ${f.ref} (${f.subject}) en votre faveur. Votre part de la commande n’est plus gelée et sera libérée à sa date.`,
          lost: `La banque a tranché la contestation de ${f.amount} sur la commande ${f.ref} (${f.subject}) en faveur de l’acheteur. Le montant a été rendu à l’acheteur et retiré de votre part de la commande, moins les frais de la plateforme.`,
        })[f.change],
      action: 'Ouvrir vos commandes',
    },
  },
};
