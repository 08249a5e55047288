/**
 * Crash test: a real server process on a scratch PostgreSQL database takes deposits,
 * withdrawals, operator decisions and upline transfers; it is killed with SIGKILL mid-load,
 * restarted on the same database, and the load is completed by retrying every request whose
 * answer was lost with its original idempotency key. Then the ledger invariants hold, every
 * accepted request is applied (or visibly pending), and every player's balance equals what the
 * accepted requests add up to.
 *
 * Runs only with TEST_DATABASE_URL (like the other PostgreSQL suites). The server runs from
 * source through tsx, so the test never depends on a stale build.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encryptPayload } from '@wps/shared/payload-crypto';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { DEMO_AGENT } from '../src/modules/member/member.seed';
import { createServices, type AppServices } from '../src/services';
import { listeningAddress } from './spawn-server';
import { createScratchPostgres, describePostgres } from './test-app';
import { nextTotpCode } from './totp-codes';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const PLAYERS = 12;
const FUNDING = 200_000n;
const PAYMENT_PASSWORD = '739184';

type Outcome = 'accepted' | 'refused' | 'unknown';
type Op =
  | { kind: 'withdraw'; player: number; amountMinor: bigint; key: string; outcome: Outcome; orderId?: string }
  | { kind: 'transfer'; player: number; amountMinor: bigint; key: string; outcome: Outcome }
  | { kind: 'deposit'; player: number; amountMinor: bigint; key: string; outcome: Outcome };
type Player = { memberId: string; token: string; bankAccountId: string };

function major(minor: bigint): string {
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
}

describePostgres('crash test: SIGKILL under load, restart, complete [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: DatabaseHandle;
  let services: AppServices;
  let server: ChildProcess | undefined;
  let baseUrl = '';
  const dataDir = path.join(os.tmpdir(), `wps-crash-${crypto.randomBytes(6).toString('hex')}`);

  async function startServer(): Promise<void> {
    // Port 0: the server reports the port it bound (listeningAddress), so no other process can take it first.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: scratch.url,
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        // Info: the "Server listening at" line carries the port.
        LOG_LEVEL: 'info',
        SCRYPT_LOG_N: '10',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    server = child;
    baseUrl = await listeningAddress(child, () => output, 60_000);
  }

  async function killServer(signal: NodeJS.Signals): Promise<void> {
    const child = server;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /**
   * One HTTP call; a lost answer (connection reset, refused, timeout) is 'unknown', never a guess.
   * With `encrypted`, the body is encrypted with the server's current key, as the web does.
   */
  async function send(
    method: string,
    url: string,
    token: string,
    body?: unknown,
    encrypted = false,
  ): Promise<{ outcome: Outcome; value?: unknown; errorCode?: string }> {
    try {
      let payload = body;
      if (encrypted) {
        const key = (
          (await (await fetch(`${baseUrl}/wps/session/key/rsa`)).json()) as {
            value: { keyId: string; jwk: JsonWebKey };
          }
        ).value;
        payload = await encryptPayload(key.jwk, key.keyId, body);
      }
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { authorization: token, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await res.json()) as { success: boolean; value?: unknown; errorCode?: string };
      if (json.success) return { outcome: 'accepted', value: json.value };
      if (res.status >= 500) return { outcome: 'unknown', errorCode: json.errorCode };
      return { outcome: 'refused', errorCode: json.errorCode };
    } catch {
      return { outcome: 'unknown' };
    }
  }

  async function execute(op: Op, players: Player[]): Promise<void> {
    const p = players[op.player]!;
    if (op.kind === 'deposit') {
      // Deposits are credited by the ledger service from this (second) process, as a gateway credit would be.
      try {
        await services.ledger.creditPlayerFromSystem({
          systemAccount: 'gateway_clearing',
          memberId: p.memberId,
          amountMinor: op.amountMinor,
          kind: 'deposit',
          idempotencyKey: op.key,
        });
        op.outcome = 'accepted';
      } catch {
        op.outcome = 'unknown';
      }
      return;
    }
    const url = op.kind === 'withdraw' ? '/wps/withdraw/orders' : '/wps/member/transfer/upline';
    const body =
      op.kind === 'withdraw'
        ? {
            amount: major(op.amountMinor),
            bankAccountId: p.bankAccountId,
            paymentPassword: PAYMENT_PASSWORD,
            idempotencyKey: op.key,
          }
        : { amount: major(op.amountMinor), paymentPassword: PAYMENT_PASSWORD, idempotencyKey: op.key };
    const r = await send('POST', url, p.token, body, true);
    op.outcome = r.outcome;
    if (r.outcome === 'accepted' && op.kind === 'withdraw') op.orderId = (r.value as { id: string }).id;
    if (
      r.outcome === 'refused' &&
      r.errorCode !== 'INSUFFICIENT_FUNDS' &&
      r.errorCode !== 'WITHDRAWAL_DAILY_LIMIT_REACHED'
    ) {
      throw new Error(`unexpected refusal ${r.errorCode} for ${op.kind}`);
    }
  }

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    await startServer();
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 10 });
    services = createServices({
      config: { ...loadConfig({ DATA_DIR: dataDir }), databaseUrl: scratch.url, scryptLogN: 10 },
      database,
      db: database.db,
      log: pino({ level: 'silent' }),
    });
    const config = await services.system.getOperatorConfig();
    await services.system.updateSetting('register', { ...config.register, showCaptcha: false });
    await services.system.updateSetting('withdrawal', { ...config.withdrawal, dailyCountLimit: 1000 });
  }, 120_000);

  afterAll(async () => {
    await killServer('SIGTERM');
    await database?.close();
    await scratch?.drop();
  });

  it('keeps every accepted request applied or pending across a SIGKILL, and the ledger balanced', async () => {
    // Players registered with the demo agent's code, so each has an upline to transfer to.
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const username = `crash${crypto.randomBytes(4).toString('hex')}`;
      const password = `Pw${crypto.randomBytes(6).toString('hex')}9`;
      const login = await services.member.registerByUsername(
        { username, password, confirmPassword: password, agree: true, affiliateCode: DEMO_AGENT.affiliateCode },
        { ip: `10.9.${i}.1`, userAgent: 'crash-test' },
      );
      const member = await database.db
        .selectFrom('members')
        .select('id')
        .where('account', '=', username)
        .executeTakeFirstOrThrow();
      const memberId = String(member.id);
      await services.security.setPayeeName(memberId, 'Maria Silva');
      await services.security.setPaymentPassword(memberId, {
        newPaymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      });
      const bank = (await services.security.listBanks())[0]!;
      const account = await services.security.addBankAccount(memberId, {
        bankCode: bank.code,
        accountNumber: `${10_000_000 + i}`,
        holderName: 'Maria Silva',
      });
      await services.ledger.creditPlayerFromSystem({
        systemAccount: 'gateway_clearing',
        memberId,
        amountMinor: FUNDING,
        kind: 'deposit',
        idempotencyKey: `crash-fund:${memberId}`,
      });
      players.push({ memberId, token: login.token, bankAccountId: account.id });
    }
    const agent = await database.db
      .selectFrom('members')
      .select('id')
      .where('account', '=', DEMO_AGENT.account)
      .executeTakeFirstOrThrow();
    const agentId = String(agent.id);
    const agentBefore = await services.ledger.getPlayerBalance(agentId);

    const opsName = `crashops${crypto.randomBytes(3).toString('hex')}`;
    const opsPassword = `Ops-${crypto.randomBytes(8).toString('hex')}`;
    await services.operators.createOperator({ username: opsName, role: 'finance', password: opsPassword });
    // First login: the operator enrols TOTP with the shown secret, and the confirmation opens the session.
    const postJson = async <T>(url: string, body: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { value: T }).value;
    };
    const enrolment = await postJson<{ enrolmentToken: string; secret: string }>('/ops/session/login', {
      username: opsName,
      password: opsPassword,
    });
    const opsToken = (
      await postJson<{ token: string }>('/ops/session/enrol', {
        enrolmentToken: enrolment.enrolmentToken,
        code: await nextTotpCode(enrolment.secret),
      })
    ).token;

    // Each player runs its own sequence (one request at a time per player: the security centre
    // serialises one member's payment-password tries); the players run in parallel.
    const ops: Op[] = [];
    const plan = (player: number): Op[] =>
      Array.from({ length: 14 }, (_, i) => {
        const key = `crash-${player}-${i}-${crypto.randomBytes(4).toString('hex')}`;
        const amountMinor = BigInt(1_000 + crypto.randomInt(0, 4_000));
        const kind = (['withdraw', 'transfer', 'deposit', 'withdraw'] as const)[i % 4]!;
        const op: Op = { kind, player, amountMinor, key, outcome: 'unknown' };
        ops.push(op);
        return op;
      });
    const decisions: { orderId: string; action: 'approve' | 'reject'; outcome: Outcome }[] = [];
    let killed = false;
    const load = players.map(async (_, player) => {
      for (const op of plan(player)) {
        await execute(op, players);
        // The operator decides on some orders while the load runs.
        if (op.kind === 'withdraw' && op.orderId && !killed) {
          const action = crypto.randomInt(2) === 0 ? 'approve' : 'reject';
          const r = await send(
            'POST',
            `/ops/withdrawals/${op.orderId}/${action}`,
            opsToken,
            action === 'reject' ? { reason: 'crash test' } : {},
          );
          decisions.push({ orderId: op.orderId, action, outcome: r.outcome });
        }
      }
    });
    // Kill the server partway through the load.
    const killer = (async () => {
      for (let i = 0; i < 400 && ops.filter((o) => o.outcome !== 'unknown').length < (PLAYERS * 14) / 3; i++) {
        await new Promise((r) => setTimeout(r, 25));
      }
      killed = true;
      await killServer('SIGKILL');
    })();
    await Promise.all([...load, killer]);
    const lost = ops.filter((o) => o.outcome === 'unknown').length;
    const answered = ops.length - lost;
    expect(lost, 'the kill should land while requests are in flight or pending').toBeGreaterThan(0);

    // Restart on the same database and complete: every request with a lost answer is retried
    // with its original idempotency key.
    await startServer();
    for (const op of ops.filter((o) => o.outcome === 'unknown')) await execute(op, players);
    expect(ops.filter((o) => o.outcome === 'unknown')).toEqual([]);

    // Every accepted request is applied: withdrawals have an order and a hold, transfers and
    // deposits a balanced ledger transaction with their key.
    for (const op of ops.filter((o) => o.outcome === 'accepted')) {
      if (op.kind === 'withdraw') {
        const row = await database.db
          .selectFrom('withdrawal_orders as w')
          .innerJoin('ledger_holds as h', 'h.id', 'w.hold_id')
          .select(['w.status', 'h.status as holdStatus', 'w.amount'])
          .where('w.member_id', '=', players[op.player]!.memberId)
          .where('w.idempotency_key', '=', op.key)
          .executeTakeFirst();
        expect(row, `order for ${op.key}`).toBeDefined();
        expect(row!.amount).toBe(op.amountMinor.toString());
        const expectedHold = {
          pending: 'pending',
          rejected: 'voided',
          approved: 'posted',
          completed: 'posted',
          disputed: 'posted',
        }[row!.status];
        expect(row!.holdStatus).toBe(expectedHold);
      } else {
        const key = op.kind === 'transfer' ? `transfer-upline:${players[op.player]!.memberId}:${op.key}` : op.key;
        const tx = await database.db
          .selectFrom('ledger_transactions')
          .select(['id', 'result'])
          .where('idempotency_key', '=', key)
          .executeTakeFirst();
        expect(tx, `transaction for ${op.key}`).toBeDefined();
        expect(tx!.result).not.toBeNull();
      }
    }
    // Refused requests left nothing behind.
    for (const op of ops.filter((o) => o.outcome === 'refused' && o.kind === 'withdraw')) {
      const row = await database.db
        .selectFrom('withdrawal_orders')
        .select('id')
        .where('idempotency_key', '=', op.key)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }

    // Decide every order still pending (some decisions' answers were lost in the crash: the
    // order shows whether they happened; a repeated decision gets WITHDRAWAL_ALREADY_RESOLVED).
    const pending = await database.db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    for (const row of pending) {
      const r = await send('POST', `/ops/withdrawals/${row.id}/approve`, opsToken, { reason: 'checked' });
      expect(r.outcome).toBe('accepted');
    }

    // Balances: each player's is exactly funding + deposits − transfers − withdrawals not rejected.
    const rejected = new Set(
      (
        await database.db
          .selectFrom('withdrawal_orders')
          .select('idempotency_key')
          .where('status', '=', 'rejected')
          .execute()
      ).map((r) => r.idempotency_key),
    );
    let transferred = 0n;
    for (const [i, p] of players.entries()) {
      let expected = FUNDING;
      for (const op of ops.filter((o) => o.player === i && o.outcome === 'accepted')) {
        if (op.kind === 'deposit') expected += op.amountMinor;
        if (op.kind === 'transfer') {
          expected -= op.amountMinor;
          transferred += op.amountMinor;
        }
        if (op.kind === 'withdraw' && !rejected.has(op.key)) expected -= op.amountMinor;
      }
      expect(await services.ledger.getPlayerBalance(p.memberId), `player ${i}`).toBe(expected);
    }
    expect(await services.ledger.getPlayerBalance(agentId)).toBe(agentBefore + transferred);

    const check = await checkLedger(database.db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.stats.pendingHolds).toBe(0);
    console.info(
      `crash test: ${ops.length} requests, ${answered} answered before the SIGKILL, ${lost} without an answer (in flight or sent while down) and retried after the restart; ` +
        `${ops.filter((o) => o.outcome === 'accepted').length} accepted, ${ops.filter((o) => o.outcome === 'refused').length} refused; ledger:check ok`,
    );
  }, 240_000);
});
