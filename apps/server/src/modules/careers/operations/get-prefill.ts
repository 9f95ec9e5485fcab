import type { CareerPrefill } from '@maplesource/contracts';
import type { CareersDeps } from '../careers.types';

/** The application form filled from the account: its profile and its default shipping address (else its first). */
export async function getPrefill(
  deps: Pick<CareersDeps, 'auth' | 'accounts'>,
  userId: string,
): Promise<CareerPrefill> {
  const profile = await deps.auth.users.getProfile(userId);
  const addresses = await deps.accounts.addresses.list(userId);
  const address = addresses.find((a) => a.isDefaultShipping) ?? addresses[0];
  return {
    fullName: profile.fullName,
    email: profile.email,
    phoneNumber: profile.phoneNumber,
    street: address?.street ?? '',
    province: address?.province ?? profile.state,
    city: address?.city ?? profile.city ?? '',
    postalCode: address?.postalCode ?? '',
  };
}
