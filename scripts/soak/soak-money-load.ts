// The soak's money traffic, in a process of its own: each kind of money call on its own open-loop
// clock (a slow answer never slows the offered load), through the paths the site, the agent
// centre and a payment gateway use:
// - a deposit: the player opens a gateway order (POST /wps/deposit/orders), then the gateway, played
//   by this process with the run's SANDBOX_GATEWAY_SECRET, sends its signed `payment.succeeded`
//   webhook; the webhook's 200 `credited` is the acknowledgement;
// - a withdrawal request (POST /wps/withdraw/orders, encrypted: payment password, bound account);
// - a lottery ticket (POST /lgw/tickets) on the draw taking bets;
// - an agent's transfer to a direct downline (POST /wps/agent/centre/transfer, encrypted);
// - a transfer-wallet move (POST /wps/relay/GCS_walletTransfer) in or out of the reference
//   vendor, the one call here that makes the platform call out to a vendor (the vendor fault).
// A call that got no answer or a 5xx is sent again with the same idempotency key (the gateway
// re-sends its webhook) after a pause, as a client retries, until answered or the grace period
// ends; a 4xx refusal is an answer. Every answer goes to a JSON-lines file as it arrives: the
// money ones with the reference the ledger knows them by (soak-money.ts reckons them), every call
// in the soak's call-record shape for the error rates and p99.
// Input: one JSON argument (see MoneyLoadInput).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { encryptPayload } from '@wps/shared/payload-crypto';
import type { RsaKeyResult } from '@wps/shared/schemas/session';
import { signBody } from '../../apps/server/src/modules/deposit/gateway-provider';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SANDBOX_WEBHOOK_PATH,
} from '../../apps/server/src/modules/deposit/sandbox-gateway';
import type { CallRecord } from './soak-load';

export type Payer = { memberId: string; token: string; bankAccountId: string };
export type Agent = { memberId: string; token: string; downlines: string[] };

export type MoneyRates = { deposit: number; withdrawal: number; ticket: number; agentTransfer: number; vendor: number };

export type MoneyLoadInput = {
  baseUrl: string;
  payers: Payer[];
  agents: Agent[];
  paymentPassword: string;
  depositChannelId: string;
  gatewaySecret: string;
  lotteryGame: string;
  transferVendor: string;
  rates: MoneyRates;
  durationMs: number;
  graceMs: number;
  /** Money answers (MoneyAnswer per line). */
  out: string;
  /** Every call (CallRecord per line). */
  callsOut: string;
};

export type MoneyOp = 'deposit' | 'withdrawal' | 'ticket' | 'agent-transfer' | 'vendor-in' | 'vendor-out';

/**
 * One final money answer as the client saw it. `ref` is what the ledger knows it by: the deposit
 * order's id, the withdrawal's or agent transfer's ledger key, the ticket's stake transaction id
 * in the round records, the vendor transfer's id.
 */
export type MoneyAnswer = {
  at: number;
  op: MoneyOp;
  ref: string;
  amount: string;
  status: number;
  code: string;
  acknowledged: boolean;
  /** A vendor transfer's outcome (succeeded, pending, failed); only `succeeded` is acknowledged. */
  outcome?: string;
};

type Envelope = { success?: boolean; errorCode?: string; value?: unknown };

const REQUEST_TIMEOUT_MS = 10_000;
const RETRY_PAUSE_MS = 500;
const RETRY_MAX_PAUSE_MS = 8000;
const KEY_REFUSALS = new Set(['ENCRYPTION_KEY_EXPIRED', 'DECRYPTION_FAILED']);

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]!) as MoneyLoadInput;
  const answers = fs.openSync(input.out, 'a');
  const calls = fs.openSync(input.callsOut, 'a');
  const stopAt = Date.now() + input.durationMs;
  const giveUpAt = stopAt + input.graceMs;
  const runId = crypto.randomBytes(3).toString('hex');
  let key: RsaKeyResult | null = null;

  /** One HTTP call, recorded; the envelope when the answer was JSON. */
  const send = async (
    kind: string,
    path: string,
    init: RequestInit,
  ): Promise<{ status: number; code: string; envelope: Envelope }> => {
    const t0 = performance.now();
    let status = 0;
    let code: string;
    let envelope: Envelope = {};
    try {
      const res = await fetch(input.baseUrl + path, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      status = res.status;
      envelope = (await res.json().catch(() => ({}))) as Envelope;
      code = envelope.success ? 'OK' : (envelope.errorCode ?? 'NOT_JSON');
    } catch (err) {
      code = (err as Error).name === 'TimeoutError' ? 'TIMEOUT' : 'NO_ANSWER';
    }
    const record: CallRecord = {
      at: Date.now(),
      kind,
      ms: performance.now() - t0,
      status,
      code,
      ok: status === 200 && code === 'OK',
    };
    fs.writeSync(calls, `${JSON.stringify(record)}\n`);
    return { status, code, envelope };
  };

  /** Send until answered (any status below 500) or the grace period ends; `build` makes each attempt's request afresh. */
  const untilAnswered = async (kind: string, path: string, build: () => Promise<RequestInit>) => {
    for (let attempt = 0; ; ) {
      const answer = await send(kind, path, await build());
      // A sealed body refused for its key (rotated, or unknown to a restarted instance) is sealed again with a new one.
      const isKeyRefusal = KEY_REFUSALS.has(answer.code);
      if (isKeyRefusal) key = null;
      if (answer.status > 0 && answer.status < 500 && !isKeyRefusal) return answer;
      if (Date.now() >= giveUpAt) return answer;
      // Backing off, as clients do: a retry every half second from every waiting call would
      // multiply the load on servers that are already slow (a retry storm), not measure them.
      const pause = Math.min(RETRY_MAX_PAUSE_MS, RETRY_PAUSE_MS * 2 ** attempt++);
      await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random() / 2)));
    }
  };

  const record = (answer: MoneyAnswer) => fs.writeSync(answers, `${JSON.stringify(answer)}\n`);
  const json = (token: string | null, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  /** An encrypted body, sealed again for every attempt (each seal's nonce is accepted once). */
  const sealed = async (token: string, body: unknown): Promise<RequestInit> => {
    key ??= await fetch(`${input.baseUrl}/wps/session/key/rsa`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      .then((r) => r.json() as Promise<Envelope>)
      .then((e) => (e.success ? (e.value as RsaKeyResult) : null))
      .catch(() => null);
    if (!key) return json(token, body);
    return json(token, await encryptPayload(key.jwk, key.keyId, body));
  };
  const amountOf = (minor: number) => (minor / 100).toFixed(2);

  type Op = (n: number) => Promise<void>;
  const deposit: Op = async (n) => {
    const payer = input.payers[n % input.payers.length]!;
    const amountMinor = 5000 + (n % 7) * 100;
    const opened = await untilAnswered('deposit-order', '/wps/deposit/orders', async () =>
      json(payer.token, {
        channelId: input.depositChannelId,
        amount: amountOf(amountMinor),
        idempotencyKey: `sd-${runId}-${n}`,
      }),
    );
    if (opened.code !== 'OK') return;
    const order = opened.envelope.value as { id: string; payUrl: string; amountMinor: string; currency: string };
    const paymentRef = order.payUrl.split('/').pop()!;
    const paid = await untilAnswered('deposit-webhook', SANDBOX_WEBHOOK_PATH, async () => {
      const timestamp = Math.floor(Date.now() / 1000);
      const raw = JSON.stringify({
        event: 'payment.succeeded',
        paymentRef,
        merchantRef: order.id,
        amountMinor: order.amountMinor,
        currency: order.currency,
        timestamp,
      });
      return {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signBody(input.gatewaySecret, raw),
          [SANDBOX_TIMESTAMP_HEADER]: String(timestamp),
        },
        body: raw,
      };
    });
    const value = paid.envelope.value as { status?: string } | undefined;
    record({
      at: Date.now(),
      op: 'deposit',
      ref: order.id,
      amount: order.amountMinor,
      status: paid.status,
      code: paid.code,
      acknowledged: paid.code === 'OK' && value?.status === 'credited',
    });
  };
  const withdrawal: Op = async (n) => {
    const payer = input.payers[(n * 5) % input.payers.length]!;
    const idempotencyKey = `sw-${runId}-${n}`;
    const amountMinor = 1000 + (n % 9) * 100;
    const answer = await untilAnswered('withdrawal', '/wps/withdraw/orders', () =>
      sealed(payer.token, {
        amount: amountOf(amountMinor),
        bankAccountId: payer.bankAccountId,
        paymentPassword: input.paymentPassword,
        idempotencyKey,
      }),
    );
    record({
      at: Date.now(),
      op: 'withdrawal',
      ref: `withdrawal:${payer.memberId}:${idempotencyKey}`,
      amount: String(amountMinor),
      status: answer.status,
      code: answer.code,
      acknowledged: answer.code === 'OK',
    });
  };
  const ticket: Op = async (n) => {
    const payer = input.payers[(n * 3) % input.payers.length]!;
    const answer = await untilAnswered('ticket', '/lgw/tickets', async () =>
      json(payer.token, {
        gameCode: input.lotteryGame,
        idempotencyKey: `st-${runId}-${n}`,
        selections: [{ betType: 'lo', numbers: [(n * 37) % 100], stakePerLineMinor: String(10 + (n % 10) * 10) }],
      }),
    );
    const ticket = (answer.envelope.value as { ticket?: { ticketId: string; stakeMinor: string } } | undefined)?.ticket;
    record({
      at: Date.now(),
      op: 'ticket',
      ref: ticket ? `lt-${ticket.ticketId}-bet` : `st-${runId}-${n}`,
      amount: ticket?.stakeMinor ?? '0',
      status: answer.status,
      code: answer.code,
      acknowledged: answer.code === 'OK' && ticket !== undefined,
    });
  };
  const agentTransfer: Op = async (n) => {
    const agent = input.agents[n % input.agents.length]!;
    const downline = agent.downlines[Math.floor(n / input.agents.length) % agent.downlines.length]!;
    const idempotencyKey = `sa-${runId}-${n}`;
    const amountMinor = 2000 + (n % 5) * 100;
    const answer = await untilAnswered('agent-transfer', '/wps/agent/centre/transfer', () =>
      sealed(agent.token, {
        memberId: downline,
        amount: amountOf(amountMinor),
        paymentPassword: input.paymentPassword,
        idempotencyKey,
      }),
    );
    record({
      at: Date.now(),
      op: 'agent-transfer',
      ref: `transfer-downline:${agent.memberId}:${idempotencyKey}`,
      amount: String(amountMinor),
      status: answer.status,
      code: answer.code,
      acknowledged: answer.code === 'OK',
    });
  };
  // Each payer's moves alternate: 20.00 in, then 10.00 back out, so the vendor wallets fill slowly.
  const vendor: Op = async (n) => {
    const payer = input.payers[n % input.payers.length]!;
    const direction = Math.floor(n / input.payers.length) % 2 === 0 ? 'in' : 'out';
    const amountMinor = direction === 'in' ? 2000 : 1000;
    const answer = await untilAnswered(`vendor-${direction}`, '/wps/relay/GCS_walletTransfer', async () =>
      json(payer.token, {
        direction,
        vassalage: input.transferVendor,
        amount: amountOf(amountMinor),
        idempotencyKey: `sv-${runId}-${n}`,
      }),
    );
    const transfer = (answer.envelope.value as { transfers?: { id: string; status: string }[] } | undefined)
      ?.transfers?.[0];
    record({
      at: Date.now(),
      op: direction === 'in' ? 'vendor-in' : 'vendor-out',
      ref: transfer?.id ?? `sv-${runId}-${n}`,
      amount: String(amountMinor),
      status: answer.status,
      code: answer.code,
      acknowledged: answer.code === 'OK' && transfer?.status === 'succeeded',
      ...(transfer ? { outcome: transfer.status } : {}),
    });
  };

  const clocks: [Op, number][] = [
    [deposit, input.rates.deposit],
    [withdrawal, input.rates.withdrawal],
    [ticket, input.rates.ticket],
    [agentTransfer, input.rates.agentTransfer],
    [vendor, input.rates.vendor],
  ];
  const pending = new Set<Promise<void>>();
  await Promise.all(
    clocks
      .filter(([, rate]) => rate > 0)
      .map(async ([op, rate]) => {
        const intervalMs = 1000 / rate;
        const started = Date.now();
        for (let n = 0; Date.now() < stopAt; ) {
          const p = op(n++).finally(() => pending.delete(p));
          pending.add(p);
          const next = started + n * intervalMs;
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
        }
      }),
  );
  await Promise.all(pending);
  fs.closeSync(answers);
  fs.closeSync(calls);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
