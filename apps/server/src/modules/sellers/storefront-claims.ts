import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  claimCodePolicy,
  type ClaimStoreResponse,
  type StorefrontClaim,
  type StorefrontClaimStatus,
} from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/transaction';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../plugins/errors';

/**
 * Storefront claims (decision 263). The admin's switch, the claims and the storefront's transfer. Every limit is
 * the database's: one open claim per account and storefront (partial unique index), codes sent and wrong codes
 * capped by CHECKs and conditional updates, one approved claim per storefront, and the transfer is one conditional
 * UPDATE of the storefront's row, locked first by every decision so competing approvals queue behind each other.
 */

interface ClaimRow {
  id: string;
  seller_id: string | number;
  user_id: string;
  status: StorefrontClaimStatus;
  channel: 'email' | 'phone';
  destination: string;
  business_number: string;
  code_hash: string;
  code_expires_at: Date | string;
  attempts: number;
  refusal_reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  seller_slug: string;
  seller_name: string;
}

export type StoredStorefrontClaim = StorefrontClaim & { userId: string };

const iso = (value: Date | string) => new Date(value).toISOString();
/** A phone shown to someone who has not proven it: its last four digits. */
export const phoneHint = (phone: string) => `•••• ${phone.slice(-4)}`;

function toClaim(row: ClaimRow): StoredStorefrontClaim {
  return {
    id: String(row.id),
    userId: String(row.user_id),
    status: row.status,
    channel: row.channel,
    destination: row.channel === 'phone' ? phoneHint(row.destination) : row.destination,
    businessNumber: row.business_number,
    storefront: { id: String(row.seller_id), slug: row.seller_slug, name: row.seller_name },
    codeExpiresAt: iso(row.code_expires_at),
    refusalReason: row.refusal_reason,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
  };
}

const selectClaims = sql`SELECT c.*, s.slug AS seller_slug, s.name AS seller_name FROM storefront_claims c
  JOIN sellers s ON s.id = c.seller_id`;

async function claimRows(db: Db, query: ReturnType<typeof sql>) {
  return rowsOf<ClaimRow>(await db.execute(query));
}

export const claimsClosed = () =>
  new AppError(503, 'CLAIM_SERVICE_MAINTENANCE', 'Claim service is under maintenance');
export const alreadyClaimed = () =>
  conflict('STOREFRONT_ALREADY_CLAIMED', 'This storefront has already been claimed');

/** Whether an admin opened claims (the default is closed: "Claim service is under maintenance"). */
export async function claimsOpen(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ claims_open: boolean }>(
    await db.execute(sql`SELECT claims_open FROM storefront_claim_settings WHERE id = 1`),
  );
  return Boolean(row?.claims_open);
}

/** The admin's switch; returns the setting before and after (the flow audits both). */
export async function setClaimsOpen(db: Db, open: boolean, adminUserId: string | null) {
  const before = await claimsOpen(db);
  await db.execute(
    sql`INSERT INTO storefront_claim_settings (id, claims_open, updated_by, updated_at)
        VALUES (1, ${open}, ${adminUserId}, now())
        ON CONFLICT (id) DO UPDATE SET claims_open = EXCLUDED.claims_open, updated_by = EXCLUDED.updated_by,
          updated_at = now()`,
  );
  return { before: { claimsOpen: before }, after: { claimsOpen: open } };
}

export interface ClaimTarget {
  id: string;
  slug: string;
  name: string;
  claimed: boolean;
  contactEmail: string | null;
  contactPhone: string | null;
}

/** A storefront as a claim sees it, by id or slug; 404 when there is none (a draft has an owner: claimed). */
export async function claimTarget(db: Db, idOrSlug: string): Promise<ClaimTarget> {
  const byId = /^\d{1,15}$/.test(idOrSlug);
  const [row] = rowsOf<{
    id: string | number;
    slug: string;
    name: string;
    claimed: boolean;
    owner_user_id: string | null;
    contact_email: string | null;
    contact_phone: string | null;
  }>(
    await db.execute(
      sql`SELECT id, slug, name, claimed, owner_user_id, contact_email, contact_phone FROM sellers
          WHERE ${byId ? sql`id = ${Number(idOrSlug)}` : sql`slug = ${idOrSlug}`}`,
    ),
  );
  if (!row) throw notFound('SELLER_NOT_FOUND', 'Seller not found');
  return {
    id: String(row.id),
    slug: row.slug,
    name: row.name,
    claimed: row.claimed || row.owner_user_id !== null,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
  };
}

export const emailDomainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The claim button (docs/product.md §1): the storefront must exist; while claims are closed the answer is "under
 * maintenance"; a claimed storefront cannot be claimed; otherwise how it can be proven.
 */
export async function claimStore(db: Db, idOrSlug: string): Promise<ClaimStoreResponse> {
  const target = await claimTarget(db, idOrSlug);
  if (!(await claimsOpen(db))) throw claimsClosed();
  if (target.claimed) throw alreadyClaimed();
  return {
    ok: true,
    emailDomain: target.contactEmail ? emailDomainOf(target.contactEmail) : null,
    phoneHint: target.contactPhone ? phoneHint(target.contactPhone) : null,
  };
}

/** The stored form of a code: an HMAC bound to the storefront and the account it was sent for. */
export function claimCodeHash(secret: string, sellerId: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`storefront-claim:${sellerId}:${userId}:${code}`).digest('hex');
}

export interface NewClaimCode {
  sellerId: string;
  userId: string;
  channel: 'email' | 'phone';
  destination: string;
  businessNumber: string;
  codeHash: string;
  now: Date;
}

/**
 * Opens a claim with its first code, or sends a new code for the account's claim still being verified (at most
 * `maxCodesPerClaim`, a fresh code resets the wrong tries). One statement on the one-open index: two starts racing
 * leave one claim. A claim already verified (waiting for the admin) answers 409.
 */
export async function putClaimCode(db: Db, input: NewClaimCode): Promise<StoredStorefrontClaim> {
  const expiresAt = new Date(input.now.getTime() + claimCodePolicy.lifetimeSeconds * 1000);
  const [row] = rowsOf<{ id: string }>(
    await db.execute(
      sql`INSERT INTO storefront_claims (id, seller_id, user_id, channel, destination, business_number, code_hash,
            code_expires_at, created_at)
          VALUES (${randomUUID()}, ${Number(input.sellerId)}, ${input.userId}, ${input.channel}, ${input.destination},
            ${input.businessNumber}, ${input.codeHash}, ${expiresAt}, ${input.now})
          ON CONFLICT (seller_id, user_id) WHERE status IN ('verifying', 'pending')
          DO UPDATE SET channel = EXCLUDED.channel, destination = EXCLUDED.destination,
            business_number = EXCLUDED.business_number, code_hash = EXCLUDED.code_hash,
            code_expires_at = EXCLUDED.code_expires_at, attempts = 0,
            codes_sent = storefront_claims.codes_sent + 1
          WHERE storefront_claims.status = 'verifying'
            AND storefront_claims.codes_sent < ${claimCodePolicy.maxCodesPerClaim}
          RETURNING id`,
    ),
  );
  if (row) return getClaim(db, row.id);
  const [open] = await claimRows(
    db,
    sql`${selectClaims} WHERE c.seller_id = ${Number(input.sellerId)} AND c.user_id = ${input.userId}
        AND c.status IN ('verifying', 'pending')`,
  );
  if (open?.status === 'pending') {
    throw conflict('CLAIM_ALREADY_PENDING', 'Your claim for this storefront is waiting for an administrator');
  }
  throw tooManyRequests('CLAIM_CODE_LIMIT', 'Too many codes were sent for this claim');
}

export async function getClaim(db: Db, id: string): Promise<StoredStorefrontClaim> {
  const [row] = await claimRows(db, sql`${selectClaims} WHERE c.id = ${id}`);
  if (!row) throw notFound('CLAIM_NOT_FOUND', 'Claim not found');
  return toClaim(row);
}

/** The caller's claim, or 404 (another account's claim is not theirs to see). */
export async function ownClaim(db: Db, id: string, userId: string): Promise<StoredStorefrontClaim> {
  const claim = await getClaim(db, id);
  if (claim.userId !== userId) throw notFound('CLAIM_NOT_FOUND', 'Claim not found');
  return claim;
}

export async function claimsOf(db: Db, userId: string): Promise<StoredStorefrontClaim[]> {
  return (
    await claimRows(db, sql`${selectClaims} WHERE c.user_id = ${userId} ORDER BY c.created_at DESC LIMIT 50`)
  ).map(toClaim);
}

/**
 * Checks the code of the caller's claim being verified. A wrong code counts against the claim in its own
 * statement (`attempts < max`, the CHECK caps it), so a caller must run this outside a transaction that an error
 * rolls back. Right code: the claim waits for the admin (`markVerified`, in the caller's transaction).
 */
export async function checkClaimCode(
  db: Db,
  input: { id: string; userId: string; hash: (sellerId: string) => string; now: Date },
): Promise<StoredStorefrontClaim> {
  const [row] = await claimRows(db, sql`${selectClaims} WHERE c.id = ${input.id}`);
  if (!row || String(row.user_id) !== input.userId) throw notFound('CLAIM_NOT_FOUND', 'Claim not found');
  if (row.status !== 'verifying') throw conflict('CLAIM_ALREADY_VERIFIED', 'This claim is already verified');
  const limit = () => tooManyRequests('CLAIM_CODE_ATTEMPTS', 'Too many wrong codes: ask for a new code');
  if (row.attempts >= claimCodePolicy.maxWrongAttempts) throw limit();
  if (new Date(row.code_expires_at).getTime() <= input.now.getTime()) {
    throw badRequest('CLAIM_CODE_EXPIRED', 'This code has expired: ask for a new code', {
      code: 'errors:CLAIM_CODE_EXPIRED',
    });
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(input.hash(String(row.seller_id)), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return toClaim(row);
  const counted = await db.execute(
    sql`UPDATE storefront_claims SET attempts = attempts + 1
        WHERE id = ${input.id} AND status = 'verifying' AND attempts < ${claimCodePolicy.maxWrongAttempts}
          AND code_hash = ${row.code_hash}
        RETURNING attempts`,
  );
  if (rowsOf(counted).length === 0) throw limit();
  throw badRequest('CLAIM_CODE_WRONG', 'This code is not the one we sent', {
    code: 'errors:CLAIM_CODE_WRONG',
  });
}

/** The right code was entered: the claim waits for the admin (once: a second verify finds it verified). */
export async function markClaimVerified(db: Db, id: string, codeHash: string, now: Date) {
  const updated = rowsOf(
    await db.execute(
      sql`UPDATE storefront_claims SET status = 'pending', verified_at = ${now}
          WHERE id = ${id} AND status = 'verifying' AND code_hash = ${codeHash}
            AND attempts < ${claimCodePolicy.maxWrongAttempts} AND code_expires_at > ${now}
          RETURNING id`,
    ),
  );
  if (updated.length === 0) throw conflict('CLAIM_ALREADY_VERIFIED', 'This claim is already verified');
  return getClaim(db, id);
}

interface ClaimantNames {
  findById(id: string): Promise<{ email: string | null; fullName: string } | null | undefined>;
}

/** The admin queue: verified claims, grouped by storefront (oldest claim first), with each claimant. */
export async function pendingClaimGroups(db: Db, users: ClaimantNames) {
  const found = await claimRows(
    db,
    sql`SELECT c.*, s.slug AS seller_slug, s.name AS seller_name, s.contact_email, s.contact_phone
        FROM storefront_claims c JOIN sellers s ON s.id = c.seller_id
        WHERE c.status = 'pending' ORDER BY c.created_at, c.id LIMIT 500`,
  );
  const groups = new Map<
    string,
    {
      storefront: {
        id: string;
        slug: string;
        name: string;
        contactEmail: string | null;
        contactPhone: string | null;
      };
      claims: Array<
        Omit<StorefrontClaim, 'storefront'> & {
          claimant: { id: string; email: string | null; fullName: string };
        }
      >;
    }
  >();
  for (const row of found as Array<
    ClaimRow & { contact_email: string | null; contact_phone: string | null }
  >) {
    const { storefront, userId, ...claim } = toClaim(row);
    const user = await users.findById(userId);
    const group = groups.get(storefront.id) ?? {
      storefront: { ...storefront, contactEmail: row.contact_email, contactPhone: row.contact_phone },
      claims: [],
    };
    group.claims.push({
      ...claim,
      // The admin sees the full number the code went to.
      destination: row.destination,
      claimant: { id: userId, email: user?.email ?? null, fullName: user?.fullName ?? '' },
    });
    groups.set(storefront.id, group);
  }
  return [...groups.values()];
}

/**
 * Approves a verified claim and hands its storefront to the claimant, in the caller's transaction. The
 * storefront's row is locked first (every approval does the same, so two approvals racing queue there), then the
 * claim is decided once, and the storefront changes owner only while unclaimed. Its products, services and their
 * reviews belong to the storefront, so they move with it. Other open claims for it are refused.
 */
export async function approveClaim(db: Db, id: string, adminUserId: string | null) {
  const claim = await getClaim(db, id);
  await db.execute(sql`SELECT id FROM sellers WHERE id = ${Number(claim.storefront.id)} FOR UPDATE`);
  const decided = rowsOf(
    await db.execute(
      sql`UPDATE storefront_claims SET status = 'approved', decided_by = ${adminUserId}, decided_at = now()
          WHERE id = ${id} AND status = 'pending' RETURNING id`,
    ),
  );
  if (decided.length === 0) throw conflict('CLAIM_DECIDED', 'This claim is not waiting for a decision');
  const moved = rowsOf(
    await db.execute(
      sql`UPDATE sellers SET owner_user_id = ${claim.userId}, claimed = true,
            business_number = ${claim.businessNumber}
          WHERE id = ${Number(claim.storefront.id)} AND NOT claimed AND owner_user_id IS NULL
          RETURNING id`,
    ),
  );
  if (moved.length === 0) throw alreadyClaimed();
  const others = await claimRows(
    db,
    sql`UPDATE storefront_claims c SET status = 'refused', refusal_reason = ${competingReason},
          decided_by = ${adminUserId}, decided_at = now()
        FROM sellers s
        WHERE s.id = c.seller_id AND c.seller_id = ${Number(claim.storefront.id)} AND c.id <> ${id}
          AND c.status IN ('verifying', 'pending')
        RETURNING c.*, s.slug AS seller_slug, s.name AS seller_name`,
  );
  return { before: claim, after: await getClaim(db, id), refused: others.map(toClaim) };
}

export const competingReason = 'Another claim for this storefront was approved.';

/** Refuses a verified claim with the admin's reason (decided once). */
export async function refuseClaim(db: Db, id: string, reason: string, adminUserId: string | null) {
  const before = await getClaim(db, id);
  const decided = rowsOf(
    await db.execute(
      sql`UPDATE storefront_claims SET status = 'refused', refusal_reason = ${reason},
            decided_by = ${adminUserId}, decided_at = now()
          WHERE id = ${id} AND status = 'pending' RETURNING id`,
    ),
  );
  if (decided.length === 0) throw conflict('CLAIM_DECIDED', 'This claim is not waiting for a decision');
  return { before, after: await getClaim(db, id) };
}
