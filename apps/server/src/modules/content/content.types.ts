import type { Db } from '../../db/client';

/** Who made an admin change (null for seed or system). */
export interface Actor {
  userId: string | null;
}

export interface AuditInput {
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or one of its transactions: what an audit row is written with. */
export type Executor = Db | Tx;
