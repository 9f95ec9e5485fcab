import type { ProvinceCode, Role } from '@maplesource/contracts';
import { hashPassword } from '../modules/auth/passwords';
import { UserService } from '../modules/auth/users.service';
import { AddressService } from '../modules/accounts/addresses.service';
import type { SeedStep } from './index';

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
 * demo storefront to `DEMO_ACCOUNTS.seller.id`). Never seeded in production.
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
} as const satisfies Record<string, DemoAccount>;

export const demoAccountsStep: SeedStep = {
  name: 'demo accounts',
  demoOnly: true,
  async run({ database }) {
    const users = new UserService(database.db);
    const addresses = new AddressService(database.db);
    const passwordHash = await hashPassword(DEMO_PASSWORD); // hashed once, shared
    for (const account of Object.values(DEMO_ACCOUNTS) as DemoAccount[]) {
      if (await users.findById(account.id)) continue;
      await users.create({ ...account, roles: [...account.roles], passwordHash, emailVerified: true });
    }
    if ((await addresses.list(DEMO_ACCOUNTS.buyer.id)).length === 0) {
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
