import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLedgerService, type LedgerService } from './ledger.service';
import { feeRateBps, quoteFee } from './platform-fee';
import { accountEntries, heldFunds, orderEntries, sellerOrders } from './ledger.reads';
import { balanceOf } from './ledger.postings';
import { sellerStatement } from './ledger.statement';
import { closeDispute, disputeOf, recordDispute } from './ledger.disputes';
import {
  cashMovements,
  reconciliationDay,
  reconciliationDays,
  storeReconciliation,
} from './ledger.reconciliation';

const ledgerReads = {
  sellerOrders,
  orderEntries,
  accountEntries,
  heldFunds,
  balanceOf,
  feeRateBps,
  quoteFee,
  sellerStatement,
  // Disputes and the daily reconciliation (decision 304).
  recordDispute,
  closeDispute,
  disputeOf,
  cashMovements,
  storeReconciliation,
  reconciliationDays,
  reconciliationDay,
};

/**
 * The ledger module's door: `app.ledger` (decision 296) — the double-entry ledger in cents CAD, the funds held per
 * order until delivery + 7 days, and the platform's dated fee rates. Flows post to it inside the transaction of the
 * business change that causes each entry.
 */
declare module 'fastify' {
  interface FastifyInstance {
    ledger: LedgerService & typeof ledgerReads;
  }
}

export type { LedgerService, ReleaseOutcome } from './ledger.service';
export type { LedgerAccountRef, LedgerPosting } from './ledger.postings';
export type { PlatformFeeQuote } from './platform-fee';
export type { SellerStatement, StatementLine } from './ledger.statement';
export type { LedgerDispute } from './ledger.disputes';
export type { LedgerCashMovement, ReconciliationReport } from './ledger.reconciliation';

async function ledgerModule(app: FastifyInstance) {
  app.decorate('ledger', { ...createLedgerService(), ...ledgerReads });
}

export const ledgerModulePlugin = fp(ledgerModule, { name: 'ledger-module', dependencies: ['context'] });
