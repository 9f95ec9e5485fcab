import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { waitFor } from '../../../test/wait-for';
import { rowsOf } from '../../db/transaction';
import type { PaymentEvent, SandboxPaymentProvider } from '../payments';
import { sandboxFailingAccountNumber } from './sandbox-connect';
import { StripePaymentProvider } from './stripe';

describe('sandbox Connect: connected accounts, transfers, balance transactions', () => {
  let t: TestApp;
  let sandbox: SandboxPaymentProvider;
  const events: PaymentEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { JOBS_POLLING_INTERVAL_SECONDS: '0.5' },
      beforeReady: (app) => {
        app.payments.onEvent('*', async (event) => {
          events.push(event);
        });
      },
    });
    sandbox = t.app.payments.provider as SandboxPaymentProvider;
  });
  afterAll(async () => {
    await t.close();
  });

  /** An account onboarded through the sandbox's form with the given bank account number. */
  async function onboardedAccount(key: string, accountNumber = '000123456789') {
    const account = await sandbox.createConnectedAccount({
      metadata: { sellerId: key },
      idempotencyKey: key,
    });
    const link = await sandbox.createAccountLink(account.id, {
      returnUrl: 'http://localhost:3000/seller-centre/payouts?onboarding=return',
      refreshUrl: 'http://localhost:3000/seller-centre/payouts?onboarding=refresh',
    });
    const token = link.url.split('/').pop()!;
    expect(await sandbox.connect.completeOnboarding(token, accountNumber)).toContain('onboarding=return');
    return sandbox.retrieveConnectedAccount(account.id);
  }

  it('creates one account per idempotency key; it is pending until onboarded, then active', async () => {
    const [first, second] = await Promise.all([
      sandbox.createConnectedAccount({ metadata: { sellerId: '1' }, idempotencyKey: 'acct-key-1' }),
      sandbox.createConnectedAccount({ metadata: { sellerId: '1' }, idempotencyKey: 'acct-key-1' }),
    ]);
    expect(first.id).toBe(second.id);
    expect(first).toMatchObject({ detailsSubmitted: false, payoutsEnabled: false });
    expect(first.requirementsDue.length).toBeGreaterThan(0);
    const onboarded = await onboardedAccount('acct-key-2');
    expect(onboarded).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] });
    await waitFor('account.updated', () =>
      events.find((event) => event.type === 'account.updated' && event.object.id === onboarded.id),
    );
    await expect(sandbox.retrieveConnectedAccount('acct_sb_missing')).rejects.toMatchObject({
      code: 'PAYMENT_ACCOUNT_NOT_FOUND',
      statusCode: 404,
    });
  });

  it('transfers once per key (the payout id), even with 10 concurrent calls, and lists the balance movement', async () => {
    const account = await onboardedAccount('acct-key-3');
    const input = {
      amountCents: 12_345,
      currency: 'cad' as const,
      destination: account.id,
      transferGroup: 'order-42',
      metadata: { payoutId: 'payout-1' },
      idempotencyKey: 'payout-1',
    };
    const transfers = await Promise.all(Array.from({ length: 10 }, () => sandbox.createTransfer(input)));
    expect(new Set(transfers.map((transfer) => transfer.id)).size).toBe(1);
    expect(transfers[0]).toMatchObject({ amountCents: 12_345, status: 'paid', transferGroup: 'order-42' });
    await expect(sandbox.createTransfer({ ...input, amountCents: 1 })).rejects.toMatchObject({
      code: 'PAYMENT_INVALID',
    });
    const page = await sandbox.listBalanceTransactions({ limit: 100 });
    const movements = page.data.filter((transaction) => transaction.sourceId === transfers[0]!.id);
    expect(movements).toEqual([expect.objectContaining({ type: 'transfer', amountCents: -12_345 })]);
    await waitFor('transfer.created', () =>
      events.find((event) => event.type === 'transfer.created' && event.object.id === transfers[0]!.id),
    );
  });

  it('refuses a transfer to an account not yet onboarded or unknown, and keeps nothing', async () => {
    const pending = await sandbox.createConnectedAccount({ metadata: {}, idempotencyKey: 'acct-key-4' });
    const base = { amountCents: 500, currency: 'cad' as const, transferGroup: 'g', metadata: {} };
    await expect(
      sandbox.createTransfer({ ...base, destination: pending.id, idempotencyKey: 'payout-pending' }),
    ).rejects.toMatchObject({ code: 'PAYMENT_INVALID' });
    await expect(
      sandbox.createTransfer({ ...base, destination: 'acct_sb_nope', idempotencyKey: 'payout-nope' }),
    ).rejects.toMatchObject({ code: 'PAYMENT_ACCOUNT_NOT_FOUND' });
    for (const amountCents of [0, -5, 1.5])
      await expect(
        sandbox.createTransfer({
          ...base,
          amountCents,
          destination: pending.id,
          idempotencyKey: `bad-${amountCents}`,
        }),
      ).rejects.toMatchObject({ code: 'PAYMENT_INVALID' });
    const [kept] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from sandbox_transfers where idempotency_key in ('payout-pending', 'payout-nope')`,
      ),
    );
    expect(kept!.n).toBe(0);
  });

  it('a transfer to the failing test bank account is reversed once, with a signed transfer.reversed event', async () => {
    const account = await onboardedAccount('acct-key-5', sandboxFailingAccountNumber);
    const transfer = await sandbox.createTransfer({
      amountCents: 7_000,
      currency: 'cad',
      destination: account.id,
      transferGroup: 'payout-2',
      metadata: { payoutId: 'payout-2' },
      idempotencyKey: 'payout-2',
    });
    expect(transfer.status).toBe('paid');
    const reversed = await waitFor('transfer.reversed', () =>
      events.find((event) => event.type === 'transfer.reversed' && event.object.id === transfer.id),
    );
    expect(reversed.object).toMatchObject({
      reversed: true,
      amount_reversed: 7_000,
      metadata: { payoutId: 'payout-2' },
    });
    expect((await sandbox.retrieveTransfer(transfer.id)).status).toBe('reversed');
    const movements = (await sandbox.listBalanceTransactions({ limit: 100 })).data.filter(
      (transaction) => transaction.sourceId === transfer.id,
    );
    expect(movements.map((movement) => [movement.type, movement.amountCents]).sort()).toEqual([
      ['transfer', -7_000],
      ['transfer_cancel', 7_000],
    ]);
  });

  it('pages balance transactions newest first', async () => {
    const first = await sandbox.listBalanceTransactions({ limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.hasMore).toBe(true);
    const next = await sandbox.listBalanceTransactions({ limit: 100, startingAfter: first.data[0]!.id });
    expect(next.data.map((transaction) => transaction.id)).not.toContain(first.data[0]!.id);
    const future = await sandbox.listBalanceTransactions({
      limit: 10,
      createdFrom: new Date(Date.now() + 60_000),
    });
    expect(future).toEqual({ data: [], hasMore: false });
  });
});

/** A local HTTP fake of Stripe's API: records each request (form body, idempotency key) and answers fixtures. */
describe('Stripe adapter: Connect against a local fake of Stripe’s API', () => {
  let server: Server;
  let provider: StripePaymentProvider;
  const requests: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }> =
    [];

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      request.on('data', (chunk: Buffer) => (text += chunk.toString()));
      request.on('end', () => resolve(text));
    });
  const account = {
    id: 'acct_1Fake',
    object: 'account',
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    requirements: { currently_due: ['external_account'], disabled_reason: null },
    metadata: { sellerId: '7' },
  };

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = new URLSearchParams(await readBody(request));
      const path = (request.url ?? '').split('?')[0]!;
      const key = request.headers['idempotency-key'];
      requests.push({
        method: request.method!,
        path,
        body: new URLSearchParams(request.url?.split('?')[1] ?? body.toString()),
        ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
      });
      const send = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && path === '/v1/accounts') return send(200, account);
      if (request.method === 'GET' && path === '/v1/accounts/acct_1Fake')
        return send(200, {
          ...account,
          details_submitted: true,
          payouts_enabled: true,
          requirements: { currently_due: [], disabled_reason: null },
        });
      if (path.startsWith('/v1/accounts/'))
        return send(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such account' },
        });
      if (request.method === 'POST' && path === '/v1/account_links')
        return send(200, {
          object: 'account_link',
          url: 'https://connect.stripe.com/setup/e/acct_1Fake/abc',
          expires_at: 1_900_000_000,
          created: 1_899_999_700,
        });
      if (request.method === 'POST' && path === '/v1/transfers') {
        if (body.get('amount') === '999999')
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'Insufficient funds',
            },
          });
        return send(200, {
          id: 'tr_1Fake',
          object: 'transfer',
          amount: Number(body.get('amount')),
          currency: 'cad',
          destination: body.get('destination'),
          transfer_group: body.get('transfer_group'),
          reversed: false,
          metadata: { payoutId: body.get('metadata[payoutId]') },
        });
      }
      if (request.method === 'GET' && path === '/v1/balance_transactions')
        return send(200, {
          object: 'list',
          has_more: true,
          url: '/v1/balance_transactions',
          data: [
            {
              id: 'txn_1Fake',
              object: 'balance_transaction',
              type: 'transfer',
              amount: -5000,
              source: 'tr_1Fake',
              created: 1_899_999_000,
              fee: 0,
            },
            {
              id: 'txn_2Fake',
              object: 'balance_transaction',
              type: 'charge',
              amount: 11_300,
              fee: 358,
              source: { id: 'ch_1Fake', object: 'charge', payment_intent: 'pi_1Fake' },
              created: 1_899_999_100,
            },
          ],
        });
      if (request.method === 'GET' && path === '/v1/payment_intents/pi_1Fake')
        return send(200, {
          id: 'pi_1Fake',
          object: 'payment_intent',
          amount: 11_300,
          currency: 'cad',
          status: 'succeeded',
          metadata: {},
          latest_charge: {
            id: 'ch_1Fake',
            object: 'charge',
            balance_transaction: { id: 'txn_2Fake', object: 'balance_transaction', fee: 358 },
          },
        });
      return send(404, {
        error: { type: 'invalid_request_error', message: `unexpected ${request.method} ${path}` },
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const stripe = new Stripe('sk_test_fake', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    provider = new StripePaymentProvider('sk_test_fake', 'whsec_fake', stripe, 'whsec_connect_fake');
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('creates a Canadian Express account with the transfers capability, under the idempotency key', async () => {
    const created = await provider.createConnectedAccount({
      metadata: { sellerId: '7' },
      idempotencyKey: 'payout-account:stripe:7',
    });
    expect(created).toMatchObject({
      id: 'acct_1Fake',
      detailsSubmitted: false,
      requirementsDue: ['external_account'],
    });
    const request = requests.find((entry) => entry.path === '/v1/accounts')!;
    expect(request.idempotencyKey).toBe('payout-account:stripe:7');
    expect(request.body.get('type')).toBe('express');
    expect(request.body.get('country')).toBe('CA');
    expect(request.body.get('capabilities[transfers][requested]')).toBe('true');
    expect(request.body.get('metadata[sellerId]')).toBe('7');
    expect(await provider.retrieveConnectedAccount('acct_1Fake')).toMatchObject({
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    await expect(provider.retrieveConnectedAccount('acct_missing')).rejects.toMatchObject({
      code: 'PAYMENT_ACCOUNT_NOT_FOUND',
    });
  });

  it('asks for an onboarding account link with our return and refresh URLs', async () => {
    const link = await provider.createAccountLink('acct_1Fake', {
      returnUrl: 'https://maplesource.ca/seller-centre/payouts?onboarding=return',
      refreshUrl: 'https://maplesource.ca/seller-centre/payouts?onboarding=refresh',
    });
    expect(link).toEqual({
      url: 'https://connect.stripe.com/setup/e/acct_1Fake/abc',
      expiresAt: new Date(1_900_000_000_000),
    });
    const request = requests.find((entry) => entry.path === '/v1/account_links')!;
    expect(Object.fromEntries(request.body)).toMatchObject({
      account: 'acct_1Fake',
      type: 'account_onboarding',
      return_url: 'https://maplesource.ca/seller-centre/payouts?onboarding=return',
      refresh_url: 'https://maplesource.ca/seller-centre/payouts?onboarding=refresh',
    });
  });

  it('transfers with transfer_group and the payout id as idempotency key; maps an empty balance to a code', async () => {
    const transfer = await provider.createTransfer({
      amountCents: 5000,
      currency: 'cad',
      destination: 'acct_1Fake',
      transferGroup: 'order-9',
      metadata: { payoutId: 'po_1' },
      idempotencyKey: 'po_1',
    });
    expect(transfer).toMatchObject({
      id: 'tr_1Fake',
      amountCents: 5000,
      status: 'paid',
      transferGroup: 'order-9',
    });
    const request = requests.find((entry) => entry.path === '/v1/transfers')!;
    expect(request.idempotencyKey).toBe('po_1');
    expect(Object.fromEntries(request.body)).toMatchObject({
      amount: '5000',
      currency: 'cad',
      destination: 'acct_1Fake',
      transfer_group: 'order-9',
    });
    await expect(
      provider.createTransfer({
        amountCents: 999_999,
        currency: 'cad',
        destination: 'acct_1Fake',
        transferGroup: 'x',
        metadata: {},
        idempotencyKey: 'po_2',
      }),
    ).rejects.toMatchObject({ code: 'PAYMENT_INSUFFICIENT_BALANCE', statusCode: 409 });
  });

  it('lists balance transactions with created[gte], created[lt] and starting_after, their fees and intents', async () => {
    const page = await provider.listBalanceTransactions({
      limit: 50,
      startingAfter: 'txn_0',
      createdFrom: new Date(1_800_000_000_000),
      createdBefore: new Date(1_900_000_000_000),
    });
    expect(page).toEqual({
      hasMore: true,
      data: [
        {
          id: 'txn_1Fake',
          type: 'transfer',
          amountCents: -5000,
          sourceId: 'tr_1Fake',
          createdAt: new Date(1_899_999_000_000),
          feeCents: 0,
          paymentIntentId: null,
        },
        {
          // A charge (its source expanded): the gross, Stripe's fee on it and the payment intent (decision 304).
          id: 'txn_2Fake',
          type: 'charge',
          amountCents: 11_300,
          sourceId: 'ch_1Fake',
          createdAt: new Date(1_899_999_100_000),
          feeCents: 358,
          paymentIntentId: 'pi_1Fake',
        },
      ],
    });
    const request = requests.findLast((entry) => entry.path === '/v1/balance_transactions')!;
    expect(Object.fromEntries(request.body)).toMatchObject({
      limit: '50',
      starting_after: 'txn_0',
      'created[gte]': '1800000000',
      'created[lt]': '1900000000',
      'expand[0]': 'data.source',
    });
  });

  it('reads a payment’s fee from its charge’s balance transaction (decision 304)', async () => {
    expect(await provider.chargeFee('pi_1Fake')).toEqual({
      feeCents: 358,
      balanceTransactionId: 'txn_2Fake',
    });
    const request = requests.findLast((entry) => entry.path === '/v1/payment_intents/pi_1Fake')!;
    expect(request.body.get('expand[0]')).toBe('latest_charge.balance_transaction');
  });

  it('verifies connected accounts’ events with the Connect endpoint’s secret too, and nothing else', () => {
    const stripe = new Stripe('sk_test_offline');
    const payload = JSON.stringify({
      id: 'evt_connect_1',
      object: 'event',
      type: 'account.updated',
      created: Math.floor(Date.now() / 1000),
      account: 'acct_1Fake',
      data: {
        object: { id: 'acct_1Fake', object: 'account', details_submitted: true, payouts_enabled: true },
      },
    });
    const header = (secret: string) => stripe.webhooks.generateTestHeaderString({ payload, secret });
    for (const secret of ['whsec_fake', 'whsec_connect_fake'])
      expect(provider.verifyWebhook(Buffer.from(payload), header(secret)).type).toBe('account.updated');
    expect(() => provider.verifyWebhook(Buffer.from(payload), header('whsec_other'))).toThrow(
      expect.objectContaining({ reason: 'invalid' }),
    );
    const stale = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_connect_fake',
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(() => provider.verifyWebhook(Buffer.from(payload), stale)).toThrow(
      expect.objectContaining({ reason: 'expired' }),
    );
  });
});
