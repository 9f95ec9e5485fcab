import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import '../sellers';
import { prepareOnConnect } from '../../db/prepared';
import { createOrdersService, payableOrderWarmUp, type OrdersService } from './orders.service';
import { orderPaymentRefs } from './orders.payment-refs';

/**
 * The orders module's door: `app.orders` (orders made from accepted invoices, their timeline, their one
 * payment and its provider-driven state, payment reviews and refunds), its routes and public types. The
 * cross-module use cases (accept an invoice, change a status with its chat message, pay, refund) are
 * workflows that call it. It asks the sellers module whether a supplier is verified (docs/product.md §9).
 */
declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService & typeof orderPaymentRefs;
  }
}

export type {
  NewOrder,
  OrderLedgerFacts,
  OrdersService,
  PayableOrder,
  PaymentChange,
  PaymentRefusal,
  PaymentUpdate,
} from './orders.service';
export { orderNotFound, payableOrderWarmUp } from './orders.service';
export { ordersRoutes } from './orders.routes';

async function ordersModule(app: FastifyInstance) {
  prepareOnConnect(app.db, payableOrderWarmUp());
  app.decorate('orders', {
    ...orderPaymentRefs,
    ...createOrdersService({
      async sellerVerified(db, sellerId) {
        try {
          return (await app.sellers.getSeller(db, String(sellerId))).verified;
        } catch {
          return false; // a storefront removed since the order: not a verified supplier any more
        }
      },
    }),
  });
}

export const ordersModulePlugin = fp(ordersModule, {
  name: 'orders-module',
  dependencies: ['context', 'sellers-module'],
});
