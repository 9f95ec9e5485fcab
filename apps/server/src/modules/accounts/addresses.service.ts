import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { addressInputSchema, DocumentAddress } from '@maplesource/contracts';
import {
  normalizePostalCode,
  postalCodeFirstLetters,
  provinceCodeSchema,
  type Address,
  type ProvinceCode,
} from '@maplesource/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, unprocessable } from '../../plugins/errors';
import { findCity } from '../locations';
import { addresses } from './accounts.tables';

export type AddressData = z.output<typeof addressInputSchema>;
type Row = typeof addresses.$inferSelect;

const toAddress = (row: Row): Address => ({
  id: row.id,
  street: row.street,
  country: row.country,
  province: provinceCodeSchema.parse(row.province),
  city: row.city,
  postalCode: row.postalCode,
  isDefaultShipping: row.isDefaultShipping,
  addressType: row.addressType,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A city of the province's list (canonical spelling), or 422. Shared by the profile form. */
export function checkCity(province: ProvinceCode, city: string): string {
  const found = findCity(province, city);
  if (!found) {
    throw unprocessable('CITY_NOT_IN_PROVINCE', 'Choose a city of the selected province', {
      city: 'errors:CITY_NOT_IN_PROVINCE',
    });
  }
  return found;
}

function checkAddress(input: AddressData) {
  const postalCode = normalizePostalCode(input.postalCode);
  if (!postalCodeFirstLetters[input.province].includes(postalCode[0]!)) {
    throw unprocessable(
      'POSTAL_CODE_PROVINCE_MISMATCH',
      'This postal code does not belong to the selected province',
      {
        postalCode: 'errors:POSTAL_CODE_PROVINCE_MISMATCH',
      },
    );
  }
  return { ...input, postalCode, city: checkCity(input.province, input.city) };
}

const notFoundError = () => notFound('ADDRESS_NOT_FOUND', 'Address not found');

/**
 * A user's addresses. Every change runs in a transaction holding a per-user advisory lock, so
 * "exactly one default shipping address" holds under concurrent requests (the partial unique
 * index is the last line of defence).
 */
export class AddressService {
  constructor(private readonly db: Db) {}

  private async inUserLock<T>(userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`);
      return work(tx);
    });
  }

  async list(userId: string): Promise<Address[]> {
    const rows = await this.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id));
    return rows.map(toAddress);
  }

  /**
   * The address to print on a document addressed to the user (decision 315), read in the caller's transaction: the
   * newest billing address, else the default shipping one, else the newest; null without any.
   */
  async documentAddressOf(db: Db, userId: string): Promise<DocumentAddress | null> {
    const [row] = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(
        desc(sql`${addresses.addressType} = 'Billing'`),
        desc(addresses.isDefaultShipping),
        desc(addresses.createdAt),
        desc(addresses.id),
      )
      .limit(1);
    return row
      ? {
          street: row.street,
          city: row.city,
          province: row.province as ProvinceCode,
          postalCode: row.postalCode,
        }
      : null;
  }

  async add(userId: string, input: AddressData): Promise<Address> {
    const data = checkAddress(input);
    return this.inUserLock(userId, async (tx) => {
      const existing = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .limit(1);
      const isDefault = data.isDefaultShipping || existing.length === 0;
      if (isDefault) {
        await tx.update(addresses).set({ isDefaultShipping: false }).where(eq(addresses.userId, userId));
      }
      const now = new Date();
      const [row] = await tx
        .insert(addresses)
        .values({
          id: randomUUID(),
          userId,
          ...data,
          isDefaultShipping: isDefault,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return toAddress(row!);
    });
  }

  async update(userId: string, id: string, input: AddressData): Promise<Address> {
    const data = checkAddress(input);
    return this.inUserLock(userId, async (tx) => {
      const [current] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .limit(1);
      if (!current) throw notFoundError();
      let isDefault = data.isDefaultShipping;
      if (isDefault && !current.isDefaultShipping) {
        await tx.update(addresses).set({ isDefaultShipping: false }).where(eq(addresses.userId, userId));
      } else if (!isDefault && current.isDefaultShipping) {
        // The default moves to the newest other address; a lone address stays the default.
        const promoted = await this.promoteNewest(tx, userId, id, true);
        if (!promoted) isDefault = true;
      }
      const [row] = await tx
        .update(addresses)
        .set({ ...data, isDefaultShipping: isDefault, updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return toAddress(row!);
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.inUserLock(userId, async (tx) => {
      const [deleted] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      if (!deleted) throw notFoundError();
      if (deleted.isDefaultShipping) await this.promoteNewest(tx, userId, id, false);
    });
  }

  /** Makes the newest address other than `exceptId` the default; false when there is none. */
  private async promoteNewest(
    tx: Db,
    userId: string,
    exceptId: string,
    clearCurrent: boolean,
  ): Promise<boolean> {
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), ne(addresses.id, exceptId)))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (!next) return false;
    if (clearCurrent) {
      await tx.update(addresses).set({ isDefaultShipping: false }).where(eq(addresses.id, exceptId));
    }
    await tx.update(addresses).set({ isDefaultShipping: true }).where(eq(addresses.id, next.id));
    return true;
  }
}
