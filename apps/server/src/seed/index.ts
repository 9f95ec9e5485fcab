import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { rowsOf } from '../db/transaction';
import { demoAccountsStep } from './demo-accounts';
import { contentSeedStep } from '../modules/content/content.seed';
import { catalogSeedStep } from './catalog';
import { cncShopsSeedStep } from './cnc-shops';
import { contentHomeBlogsSeedStep } from './content-home-blogs';
import { sellerTaxProfileSeedStep } from '../modules/sellers/seller-tax-profile.seed';

export interface SeedContext {
  database: Database;
  config: AppConfig;
  log: (message: string) => void;
  /** Scale options from `npm run seed -- --products N`. */
  options: SeedOptions;
}

export interface SeedOptions {
  products?: number;
}

export interface SeedStep {
  name: string;
  /** Demo-only steps (demo accounts) never run in production. */
  demoOnly?: boolean;
  run(context: SeedContext): Promise<void>;
}

/**
 * The deterministic demo marketplace, built step by step. Each domain adds its step here
 * (catalogue storefronts and products, demo accounts, blogs, …) in dependency order.
 */
export const seedSteps: SeedStep[] = [
  demoAccountsStep,
  contentSeedStep,
  contentHomeBlogsSeedStep,
  catalogSeedStep,
  cncShopsSeedStep,
  sellerTaxProfileSeedStep,
];

const SEEDED_KEY = 'seeded';

export async function isSeeded(database: Database): Promise<boolean> {
  const result = await database.db.execute(sql`select 1 from app_meta where key = ${SEEDED_KEY}`);
  const rows = rowsOf(result);
  return rows.length > 0;
}

export async function runSeed(context: SeedContext): Promise<void> {
  for (const step of seedSteps) {
    if (step.demoOnly && context.config.isProduction) continue;
    const started = performance.now();
    await step.run(context);
    context.log(`seed: ${step.name} (${Math.round(performance.now() - started)} ms)`);
  }
  await context.database.exec(
    `INSERT INTO app_meta (key, value) VALUES ('${SEEDED_KEY}', to_jsonb(now()::text)) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();`,
  );
}
