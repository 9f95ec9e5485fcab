import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  claimCodePolicy,
  type StartStorefrontClaimInput,
  type StorefrontClaim,
} from '@maplesource/contracts';
import { withTransaction } from '../../db/transaction';
import { badRequest } from '../../plugins/errors';
import '../../modules/content';
import '../../modules/sellers';
import { alreadyClaimed, claimCodeHash, claimsClosed, emailDomainOf } from '../../modules/sellers';
import { publicClaim } from './public-claim';

export type StartStorefrontClaimDoors = Pick<
  FastifyInstance,
  'sellers' | 'content' | 'messaging' | 'config' | 'db'
>;

/**
 * A signed-in account starts a claim of an unclaimed storefront (decision 263): claims must be open, the code
 * goes to an address at the storefront's listed e-mail domain (the claimant chooses the address) or to its listed
 * phone, and the claim (its code hashed, expiring, limited by the database) is stored and audited in one
 * transaction. The code leaves only after the commit, through the mail or SMS provider.
 */
export async function startStorefrontClaim(
  doors: StartStorefrontClaimDoors,
  input: { userId: string; storefront: string; body: StartStorefrontClaimInput },
): Promise<StorefrontClaim> {
  const target = await doors.sellers.claims.target(doors.db, input.storefront);
  if (!(await doors.sellers.claims.open(doors.db))) throw claimsClosed();
  if (target.claimed) throw alreadyClaimed();
  let destination: string;
  if (input.body.channel === 'email') {
    if (!target.contactEmail) throw noContact('email');
    if (emailDomainOf(input.body.email) !== emailDomainOf(target.contactEmail)) {
      throw badRequest(
        'CLAIM_EMAIL_DOMAIN_MISMATCH',
        'The address must be at the storefront’s listed domain',
        {
          email: 'errors:CLAIM_EMAIL_DOMAIN_MISMATCH',
        },
      );
    }
    destination = input.body.email;
  } else {
    if (!target.contactPhone) throw noContact('phone');
    destination = target.contactPhone;
  }
  const code = String(randomInt(0, 10 ** claimCodePolicy.length)).padStart(claimCodePolicy.length, '0');
  const now = new Date();
  const claim = await withTransaction(doors.db, async (tx) => {
    const stored = await doors.sellers.claims.putCode(tx, {
      sellerId: target.id,
      userId: input.userId,
      channel: input.body.channel,
      destination,
      businessNumber: input.body.businessNumber,
      codeHash: claimCodeHash(doors.config.COOKIE_SECRET, target.id, input.userId, code),
      now,
    });
    await doors.content.writeAudit(
      tx,
      { userId: input.userId },
      {
        action: 'create',
        entity: 'storefront_claim',
        entityId: stored.id,
        before: null,
        after: { ...publicClaim(stored), step: 'code-sent' },
      },
    );
    return stored;
  });
  const minutes = Math.round(claimCodePolicy.lifetimeSeconds / 60);
  const text =
    `MapleSource: your code to claim ${target.name} is ${code}. It expires in ${minutes} minutes.\n` +
    `MapleSource : votre code pour réclamer ${target.name} est ${code}. Il expire dans ${minutes} minutes.`;
  if (input.body.channel === 'email') {
    await doors.messaging.mail.send(
      destination,
      `Your MapleSource storefront claim code / Votre code de réclamation MapleSource`,
      text,
      { code },
    );
  } else {
    await doors.messaging.sms.send(destination, text, { code });
  }
  return publicClaim(claim);
}

const noContact = (channel: 'email' | 'phone') =>
  badRequest(
    'CLAIM_CONTACT_NOT_LISTED',
    channel === 'email'
      ? 'This storefront lists no e-mail address: prove it by its phone'
      : 'This storefront lists no phone number: prove it by its e-mail domain',
  );
