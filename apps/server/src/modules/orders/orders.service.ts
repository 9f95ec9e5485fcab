import { addCalendarDays, refundWindowDays, type DocumentTimeZone } from '@maplesource/contracts';
import type { Db } from '../../db/client';
import { orderExportRecords, type OrderExportRequest } from './orders.export';
import type { OrdersDirectory } from './orders.types';
import { answerPaymentReview, escalateDuePaymentReviews } from './payment-review-answers';
import { applyPaymentUpdate } from './operations/apply-payment-update';
import { attachIntent } from './operations/attach-intent';
import { cancelUnpaid } from './operations/cancel-unpaid-order';
import { changeStatus } from './operations/change-order-status';
import { createOrder } from './operations/create-order';
import { paidAfterCancellation } from './operations/find-paid-after-cancellation';
import { ledgerFacts } from './operations/get-ledger-facts';
import { getForBuyer, getForSeller } from './operations/get-order';
import { payableFor, payableForChecked } from './operations/get-payable-order';
import { getReview } from './operations/get-payment-review';
import { listForBuyer, listForSeller } from './operations/list-orders';
import { ordersUnderReview } from './operations/list-orders-under-review';
import { listReviews } from './operations/list-payment-reviews';
import { unpaidPastDeadline } from './operations/list-unpaid-orders';
import { recordOrderRefund } from './operations/record-order-refund';
import { requestReview } from './operations/request-payment-review';
import { resolveReview } from './operations/resolve-payment-review';

export type * from './orders.types';
export { orderNotFound, paymentReviewNotFound } from './orders.present';
export { payableOrderWarmUp } from './operations/get-payable-order';

/**
 * Orders: made once per accepted invoice, read by their buyer (and seller user) only — anyone
 * else gets ORDER_NOT_FOUND —, moved by the seller along the legal transitions under a row lock, paid
 * through one provider intent whose signed events settle it, and reviewed / refunded per docs/product.md §9.
 * Each method is one file in `operations/` (decision 310, like the chat module); the operations that read an
 * order as its party sees it get the module's directory (is the supplier verified).
 */
export function createOrdersService(directory: OrdersDirectory) {
  return {
    /** The seller's answer to a payment review, and the escalation of unanswered ones (decision 316). */
    answerReview: answerPaymentReview,
    escalateDueReviews: escalateDuePaymentReviews,
    /** The party's orders of a period as CSV records, read in keyset batches (decision 251). */
    exportRecords: (db: Db, request: OrderExportRequest) => orderExportRecords(db, request),
    create: createOrder,
    getForBuyer: getForBuyer.bind(null, directory),
    getForSeller: getForSeller.bind(null, directory),
    listForBuyer: listForBuyer.bind(null, directory),
    listForSeller: listForSeller.bind(null, directory),
    changeStatus: changeStatus.bind(null, directory),
    payableFor,
    payableForChecked,
    attachIntent,
    ledgerFacts,
    ordersUnderReview,
    applyPaymentUpdate,
    requestReview: requestReview.bind(null, directory),
    listReviews,
    getReview,
    /** docs/product.md §9: a refund within 30 calendar days of the payment, in the order's time zone (decision 265). */
    refundDeadline: (paidAt: Date, timeZone: DocumentTimeZone) =>
      addCalendarDays(paidAt, refundWindowDays, timeZone),
    resolveReview,
    unpaidPastDeadline,
    cancelUnpaid: cancelUnpaid.bind(null, directory),
    paidAfterCancellation,
    recordOrderRefund,
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
