import { sql } from 'drizzle-orm';
import type { OrderKind } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { one } from '../orders.present';
import type { OrdersDirectory } from '../orders.types';

/** The buyer's order of that kind; another user's or kind's: ORDER_NOT_FOUND. */
export const getForBuyer = (
  directory: OrdersDirectory,
  db: Db,
  buyerId: string,
  kind: OrderKind,
  id: string,
) =>
  one(directory, db, sql`o.id::text = ${id} AND o.buyer_user_id = ${buyerId} AND o.kind = ${kind}`, 'buyer');

/** The seller user's order, with the statuses it may move to; another user's: ORDER_NOT_FOUND. */
export const getForSeller = (directory: OrdersDirectory, db: Db, sellerUserId: string, id: string) =>
  one(directory, db, sql`o.id::text = ${id} AND o.seller_user_id = ${sellerUserId}`, 'seller');
