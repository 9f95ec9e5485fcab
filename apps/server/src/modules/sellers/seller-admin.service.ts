import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { AdminSeller, AdminSellerProfile, BusinessType, ProvinceCode } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../plugins/errors';
import { sellers } from './sellers.tables';

/** Admin edits of storefronts (the admin console calls these; the sellers module owns the table). */
const out = (r: { id: number | string; slug: string; name: string; verified: boolean }): AdminSeller => ({
  id: String(r.id),
  slug: r.slug,
  name: r.name,
  verified: r.verified,
});

/** Profile columns: list rows and the before/after of a profile edit (audited). */
const profileColumns = {
  id: sellers.id,
  slug: sellers.slug,
  name: sellers.name,
  verified: sellers.verified,
  city: sellers.city,
  province: sellers.province,
  businessType: sellers.businessType,
};
const outProfile = (r: {
  id: number | string;
  slug: string;
  name: string;
  verified: boolean;
  city: string;
  province: string;
  businessType: string;
}): AdminSellerProfile => ({
  ...out(r),
  city: r.city,
  province: r.province as ProvinceCode,
  businessType: r.businessType as BusinessType,
});

export async function listSellersForAdmin(db: Db, page: number, pageSize: number, q?: string) {
  const where = q
    ? or(ilike(sellers.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), eq(sellers.slug, q))
    : undefined;
  const columns = profileColumns;
  const [items, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select(columns)
      .from(sellers)
      .where(where)
      .orderBy(asc(sellers.name), asc(sellers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(sellers).where(where),
  ]);
  return { items: items.map(outProfile), total: Number(total), page, pageSize };
}

export async function setSellerVerified(
  db: Db,
  id: string,
  verified: boolean,
): Promise<{ before: AdminSeller; after: AdminSeller }> {
  const key = Number(id);
  if (!Number.isSafeInteger(key)) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No seller with this id');
  const columns = { id: sellers.id, slug: sellers.slug, name: sellers.name, verified: sellers.verified };
  const [before] = await db.select(columns).from(sellers).where(eq(sellers.id, key)).limit(1);
  if (!before) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No seller with this id');
  const [after] = await db.update(sellers).set({ verified }).where(eq(sellers.id, key)).returning(columns);
  return { before: out(before), after: out(after!) };
}

export interface SellerProfileEdit {
  name?: string | undefined;
  city?: string | undefined;
  province?: ProvinceCode | undefined;
  businessType?: BusinessType | undefined;
}

/**
 * Admin edit of a storefront's name, city, province or business type, in the caller's transaction. The
 * catalogue keeps copies of province and business type on the seller's products and services (decision 040)
 * and the name/city words in its typo vocabulary: the update-seller-profile workflow hands the change to the
 * catalogue in the same transaction. The listing cards' copy (decision 110) is written by the door (index.ts).
 */
export async function updateSellerProfile(
  db: Db,
  id: string,
  edit: SellerProfileEdit,
): Promise<{ before: AdminSellerProfile; after: AdminSellerProfile }> {
  const key = Number(id);
  if (!Number.isSafeInteger(key)) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No seller with this id');
  const [before] = await db.select(profileColumns).from(sellers).where(eq(sellers.id, key)).limit(1);
  if (!before) throw notFound('ADMIN_ENTITY_NOT_FOUND', 'No seller with this id');
  const changes = Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return { before: outProfile(before), after: outProfile(before) };
  const [after] = await db.update(sellers).set(changes).where(eq(sellers.id, key)).returning(profileColumns);
  return { before: outProfile(before), after: outProfile(after!) };
}
