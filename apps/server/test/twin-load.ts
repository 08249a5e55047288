/**
 * The two-instance test's load: each player registers, deposits through the sandbox gateway,
 * bets and wins through signed seamless-wallet callbacks, and withdraws, one request at a time,
 * on its home instance (the other one once its home is gone). Every request records whether the
 * client got a success answer, so the test can check that exactly those were applied.
 */
import crypto from 'node:crypto';
import { SANDBOX_SEAMLESS } from '../src/modules/gateway/gateway.service';
import type { AppServices } from '../src/services';
import type { TwinClient } from './twin-cluster';

export const PAYMENT_PASSWORD = '739184';
export const GAME_ID = 'SBX-slot-01';

export type OpKind = 'deposit' | 'bet' | 'win' | 'withdraw';
export type Op = {
  kind: OpKind;
  amountMinor: bigint;
  key: string;
  accepted: boolean;
  orderId?: string;
  betKey?: string;
};
export type Player = {
  index: number;
  home: number;
  username: string;
  password: string;
  registered: boolean;
  memberId: string;
  token: string;
  sessionToken: string;
  ops: Op[];
};

function major(minor: bigint): string {
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
}

const between = (min: number, max: number) => BigInt(crypto.randomInt(min, max));

export type LoadContext = {
  client: TwinClient;
  services: AppServices;
  vendorSecret: string;
  depositChannelId: string;
  /** Requests answered so far (any instance), for the kill trigger. */
  onAnswer: () => void;
};

/** Register over HTTP; a re-sent registration that finds its username taken logs in instead. */
async function register(ctx: LoadContext, p: Player): Promise<void> {
  const body = { username: p.username, password: p.password, confirmPassword: p.password, agree: true };
  const answer = await ctx.client.request(p.home, `register ${p.username}`, 'PUT', '/wps/member/register', {
    body,
    encrypted: true,
  });
  ctx.onAnswer();
  if (answer.outcome === 'accepted') {
    p.token = (answer.value as { token: string }).token;
  } else if (answer.errorCode === 'USERNAME_TAKEN') {
    const login = await ctx.client.request(p.home, `login ${p.username}`, 'POST', '/wps/session/login', {
      body: { type: 'username', username: p.username, password: p.password },
      encrypted: true,
    });
    if (login.outcome !== 'accepted') throw new Error(`login after a lost registration answer: ${login.errorCode}`);
    p.token = (login.value as { token: string }).token;
  } else {
    throw new Error(`registration refused: ${answer.errorCode}`);
  }
  p.registered = true;
  const member = await ctx.services.session.resolve(p.token);
  if (!member) throw new Error('no session after registration');
  p.memberId = member.memberId;
}

/** What the security centre would have collected: payee, payment password, a bank account. */
async function prepareWithdrawals(ctx: LoadContext, p: Player): Promise<string> {
  const { security } = ctx.services;
  await security.setPayeeName(p.memberId, 'Maria Silva');
  await security.setPaymentPassword(p.memberId, {
    newPaymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });
  const bank = (await security.listBanks())[0]!;
  const account = await security.addBankAccount(p.memberId, {
    bankCode: bank.code,
    accountNumber: `${20_000_000 + p.index}`,
    holderName: 'Maria Silva',
  });
  return account.id;
}

/**
 * Launch the sandbox slot and authenticate as the vendor would: the vendor session token. The
 * launch token is single-use, so when an authentication's answer was lost and its re-send finds
 * the token spent, the player launches again.
 */
async function openGame(ctx: LoadContext, p: Player, attempt = 1): Promise<void> {
  const launch = await ctx.client.request(p.home, 'launch', 'POST', '/wps/game/launchGame', {
    token: p.token,
    body: {
      nodeId: GAME_ID,
      vassalage: SANDBOX_SEAMLESS,
      gameId: GAME_ID,
      launchMode: 'GLS',
      platform: 'html5-desktop',
      language: 'en',
    },
  });
  if (launch.outcome !== 'accepted') throw new Error(`launch refused: ${launch.errorCode}`);
  const launchToken = new URL((launch.value as { game_url: string }).game_url).searchParams.get('token');
  const auth = await ctx.client.request(p.home, 'authenticate', 'POST', `/vendor/${SANDBOX_SEAMLESS}/authenticate`, {
    body: { launchToken },
    vendorSecret: ctx.vendorSecret,
  });
  if (auth.outcome !== 'accepted') {
    if (auth.resent && attempt === 1) return openGame(ctx, p, 2);
    throw new Error(`authenticate refused: ${auth.errorCode}`);
  }
  p.sessionToken = (auth.value as { sessionToken: string }).sessionToken;
}

async function deposit(ctx: LoadContext, p: Player, op: Op): Promise<void> {
  const order = { channelId: ctx.depositChannelId, amount: major(op.amountMinor), idempotencyKey: op.key };
  const created = await ctx.client.request(p.home, `deposit ${op.key}`, 'POST', '/wps/deposit/orders', {
    token: p.token,
    body: order,
  });
  ctx.onAnswer();
  if (created.outcome !== 'accepted') throw new Error(`deposit order refused: ${created.errorCode}`);
  const { id, payUrl } = created.value as { id: string; payUrl: string };
  op.orderId = id;
  // The player pays on the gateway's page; the gateway's webhook credits the order.
  const paid = await ctx.client.request(p.home, `pay ${op.key}`, 'POST', payUrl, { form: 'outcome=succeeded' });
  ctx.onAnswer();
  // The player's page then shows the order (the same key answers with it as it is now). A
  // re-sent press finds the payment already completed (404); whether the first press's webhook
  // credited the order before its instance died is what the order says.
  const after = await ctx.client.request(p.home, `deposit status ${op.key}`, 'POST', '/wps/deposit/orders', {
    token: p.token,
    body: order,
  });
  if (after.outcome !== 'accepted') throw new Error(`deposit order re-read refused: ${after.errorCode}`);
  const status = (after.value as { status: string }).status;
  op.accepted = status === 'credited';
  if (paid.status === 303 && !op.accepted) throw new Error(`deposit ${op.key} paid (303) but ${status}`);
}

async function callback(ctx: LoadContext, p: Player, op: Op, name: 'bet' | 'win', roundId: string): Promise<void> {
  const base = { playerId: p.memberId, sessionToken: p.sessionToken, transactionId: op.key, roundId };
  const body =
    name === 'bet'
      ? { ...base, gameId: GAME_ID, amountMinor: op.amountMinor.toString() }
      : { ...base, betTransactionId: op.betKey, amountMinor: op.amountMinor.toString(), roundClosed: true };
  const answer = await ctx.client.request(p.home, `${name} ${op.key}`, 'POST', `/vendor/${SANDBOX_SEAMLESS}/${name}`, {
    body,
    vendorSecret: ctx.vendorSecret,
  });
  ctx.onAnswer();
  op.accepted = answer.outcome === 'accepted';
  if (answer.outcome === 'refused' && answer.errorCode !== 'INSUFFICIENT_FUNDS')
    throw new Error(`${name} refused: ${answer.errorCode}`);
}

async function withdraw(ctx: LoadContext, p: Player, op: Op, bankAccountId: string): Promise<void> {
  const body = {
    amount: major(op.amountMinor),
    bankAccountId,
    paymentPassword: PAYMENT_PASSWORD,
    idempotencyKey: op.key,
  };
  const answer = await ctx.client.request(p.home, `withdraw ${op.key}`, 'POST', '/wps/withdraw/orders', {
    token: p.token,
    body,
    encrypted: true,
  });
  ctx.onAnswer();
  op.accepted = answer.outcome === 'accepted';
  if (op.accepted) op.orderId = (answer.value as { id: string }).id;
  if (answer.outcome === 'refused' && answer.errorCode !== 'INSUFFICIENT_FUNDS')
    throw new Error(`withdrawal refused: ${answer.errorCode}`);
}

/** How many requests one player's run sends at least (its first sends; re-sends come on top). */
export const REQUESTS_PER_PLAYER = 1 + 3 * (2 + 1 + 1 + 1);

/** One player's whole session: register, then three rounds of deposit, bet, win, withdraw. */
export async function runPlayer(ctx: LoadContext, p: Player): Promise<void> {
  await register(ctx, p);
  const bankAccountId = await prepareWithdrawals(ctx, p);
  await openGame(ctx, p);
  for (let round = 0; round < 3; round++) {
    const tag = `${p.index}-${round}-${crypto.randomBytes(3).toString('hex')}`;
    const dep: Op = { kind: 'deposit', amountMinor: between(5_000, 20_000), key: `twin-dep-${tag}`, accepted: false };
    p.ops.push(dep);
    await deposit(ctx, p, dep);
    const roundId = `twin-round-${tag}`;
    const bet: Op = { kind: 'bet', amountMinor: between(500, 3_000), key: `twin-bet-${tag}`, accepted: false };
    p.ops.push(bet);
    await callback(ctx, p, bet, 'bet', roundId);
    if (bet.accepted) {
      const win: Op = {
        kind: 'win',
        amountMinor: between(0, 6_000),
        key: `twin-win-${tag}`,
        betKey: bet.key,
        accepted: false,
      };
      p.ops.push(win);
      await callback(ctx, p, win, 'win', roundId);
    }
    const out: Op = { kind: 'withdraw', amountMinor: between(1_000, 4_000), key: `twin-wd-${tag}`, accepted: false };
    p.ops.push(out);
    await withdraw(ctx, p, out, bankAccountId);
  }
}

/** The balance a player must have: what the accepted requests add up to. */
export function expectedBalance(p: Player): bigint {
  let total = 0n;
  for (const op of p.ops.filter((o) => o.accepted)) {
    if (op.kind === 'deposit' || op.kind === 'win') total += op.amountMinor;
    else total -= op.amountMinor;
  }
  return total;
}
