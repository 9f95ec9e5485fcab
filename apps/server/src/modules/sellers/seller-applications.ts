import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  SellerApplication,
  SellerApplicationInput,
  SellerApplicationStatus,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { conflict, notFound } from '../../plugins/errors';
import { listedPhone } from './storefront-edit';

/**
 * Applications to sell and their draft storefronts (decision 280). An account has at most one open (pending or
 * approved) application: the partial unique index `seller_applications_one_open` decides, so two submits racing
 * from two tabs store one. A draft storefront is `listed = false` until the application is approved.
 */
interface ApplicationRow {
  id: string;
  user_id: string;
  seller_id: string | number | null;
  seller_slug: string | null;
  status: SellerApplicationStatus;
  legal_name: string;
  operating_name: string;
  business_number: string;
  province: SellerApplication['province'];
  city: string;
  business_type: SellerApplication['businessType'];
  categories: string[] | string;
  contact_email: string;
  contact_phone: string;
  gst_hst_number: string | null;
  qst_number: string | null;
  refusal_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

/** A stored application with the user who made it (the admin queue names them through the auth door). */
export type StoredSellerApplication = SellerApplication & { userId: string };

const iso = (value: Date | string) => new Date(value).toISOString();
/** PGlite answers a text[] as an array; node-postgres too, but a literal `{a,b}` is accepted as well. */
const textArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

function toApplication(row: ApplicationRow): StoredSellerApplication {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    status: row.status,
    legalName: row.legal_name,
    operatingName: row.operating_name,
    businessNumber: row.business_number,
    province: row.province,
    city: row.city,
    businessType: row.business_type,
    categories: textArray(row.categories),
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    gstHstNumber: row.gst_hst_number,
    qstNumber: row.qst_number,
    storefront:
      row.seller_id !== null && row.seller_slug !== null
        ? { id: String(row.seller_id), slug: row.seller_slug }
        : null,
    refusalReason: row.refusal_reason,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
  };
}

const selectApplications = sql`SELECT a.*, s.slug AS seller_slug FROM seller_applications a
  LEFT JOIN sellers s ON s.id = a.seller_id`;

const applicationNotFound = () => notFound('SELLER_APPLICATION_NOT_FOUND', 'Application not found');

/** Stores a pending application; 409 when the account already has a pending or approved one. */
export async function insertApplication(
  db: Db,
  userId: string,
  input: SellerApplicationInput,
): Promise<string> {
  const id = randomUUID();
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO seller_applications (id, user_id, legal_name, operating_name, business_number, province, city,
        business_type, categories, contact_email, contact_phone, gst_hst_number, qst_number)
      VALUES (${id}, ${userId}, ${input.legalName}, ${input.operatingName}, ${input.businessNumber},
        ${input.province}, ${input.city}, ${input.businessType}, ${sql.param(input.categories)}::text[],
        ${input.contactEmail}, ${input.contactPhone}, ${input.gstHstNumber}, ${input.qstNumber})
      ON CONFLICT (user_id) WHERE status IN ('pending', 'approved') DO NOTHING
      RETURNING id`),
  );
  if (inserted.length === 0) {
    throw conflict('SELLER_APPLICATION_EXISTS', 'You already have a pending or approved application to sell');
  }
  return id;
}

export async function attachDraftStorefront(db: Db, applicationId: string, sellerId: string): Promise<void> {
  await db.execute(
    sql`UPDATE seller_applications SET seller_id = ${Number(sellerId)} WHERE id = ${applicationId}`,
  );
}

export async function getApplication(db: Db, id: string): Promise<StoredSellerApplication> {
  const [row] = rowsOf<ApplicationRow>(await db.execute(sql`${selectApplications} WHERE a.id = ${id}`));
  if (!row) throw applicationNotFound();
  return toApplication(row);
}

/** The account's latest application, or null. */
export async function latestApplicationOf(db: Db, userId: string): Promise<StoredSellerApplication | null> {
  const [row] = rowsOf<ApplicationRow>(
    await db.execute(
      sql`${selectApplications} WHERE a.user_id = ${userId} ORDER BY a.created_at DESC, a.id DESC LIMIT 1`,
    ),
  );
  return row ? toApplication(row) : null;
}

/** The admin queue: pending applications, oldest first. */
export async function pendingApplications(db: Db, limit = 200): Promise<StoredSellerApplication[]> {
  return rowsOf<ApplicationRow>(
    await db.execute(
      sql`${selectApplications} WHERE a.status = 'pending' ORDER BY a.created_at, a.id LIMIT ${limit}`,
    ),
  ).map(toApplication);
}

/**
 * Decides a pending application (the row is locked by the update: an approval racing a refusal ends in one
 * state). 404 when there is no such application, 409 when it was already decided.
 */
export async function decideApplication(
  db: Db,
  id: string,
  decision: { status: 'approved' } | { status: 'refused'; reason: string },
  adminUserId: string | null,
): Promise<StoredSellerApplication> {
  const reason = decision.status === 'refused' ? decision.reason : null;
  const updated = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE seller_applications SET status = ${decision.status}, refusal_reason = ${reason},
        decided_by = ${adminUserId}, decided_at = now()
      WHERE id = ${id} AND status = 'pending'
      RETURNING id`),
  );
  if (updated.length === 0) {
    await getApplication(db, id); // 404 when it does not exist
    throw conflict('SELLER_APPLICATION_DECIDED', 'This application was already decided');
  }
  return getApplication(db, id);
}

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '') || 'storefront';

export interface DraftStorefront {
  ownerUserId: string;
  name: string;
  legalName: string;
  businessNumber: string;
  businessType: string;
  province: string;
  city: string;
  primaryCategoryId: number | null;
  gstHstNumber: string | null;
  qstNumber: string | null;
  /** The application's contact e-mail and phone: the storefront's listed contact (decision 291). */
  contactEmail: string;
  contactPhone: string;
}

/**
 * A draft storefront (not listed) owned by the applicant, named by the operating name; its slug is that name's,
 * with a short suffix when taken. The application's legal name and tax numbers are its invoices' tax profile, and
 * its contact e-mail and phone (in E.164, as the storefront's edit stores it) are the storefront's contact
 * details, so an approved storefront is not blank (decision 291).
 */
export async function createDraftStorefront(
  db: Db,
  input: DraftStorefront,
): Promise<{ id: string; slug: string }> {
  const base = slugOf(input.name);
  const contactPhone = listedPhone(input.contactPhone);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    const [row] = rowsOf<{ id: string | number }>(
      await db.execute(sql`
        INSERT INTO sellers (slug, name, business_type, province, city, postal_code, verified, claimed, owner_user_id,
          description_en, description_fr, year_established, employees, primary_category_id, listed,
          legal_name, gst_hst_number, qst_number, small_supplier, business_number, contact_email, contact_phone)
        VALUES (${slug}, ${input.name}, ${input.businessType}, ${input.province}, ${input.city}, '', false, true,
          ${input.ownerUserId}, '', '', ${new Date().getUTCFullYear()}, '1-10', ${input.primaryCategoryId}, false,
          ${input.legalName}, ${input.gstHstNumber}, ${input.qstNumber}, ${input.gstHstNumber === null},
          ${input.businessNumber}, ${input.contactEmail}, ${contactPhone})
        ON CONFLICT (slug) DO NOTHING
        RETURNING id`),
    );
    if (row) return { id: String(row.id), slug };
  }
  throw conflict('SELLER_SLUG_TAKEN', 'Could not find a free address for this storefront');
}

/** Lists an approved application's storefront (directory, search, sitemaps). */
export async function listStorefront(db: Db, sellerId: string): Promise<void> {
  await db.execute(sql`UPDATE sellers SET listed = true WHERE id = ${Number(sellerId)}`);
}

/** Removes a refused application's draft storefront (never a listed one). */
export async function deleteDraftStorefront(db: Db, sellerId: string): Promise<void> {
  await db.execute(sql`DELETE FROM sellers WHERE id = ${Number(sellerId)} AND NOT listed`);
}
