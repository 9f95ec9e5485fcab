import { vi } from 'vitest';
import type { UserProfile } from '@maplesource/contracts/auth';
import { jsonResponse as json, notFoundResponse } from './catalog-fixtures';
import { markSignedIn } from './session';

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

/**
 * `user` signed in (the session hint cookie) and the API the profile page calls, as a stubbed fetch: the user, no
 * saved address, no places; anything else is not found. Undo with `vi.unstubAllGlobals()`.
 */
export function serveProfile(user: UserProfile) {
  markSignedIn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('auth/verify-tokens') || url.endsWith('/api/v1/profile')) return json({ user });
      if (url.endsWith('/api/v1/address')) return json({ items: [] });
      if (url.includes('locations/')) return json({ items: [] });
      return notFoundResponse();
    }),
  );
}
