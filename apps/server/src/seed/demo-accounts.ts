import { randomBytes } from 'node:crypto';
import type { ProvinceCode, Role } from '@maplesource/contracts';
import type { AppConfig } from '../config';
import { hashPassword, verifyPassword } from '../modules/auth/passwords';
import { createSessionService } from '../modules/auth/session.service';
import { createUserService } from '../modules/auth/users.service';
import { AddressService } from '../modules/accounts/addresses.service';
import { isLoopbackHost } from '../plugins/loopback';
import type { SeedContext, SeedStep } from './index';

/** Shared by every demo account (README). */
export const DEMO_PASSWORD = 'MapleDemo#1';

export interface DemoAccount {
  id: string;
  email: string;
  fullName: string;
  phoneNumber: string;
  roles: readonly Role[];
  state: ProvinceCode;
  city: string;
  isVerifiedBusiness?: boolean;
  isPremiumEmployer?: boolean;
}

/**
 * The demo accounts, with fixed ids so other seed steps can point at them (the catalogue links its
 * demo storefront to `DEMO_ACCOUNTS.seller.id`). Which of them are seeded: demoAccountsFor.
 */
export const DEMO_ACCOUNTS = {
  buyer: {
    id: '00000000-0000-4000-8000-00000000b001',
    email: 'buyer@demo.maplesource.ca',
    fullName: 'Bianca Tremblay',
    phoneNumber: '+14165550101',
    roles: ['buyer'],
    state: 'ON',
    city: 'Toronto',
  },
  seller: {
    id: '00000000-0000-4000-8000-00000000b002',
    email: 'seller@demo.maplesource.ca',
    fullName: 'Samuel Gagnon',
    phoneNumber: '+15145550102',
    roles: ['buyer', 'seller'],
    state: 'QC',
    city: 'Montréal',
    isVerifiedBusiness: true,
  },
  admin: {
    id: '00000000-0000-4000-8000-00000000b003',
    email: 'admin@demo.maplesource.ca',
    fullName: 'Alex Chen',
    phoneNumber: '+16045550103',
    roles: ['buyer', 'admin'],
    state: 'BC',
    city: 'Vancouver',
  },
  employer: {
    id: '00000000-0000-4000-8000-00000000b004',
    email: 'employer@demo.maplesource.ca',
    fullName: 'Emma MacDonald',
    phoneNumber: '+14035550104',
    roles: ['buyer'],
    state: 'AB',
    city: 'Calgary',
    isVerifiedBusiness: true,
    isPremiumEmployer: true,
  },
  /** The owner of a seeded CNC machining shop in Ontario (`seed/cnc-shops.ts`), to answer requests for firm quotes. */
  cncShop: {
    id: '00000000-0000-4000-8000-00000000b005',
    email: 'cnc@demo.maplesource.ca',
    fullName: 'Priya Raman',
    phoneNumber: '+19055550105',
    roles: ['buyer', 'seller'],
    state: 'ON',
    city: 'Mississauga',
    isVerifiedBusiness: true,
  },
} as const satisfies Record<string, DemoAccount>;

/**
 * Which demo accounts (published password) this server may have (decision 017): all of them while it listens on
 * loopback only; on another interface none, unless DEMO_ACCOUNTS=true, and then never the admin; none in production.
 */
export function demoAccountsFor(
  config: Pick<AppConfig, 'HOST' | 'DEMO_ACCOUNTS' | 'isProduction'>,
): DemoAccount[] {
  if (config.isProduction) return [];
  const all = Object.values(DEMO_ACCOUNTS) as DemoAccount[];
  if (isLoopbackHost(config.HOST)) return all;
  if (config.DEMO_ACCOUNTS !== true) return [];
  return all.filter((account) => !account.roles.includes('admin'));
}

/**
 * At start: a demo account this server may not have (say the data directory was seeded on loopback and is now
 * served on every interface) stops accepting the published password, and its sessions end.
 */
export async function lockExposedDemoAccounts({ database, config, log }: Omit<SeedContext, 'options'>) {
  const allowed = new Set(demoAccountsFor(config).map((account) => account.id));
  const users = createUserService(database.db);
  const sessions = createSessionService(database.db);
  for (const account of Object.values(DEMO_ACCOUNTS) as DemoAccount[]) {
    if (allowed.has(account.id)) continue;
    const user = await users.findById(account.id);
    if (!user || !(await verifyPassword(user.passwordHash, DEMO_PASSWORD))) continue;
    const unguessable = await hashPassword(randomBytes(32).toString('base64url'));
    await users.updateFields(account.id, { passwordHash: unguessable });
    await sessions.revokeAllForUser(account.id);
    log(`demo account ${account.email} locked: its published password does not work on HOST=${config.HOST}`);
  }
}

export const demoAccountsStep: SeedStep = {
  name: 'demo accounts',
  demoOnly: true,
  async run({ database, config }) {
    const users = createUserService(database.db);
    const addresses = new AddressService(database.db);
    const passwordHash = await hashPassword(DEMO_PASSWORD); // hashed once, shared
    for (const account of demoAccountsFor(config)) {
      if (await users.findById(account.id)) continue;
      await users.create({ ...account, roles: [...account.roles], passwordHash, emailVerified: true });
    }
    if (
      (await users.findById(DEMO_ACCOUNTS.buyer.id)) &&
      (await addresses.list(DEMO_ACCOUNTS.buyer.id)).length === 0
    ) {
      await addresses.add(DEMO_ACCOUNTS.buyer.id, {
        street: '100 Queen St W',
        country: 'Canada',
        province: 'ON',
        city: 'Toronto',
        postalCode: 'M5H 2N2',
        isDefaultShipping: true,
        addressType: 'Shipping',
      });
    }
  },
};
