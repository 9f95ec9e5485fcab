import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The legal-form endings a Canadian company name may already carry (federal and provincial acts, English and
 * French forms). A name ending in one of them is its own legal name; any other gets " Inc.".
 */
export const legalFormSuffixes = [
  'Inc.',
  'Inc',
  'Incorporated',
  'Incorporée',
  'Ltd.',
  'Ltd',
  'Limited',
  'Ltée',
  'Limitée',
  'Corp.',
  'Corp',
  'Corporation',
  'Co.',
  'Company',
  'Cie',
  'ULC',
  'LLP',
] as const;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One pattern for JS (flag i) and PostgreSQL (`~*`): a legal-form ending after a space, at the end. */
export const legalFormEnding = `(^|\\s)(${legalFormSuffixes.map(escapeRegex).join('|')})$`;

/** The legal name a demo storefront gets: its name, with " Inc." only when it has no legal form yet. */
export function demoLegalNameOf(name: string): string {
  const trimmed = name.trim();
  return new RegExp(legalFormEnding, 'i').test(trimmed) ? trimmed : `${trimmed} Inc.`;
}

/**
 * Demo storefronts get plausible invoice data (decision 132): a legal name, a GST/HST number shaped like the
 * CRA's (9-digit business number + RT0001, derived from the id so the seed stays deterministic) and, for
 * Quebec storefronts and owned ones (the demo seller invoices Quebec buyers too), a QST number (10 digits +
 * TQ0001). Not real numbers: the first digit 1 and the id-derived rest only look like them.
 */
export const sellerTaxProfileSeedStep = {
  name: 'sellers: legal names and GST/HST/QST numbers',
  demoOnly: true,
  async run({ database }: { database: Database }): Promise<void> {
    await database.db.execute(sql`
      UPDATE sellers SET
        legal_name = coalesce(legal_name, CASE WHEN btrim(name) ~* ${legalFormEnding} THEN btrim(name)
          ELSE btrim(name) || ' Inc.' END),
        gst_hst_number = coalesce(gst_hst_number, '1' || lpad(((id * 7919) % 100000000)::text, 8, '0') || 'RT0001'),
        qst_number = coalesce(qst_number, CASE WHEN province = 'QC' OR owner_user_id IS NOT NULL
          THEN '1' || lpad(((id * 104729) % 1000000000)::text, 9, '0') || 'TQ0001' END)`);
  },
};
