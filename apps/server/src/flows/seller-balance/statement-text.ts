import { dateInTimeZone } from '@maplesource/contracts';
import { badRequest } from '../../plugins/errors';

export type StatementLanguage = 'en' | 'fr';

/** The words of a monthly statement, in the CSV and the PDF alike. */
export const statementLabels = {
  en: {
    title: 'Monthly statement',
    month: 'Month',
    opening: 'Opening balance',
    closing: 'Closing balance',
    header: ['Date', 'Order', 'Entry', 'Amount (CAD)', 'Balance (CAD)'],
    noEntries: 'No entries this month.',
    note: 'Balance: the funds held for you (pending) plus those ready to be paid out (available).',
    kinds: {
      capture: 'Payment captured (held)',
      release: 'Held funds released',
      refund: 'Refund',
      refund_paid: 'Refund paid',
      payout: 'Payout',
      payout_failed: 'Payout failed (returned)',
      chargeback: 'Chargeback',
    } as Record<string, string>,
  },
  fr: {
    title: 'Relevé mensuel',
    month: 'Mois',
    opening: 'Solde d’ouverture',
    closing: 'Solde de clôture',
    header: ['Date', 'Commande', 'Écriture', 'Montant ($ CA)', 'Solde ($ CA)'],
    noEntries: 'Aucune écriture ce mois-ci.',
    note: 'Solde : les fonds retenus pour vous (en attente) et ceux prêts à être versés (disponibles).',
    kinds: {
      capture: 'Paiement encaissé (retenu)',
      release: 'Fonds retenus libérés',
      refund: 'Remboursement',
      refund_paid: 'Remboursement versé',
      payout: 'Versement',
      payout_failed: 'Versement échoué (retourné)',
      chargeback: 'Rétrofacturation',
    } as Record<string, string>,
  },
} as const;

export const kindName = (kind: string, language: StatementLanguage) =>
  statementLabels[language].kinds[kind] ?? kind;

/** Cents as a plain decimal number (`-12.50`): a spreadsheet reads it as a number in either language. */
export const plainAmount = (cents: number) => (cents / 100).toFixed(2);

/**
 * The month and format a statement's file name asks for (`2026-11.csv`, `2026-11.pdf`). A month that is not a
 * calendar month, or one after the current month in Toronto, answers 400 STATEMENT_MONTH_INVALID.
 */
export function statementRequest(file: string, now = new Date()) {
  const match = /^(\d{4})-(0[1-9]|1[0-2])\.(csv|pdf)$/.exec(file);
  const month = match ? `${match[1]}-${match[2]}` : null;
  if (!match || !month || month < '2000-01' || month > dateInTimeZone(now, 'America/Toronto').slice(0, 7))
    throw badRequest(
      'STATEMENT_MONTH_INVALID',
      'The statement month must be a past or current month, as YYYY-MM',
    );
  return { month, format: match[3] as 'csv' | 'pdf' };
}
