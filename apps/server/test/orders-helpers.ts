import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderAddress, OrderKind } from '@maplesource/contracts';
import { rowsOf, withTransaction } from '../src/db/transaction';
import type { TestApp } from './helpers';

export { waitFor } from './wait-for';

/** Test parties and orders for the orders / payments tests, made straight in the database (fast and exact). */
export interface Party {
  id: string;
  cookie: string;
  name: string;
}

let counter = 0;

export async function makeUser(t: TestApp, roles: string[], name: string): Promise<Party> {
  counter += 1;
  const id = randomUUID();
  const n = `${process.pid % 1000}${String(counter).padStart(4, '0')}${Math.floor(Math.random() * 100)}`;
  await t.database.db.execute(
    sql`INSERT INTO users (id, member_id, full_name, email, phone_number, password_hash, roles)
        VALUES (${id}, ${`O${n}`}, ${name}, ${`o${n}@example.ca`}, ${`+1613${n.padStart(7, '0').slice(-7)}`}, 'x',
                ${`{${roles.join(',')}}`})`,
  );
  const token = await t.app.auth.sessions.create(id);
  return { id, cookie: `ms_session=${token}`, name };
}

export async function makeStorefront(
  t: TestApp,
  owner: Party,
  verified: boolean,
): Promise<{ id: number; slug: string }> {
  counter += 1;
  const slug = `order-test-${process.pid}-${counter}-${Math.floor(Math.random() * 1e6)}`;
  const [row] = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      INSERT INTO sellers (slug, name, business_type, province, city, postal_code, verified, claimed, owner_user_id)
      VALUES (${slug}, ${`${owner.name} Supply`}, 'supplier', 'ON', 'Ottawa', 'K1A 0B1', ${verified}, true, ${owner.id})
      RETURNING id`),
  );
  return { id: Number(row!.id), slug };
}

export const shippingAddress: OrderAddress = {
  fullName: 'Bea Buyer',
  line1: '100 Queen St W',
  line2: null,
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5H 2N2',
  country: 'CA',
  phone: null,
  addressType: 'Shipping',
};

/** A conversation between the buyer and the seller user, and an order in it as the accept workflow makes one. */
export async function makeOrder(
  app: FastifyInstance,
  input: {
    buyer: Party;
    seller: Party;
    storefront: { id: number; slug: string };
    kind?: OrderKind;
    totalCents?: number;
    leadDays?: number;
    subjectName?: string;
  },
): Promise<{ orderId: string; chatId: string; invoiceId: string }> {
  const kind = input.kind ?? 'product';
  const invoiceId = randomUUID();
  return withTransaction(app.db, async (tx) => {
    const { chatId } = await app.chat.openConversation(tx, {
      buyerId: input.buyer.id,
      sellerUserId: input.seller.id,
      subject: { kind, id: Math.floor(Math.random() * 1e9) },
      quotationId: null,
      names: {
        subject: input.subjectName ?? 'Steel brackets',
        buyer: input.buyer.name,
        seller: input.seller.name,
      },
    });
    const total = input.totalCents ?? 11_300;
    const order = await app.orders.create(tx, {
      kind,
      invoiceId,
      invoiceToken: `tok_${invoiceId.replace(/-/g, '')}`,
      chatId,
      buyer: { userId: input.buyer.id, name: input.buyer.name },
      sellerUserId: input.seller.id,
      seller: {
        sellerId: input.storefront.id,
        slug: input.storefront.slug,
        name: `${input.seller.name} Supply`,
      },
      subject: {
        id: 1,
        name: input.subjectName ?? 'Steel brackets',
        category: 'Hardware',
        quantity: 10,
        unit: null,
      },
      negotiatedPriceCents: Math.round(total / 1.13) - 500,
      shippingCents: 500,
      taxCents: total - (Math.round(total / 1.13) - 500) - 500,
      totalCents: total,
      leadDays: input.leadDays ?? 5,
      shippingAddress,
      billingAddress: { ...shippingAddress, addressType: 'Billing' },
      placedAt: new Date(),
    });
    return { orderId: order.id, chatId, invoiceId };
  });
}

export const as = (party: Party | null, role: 'buyer' | 'seller' | 'admin' = 'buyer') => ({
  role,
  ...(party ? { cookie: party.cookie } : {}),
});

export const chatActions = async (t: TestApp, chatId: string) =>
  rowsOf<{ business_action: string | null }>(
    await t.database.db.execute(
      sql`SELECT business_action FROM chat_messages WHERE chat_id = ${chatId} ORDER BY seq`,
    ),
  ).map((row) => row.business_action);
