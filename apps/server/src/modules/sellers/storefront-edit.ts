import { sql } from 'drizzle-orm';
import type { SellerStorefront, SellerStorefrontInput } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { badRequest, notFound } from '../../plugins/errors';
import { storefrontDetails } from './sellers.service';

type Row = Record<string, unknown>;

const toStorefront = (row: Row): SellerStorefront => ({
  id: String(row.id),
  slug: String(row.slug),
  name: String(row.name),
  listed: Boolean(row.listed),
  logoUrl: row.logo_url ? String(row.logo_url) : null,
  descriptionEn: String(row.description_en),
  descriptionFr: String(row.description_fr),
  yearEstablished: Number(row.year_established),
  ...storefrontDetails(row),
});

const notYours = () => notFound('SELLER_NOT_FOUND', 'Seller not found');

/**
 * The listed phone in E.164 (a claimant's code is texted to it, decision 263), whatever way it was typed; a number
 * that is not a real one is refused here rather than by the column's check.
 */
export function listedPhone(value: string | null): string | null {
  if (value === null) return null;
  const parsed = parsePhoneNumberFromString(value, 'CA');
  if (!parsed || !parsed.isValid())
    throw badRequest('PHONE_INVALID', 'Enter a valid phone number', { contactPhone: 'errors:PHONE_INVALID' });
  return parsed.number;
}
const storefrontKey = (sellerId: string) => {
  const id = Number(sellerId);
  if (!Number.isSafeInteger(id)) throw notYours();
  return id;
};

/** One storefront as its owner edits it (decision 261); another's, or none, answers 404 as if it did not exist. */
export async function readOwnedStorefront(
  db: Db,
  userId: string,
  sellerId: string,
): Promise<SellerStorefront> {
  const [row] = rowsOf<Row>(
    await db.execute(
      sql`SELECT * FROM sellers WHERE id = ${storefrontKey(sellerId)} AND owner_user_id = ${userId}`,
    ),
  );
  if (!row) throw notYours();
  return toStorefront(row);
}

/**
 * The owner's edit of their storefront, in the caller's transaction: one UPDATE whose condition is the ownership,
 * so a storefront that is not the caller's is neither read nor changed (404). Returns the storefront as saved.
 */
export async function updateOwnedStorefront(
  db: Db,
  userId: string,
  sellerId: string,
  input: SellerStorefrontInput,
): Promise<SellerStorefront> {
  const provinces = sql`ARRAY[${sql.join(
    input.serviceProvinces.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  const certifications = sql`ARRAY[${sql.join(
    input.certifications.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  const [row] = rowsOf<Row>(
    await db.execute(
      sql`UPDATE sellers SET
            logo_url = ${input.logoUrl},
            banner_url = ${input.bannerUrl},
            description_en = ${input.descriptionEn},
            description_fr = ${input.descriptionFr},
            contact_email = ${input.contactEmail},
            contact_phone = ${listedPhone(input.contactPhone)},
            website = ${input.website},
            service_provinces = ${provinces},
            certifications = ${certifications},
            year_established = ${input.yearEstablished}
          WHERE id = ${storefrontKey(sellerId)} AND owner_user_id = ${userId}
          RETURNING *`,
    ),
  );
  if (!row) throw notYours();
  return toStorefront(row);
}
