import type { UserProfile } from '@maplesource/contracts/auth';

/** Shared fixtures for web tests of signed-in screens: API answers shaped as the contracts say. */

/** The signed-in user as `auth/verify-tokens` and `GET profile` answer it: a buyer in Quebec with no city yet. */
export function sessionUserFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: 'u1',
    memberId: 'M-1',
    fullName: 'Jeanne Roy',
    email: 'j@example.ca',
    emailVerified: true,
    pendingEmail: null,
    phoneNumber: '+15145550123',
    state: 'QC',
    city: null,
    country: 'Canada',
    avatar: null,
    roles: ['buyer'],
    isVerifiedBusiness: false,
    isPremiumEmployer: false,
    createdAt: '2025-05-01T12:00:00.000Z',
    preferences: { preferredPaymentMethods: [], preferredCurrency: 'CAD', preferredLanguage: 'en' },
    ...overrides,
  };
}
