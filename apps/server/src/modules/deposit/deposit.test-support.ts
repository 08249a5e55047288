import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { DepositChannel, DepositOrder, OpsDepositChannel } from '@wps/shared/schemas/deposit';
import type { BalanceResult } from '@wps/shared/schemas/wallet';
import { call, registerUser, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import type { TestApp } from '../../../test/test-app';
import type { OperatorRole } from '../operator/operator.service';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER } from './sandbox-gateway';

/** Create an operator through the service, enrol its TOTP and log it in through the API; returns its token. */
export async function operatorToken(t: TestApp, role: OperatorRole): Promise<string> {
  return (await createTestOperator(t.app, role)).token;
}

/** A registered player with a token and member id. */
export async function newPlayer(t: TestApp): Promise<{ token: string; memberId: string; login: LoginResult }> {
  const { result } = await registerUser(t.app);
  const member = await t.app.services.session.resolve(result.token);
  if (!member) throw new Error('no session');
  return { token: result.token, memberId: member.memberId, login: result };
}

const DEMO_CHANNEL_NAMES = { manual_bank: 'Transferência bancária', gateway: 'Sandbox Pay' } as const;

/** The seeded demo channel of a type (tests add channels of their own beside them). */
export async function demoChannel(t: TestApp, token: string, type: 'manual_bank' | 'gateway'): Promise<DepositChannel> {
  const channels = valueOf<DepositChannel[]>(await call(t.app, 'GET', '/wps/deposit/channels', { token }));
  const channel = channels.find((c) => c.type === type && c.name === DEMO_CHANNEL_NAMES[type]);
  if (!channel) throw new Error(`no ${type} channel`);
  return channel;
}

/** Save a channel as an operator. */
export async function saveChannel(
  t: TestApp,
  opsToken: string,
  body: Record<string, unknown>,
): Promise<OpsDepositChannel> {
  return valueOf<OpsDepositChannel>(
    await call(t.app, 'PUT', '/ops/deposit-channels', {
      token: opsToken,
      payload: { reason: 'channel set up by the test', ...body },
    }),
  );
}

/** POST /wps/deposit/orders with a fresh idempotency key unless one is given. */
export async function createOrderCall(
  t: TestApp,
  token: string,
  channelId: string,
  amount: string,
  idempotencyKey: string = crypto.randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(t.app, 'POST', '/wps/deposit/orders', { token, payload: { channelId, amount, idempotencyKey } });
}

/** Create an order and return it (asserting success). */
export async function createOrder(t: TestApp, token: string, channelId: string, amount: string): Promise<DepositOrder> {
  return valueOf<DepositOrder>(await createOrderCall(t, token, channelId, amount));
}

/** The player's balance in minor units. */
export async function balanceMinor(t: TestApp, token: string): Promise<bigint> {
  return BigInt(valueOf<BalanceResult>(await call(t.app, 'GET', '/wps/v2/wallets/balance', { token })).sumBalanceMinor);
}

/** The payment reference of a gateway order, from its pay URL. */
export function paymentRefOf(order: DepositOrder): string {
  const ref = order.payUrl?.split('/').pop();
  if (!ref) throw new Error(`order ${order.id} has no pay URL`);
  return ref;
}

/** A sandbox webhook body (the exact bytes sent) for an order. */
export function webhookBody(order: DepositOrder, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    event: 'payment.succeeded',
    paymentRef: paymentRefOf(order),
    merchantRef: order.id,
    amountMinor: order.amountMinor,
    currency: order.currency,
    timestamp: Math.floor(Date.now() / 1000),
    ...overrides,
  });
}

/** POST a raw body to the sandbox webhook, signed with `secretSign` (the server's sandbox secret by default). */
export async function sendWebhook(t: TestApp, rawBody: string, signature?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/wps/deposit/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signature ?? t.app.services.deposits.sandbox.sign(rawBody),
      [SANDBOX_TIMESTAMP_HEADER]: String(Math.floor(Date.now() / 1000)),
    },
    payload: rawBody,
  });
}

/** Press a button on the sandbox pay page, as the browser does; returns the redirect response. */
export async function pressSandboxButton(
  t: TestApp,
  order: DepositOrder,
  outcome: 'succeeded' | 'failed',
): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: order.payUrl ?? '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(res.statusCode, res.body).toBe(303);
  return res;
}

/** Ledger transactions posted for one deposit order. */
export async function depositTransactionCount(t: TestApp, orderId: string): Promise<number> {
  const rows = await t.database.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('idempotency_key', '=', `deposit:${orderId}`)
    .execute();
  return rows.length;
}
