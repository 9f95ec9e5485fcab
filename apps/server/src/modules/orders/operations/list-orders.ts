import { sql } from 'drizzle-orm';
import type { OrderKind, OrderListQuery, SellerOrderListQuery } from '@maplesource/contracts';
import type { Db } from '../../../db/client';
import { list } from '../orders.present';
import type { OrdersDirectory } from '../orders.types';

/** The buyer's orders of that kind, newest first, by status and search. */
export const listForBuyer = (
  directory: OrdersDirectory,
  db: Db,
  buyerId: string,
  kind: OrderKind,
  query: OrderListQuery,
) => list(directory, db, sql`o.buyer_user_id = ${buyerId} AND o.kind = ${kind}`, query, 'buyer');

/** The seller user's orders, newest first, by kind, conversation, status and search. */
export const listForSeller = (
  directory: OrdersDirectory,
  db: Db,
  sellerUserId: string,
  query: SellerOrderListQuery,
) =>
  list(
    directory,
    db,
    sql`o.seller_user_id = ${sellerUserId}${query.kind ? sql` AND o.kind = ${query.kind}` : sql``}${
      query.chatId ? sql` AND o.chat_id = ${query.chatId}::uuid` : sql``
    }`,
    query,
    'seller',
  );
