import type { FastifyInstance } from 'fastify';
import type { PayoutOnboardingResponse } from '@maplesource/contracts/payouts';
import '../../modules/payout-accounts';
import '../../modules/sellers';
import { ownStorefront } from './own-storefront';

export type PayoutDoors = Pick<FastifyInstance, 'db' | 'sellers' | 'payoutAccounts' | 'payments' | 'config'>;

/** The seller centre's payouts page: the provider sends the seller back here (return) or asks for a new link. */
export const payoutReturnUrls = (publicUrl: string, sellerId: number, language: 'en' | 'fr') => {
  const prefix = language === 'fr' ? '/fr' : '';
  const page = `${publicUrl.replace(/\/$/, '')}${prefix}/seller-centre/payouts?storefront=${sellerId}`;
  return { returnUrl: `${page}&onboarding=return`, refreshUrl: `${page}&onboarding=refresh` };
};

/**
 * Starts or continues the storefront's onboarding (decision 312): the provider's connected account is created once
 * per storefront (the provider's idempotency key, then our unique key), and each call answers a fresh onboarding
 * link. Another user's storefront: 404.
 */
export async function startPayoutOnboarding(
  doors: PayoutDoors,
  userId: string,
  sellerParam: string,
  language: 'en' | 'fr',
): Promise<PayoutOnboardingResponse> {
  const sellerId = await ownStorefront(doors, doors.db, userId, sellerParam);
  const { provider } = doors.payments;
  let account = await doors.payoutAccounts.payoutAccountOf(doors.db, sellerId);
  if (!account) {
    const created = await provider.createConnectedAccount({
      metadata: { sellerId: String(sellerId) },
      idempotencyKey: `payout-account:${provider.name}:${sellerId}`,
    });
    account = await doors.payoutAccounts.recordPayoutAccount(doors.db, sellerId, provider.name, created);
  }
  const link = await provider.createAccountLink(
    account.providerAccountId,
    payoutReturnUrls(doors.config.PUBLIC_URL, sellerId, language),
  );
  const { providerAccountId: _hidden, ...visible } = account;
  return { url: link.url, expiresAt: link.expiresAt.toISOString(), account: visible };
}
