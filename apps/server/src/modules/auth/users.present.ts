import {
  avatarSchema,
  provinceCodeSchema,
  roleSchema,
  type Preferences,
  type Role,
  type UserProfile,
} from '@maplesource/contracts';
import type { UserRow } from './users.types';

/** What the user operations share: the preferences of an account that stored none, and the profile the API shows. */
export const defaultPreferences: Preferences = {
  preferredPaymentMethods: [],
  preferredCurrency: 'CAD',
  preferredLanguage: 'en',
};

export function toProfile(row: UserRow, preferences: Preferences): UserProfile {
  const state = provinceCodeSchema.safeParse(row.state);
  const avatar = avatarSchema.safeParse(row.avatar);
  return {
    id: row.id,
    memberId: row.memberId,
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    phoneNumber: row.phoneNumber,
    state: state.success ? state.data : null,
    city: row.city,
    country: row.country,
    avatar: avatar.success ? avatar.data : null,
    roles: row.roles.flatMap((r) => (roleSchema.safeParse(r).success ? [r as Role] : [])),
    isVerifiedBusiness: row.isVerifiedBusiness,
    isPremiumEmployer: row.isPremiumEmployer,
    createdAt: row.createdAt.toISOString(),
    preferences,
  };
}
