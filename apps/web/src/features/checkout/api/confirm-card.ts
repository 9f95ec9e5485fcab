import type { SandboxConfirmBody, SandboxConfirmResponse } from '@maplesource/contracts/payments';
import { backendBaseUrls } from '../../../config/env';
import { ApiError } from '../../../lib/http';
import { digitsOnly, parseExpiry, type CardInput } from '../model/card-form';

/** The provider's URLs (card endpoint, challenge page) may be paths on the payment backend (the sandbox's). */
export function providerUrl(url: string): string {
  return url.startsWith('/') ? `${backendBaseUrls.payment}${url}` : url;
}

/**
 * Sends the card to the payment provider's own endpoint (the sandbox's `confirmUrl`, authorised by the intent's
 * client secret) — never to our order API, so card numbers never reach our routes and never enter a log of ours.
 * `returnPath` is where the provider's authentication page sends the buyer back (3-D Secure, decision 155).
 */
export async function confirmCard(
  intent: { confirmUrl: string; clientSecret: string },
  card: CardInput,
  returnPath: string,
): Promise<SandboxConfirmResponse> {
  const expiry = parseExpiry(card.expiry);
  const body: SandboxConfirmBody = {
    clientSecret: intent.clientSecret,
    cardNumber: digitsOnly(card.number),
    expMonth: expiry?.month ?? 0,
    expYear: expiry?.year ?? 0,
    cvc: card.cvc.trim(),
    postalCode: card.postalCode.trim().toUpperCase(),
    returnPath,
  };
  let response: Response;
  try {
    response = await fetch(providerUrl(intent.confirmUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' });
  }
  const data = (await response.json().catch(() => null)) as
    (Partial<SandboxConfirmResponse> & { error?: { code?: unknown; message?: unknown } }) | null;
  if (!response.ok || !data || typeof data.status !== 'string') {
    const code = typeof data?.error?.code === 'string' ? data.error.code : `HTTP_${response.status}`;
    const message = typeof data?.error?.message === 'string' ? data.error.message : response.statusText;
    throw new ApiError({ status: response.status, code, message });
  }
  return {
    intentId: data.intentId ?? '',
    status: data.status,
    failureCode: data.failureCode ?? null,
    challengeUrl: data.challengeUrl ?? null,
    card: data.card ?? null,
  };
}
