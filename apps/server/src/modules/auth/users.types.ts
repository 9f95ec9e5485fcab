import type { ProvinceCode, Role } from '@maplesource/contracts';
import type { users } from './auth.tables';

export interface NewUser {
  id?: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  passwordHash: string;
  state: ProvinceCode | null;
  city?: string | null;
  roles?: Role[];
  emailVerified?: boolean;
  isVerifiedBusiness?: boolean;
  isPremiumEmployer?: boolean;
  avatar?: string | null;
}

export type UserRow = typeof users.$inferSelect;

/** The fields of an account its owner (or the auth operations) may change directly. */
export type UserFields = Partial<
  Pick<UserRow, 'fullName' | 'state' | 'city' | 'avatar' | 'pendingEmail' | 'passwordHash'>
>;
