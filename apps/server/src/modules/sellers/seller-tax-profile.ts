import { sql } from 'drizzle-orm';
import type { DocumentAddress, SellerTaxProfile } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { notFound } from '../../plugins/errors';

/**
 * A storefront's company data for invoices (decision 132): legal name, GST/HST and QST registration numbers, or
 * the small-supplier declaration. Set by the storefront's owner; read by the invoices workflow through the door.
 */
export interface StorefrontTaxProfile extends SellerTaxProfile {
  sellerId: number;
  slug: string;
  name: string;
  ownerUserId: string | null;
}

interface TaxRow {
  id: number | string;
  slug: string;
  name: string;
  owner_user_id: string | null;
  legal_name: string | null;
  gst_hst_number: string | null;
  qst_number: string | null;
  small_supplier: boolean;
  business_address: DocumentAddress | string | null;
}

const toProfile = (row: TaxRow): StorefrontTaxProfile => ({
  sellerId: Number(row.id),
  slug: row.slug,
  name: row.name,
  ownerUserId: row.owner_user_id ? String(row.owner_user_id) : null,
  // Without a legal name on file, the storefront's name is the name it trades under.
  legalName: row.legal_name ?? row.name,
  gstHstNumber: row.gst_hst_number,
  qstNumber: row.qst_number,
  smallSupplier: row.small_supplier,
  // PGlite returns jsonb parsed, node-postgres too; a string is parsed for safety.
  address:
    typeof row.business_address === 'string'
      ? (JSON.parse(row.business_address) as DocumentAddress)
      : row.business_address,
});

const sellerNotFound = () => notFound('SELLER_NOT_FOUND', 'Seller not found');
const columns = sql`id, slug, name, owner_user_id, legal_name, gst_hst_number, qst_number, small_supplier,
  business_address`;

export async function taxProfile(db: Db, sellerId: number): Promise<StorefrontTaxProfile> {
  const [row] = rowsOf<TaxRow>(await db.execute(sql`SELECT ${columns} FROM sellers WHERE id = ${sellerId}`));
  if (!row) throw sellerNotFound();
  return toProfile(row);
}

/** The owner's own storefront's profile; another user's storefront answers 404. */
export async function ownTaxProfile(
  db: Db,
  ownerUserId: string,
  sellerId: number,
): Promise<StorefrontTaxProfile> {
  const profile = await taxProfile(db, sellerId);
  if (profile.ownerUserId !== ownerUserId) throw sellerNotFound();
  return profile;
}

/** The storefronts the user owns (oldest first), each with its profile: how the seller centre finds its own. */
export async function ownStorefronts(db: Db, ownerUserId: string): Promise<StorefrontTaxProfile[]> {
  return rowsOf<TaxRow>(
    await db.execute(sql`SELECT ${columns} FROM sellers WHERE owner_user_id = ${ownerUserId} ORDER BY id`),
  ).map(toProfile);
}

export async function setTaxProfile(
  db: Db,
  ownerUserId: string,
  sellerId: number,
  profile: SellerTaxProfile,
): Promise<StorefrontTaxProfile> {
  const [row] = rowsOf<TaxRow>(
    await db.execute(sql`
      UPDATE sellers SET legal_name = ${profile.legalName}, gst_hst_number = ${profile.gstHstNumber},
                         qst_number = ${profile.qstNumber}, small_supplier = ${profile.smallSupplier},
                         business_address = ${
                           profile.address === undefined
                             ? sql`business_address`
                             : sql`${profile.address === null ? null : JSON.stringify(profile.address)}::jsonb`
                         }
      WHERE id = ${sellerId} AND owner_user_id = ${ownerUserId}
      RETURNING ${columns}`),
  );
  if (!row) throw sellerNotFound();
  return toProfile(row);
}

/** The ids of the storefronts this user owns, oldest first (the seller centre acts on these only). */
export async function ownedStorefrontIds(db: Db, ownerUserId: string): Promise<number[]> {
  return rowsOf<{ id: number | string }>(
    await db.execute(sql`SELECT id FROM sellers WHERE owner_user_id = ${ownerUserId} ORDER BY id`),
  ).map((row) => Number(row.id));
}
