/**
 * The acceptance terms a buyer agrees to when accepting an invoice. The server records the exact text
 * and language accepted with the signature; a change of wording gets a new `version`.
 * A buyer with a Quebec delivery sees the French text first (Charter of the French Language).
 */
export const invoiceAcceptanceTerms = {
  version: '2026-11-23',
  en:
    'By signing, I accept this invoice on behalf of the buyer named on it. I agree to pay the total shown, ' +
    'taxes and shipping included, by card through MapleSource, and I authorize the seller to supply the goods or ' +
    'services described under the payment and delivery terms stated on the invoice. Acceptance is final: it creates ' +
    'an order that can no longer be withdrawn by rejecting the invoice. Requests for a payment review are possible ' +
    'within 7 days after the expected delivery, and refunds within 30 days, as the MapleSource terms of use provide.',
  fr:
    "En signant, j'accepte cette facture au nom de l'acheteur qui y est nommé. Je m'engage à payer le total indiqué, " +
    'taxes et livraison comprises, par carte au moyen de MapleSource, et j’autorise le vendeur à fournir les biens ou ' +
    'services décrits selon les conditions de paiement et de livraison indiquées sur la facture. L’acceptation est ' +
    'définitive : elle crée une commande qui ne peut plus être retirée en refusant la facture. Une demande de révision ' +
    'du paiement est possible dans les 7 jours suivant la livraison prévue, et un remboursement dans les 30 jours, ' +
    "comme le prévoient les conditions d'utilisation de MapleSource.",
} as const;
export type InvoiceTermsLanguage = 'en' | 'fr';
