/**
 * Two server processes on one PostgreSQL database. Players are split across them (registration,
 * sandbox-gateway deposits, signed seamless bets and wins, withdrawals); one instance is killed
 * with SIGKILL mid-load and its players move to the other, which gets every request whose
 * answer was lost, with the same idempotency key or vendor transaction id. Afterwards the ledger
 * check passes, every request the client saw succeed is applied exactly once, balances are what
 * the accepted requests add up to, and a write on one instance reaches the other's cached reads
 * within a second. The periodic jobs run every second on both: each (job, period) ran once, and
 * the period the killed instance held (stuck behind a row lock this test holds) was taken over
 * and finished by the survivor once its lease ran out.
 *
 * Runs only with TEST_DATABASE_URL. The servers run from source through tsx.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { seedDemoOperator } from '../src/db/seed';
import { listJobRuns, type JobRunRow } from '../src/jobs/job-runs.repository';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { SANDBOX_SEAMLESS } from '../src/modules/gateway/gateway.service';
import { createServices, type AppServices } from '../src/services';
import { createScratchPostgres, describePostgres } from './test-app';
import { send, startInstance, stopInstance, TwinClient, type Instance } from './twin-cluster';
import { expectedBalance, REQUESTS_PER_PLAYER, runPlayer, type Player } from './twin-load';

const PLAYERS = 16;
const JOB_INTERVAL_MS = 1_000;
const JOB_LEASE_MS = 5_000;
const JOBS = ['withdrawal-auto-receipt', 'inhouse-stale-rounds', 'vendor-transfer-status', 'encryption-key-rotation'];
/** The job this test blocks: its nonce clean-up waits on a row the test holds locked. */
const BLOCKED_JOB = 'encryption-key-rotation';
const CACHE_DEADLINE_MS = 1_000;

/** Poll `probe` until it returns a value (not undefined/false), or fail after `timeoutMs`. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describePostgres('two instances on one database: split load, one SIGKILLed, jobs once per period [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: DatabaseHandle;
  let services: AppServices;
  let instances: [Instance, Instance];
  const vendorSecret = crypto.randomBytes(24).toString('hex');

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 10 });
    await runMigrations(database);
    await seedDemoOperator(database.db);
    services = createServices({
      config: {
        ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'wps-twin-test') }),
        databaseUrl: scratch.url,
        scryptLogN: 10,
      },
      database,
      db: database.db,
      log: pino({ level: 'silent' }),
    });
    const config = await services.system.getOperatorConfig();
    await services.system.updateSetting('register', { ...config.register, showCaptcha: false });
    await services.system.updateSetting('withdrawal', { ...config.withdrawal, dailyCountLimit: 1000 });
    const env = {
      JOB_INTERVAL_MS: String(JOB_INTERVAL_MS),
      JOB_LEASE_MS: String(JOB_LEASE_MS),
      // The reference vendor's adapters, with a secret this test signs callbacks with; nothing listens there.
      VENDOR_SANDBOX_URL: 'http://127.0.0.1:9',
      VENDOR_SANDBOX_SECRET: vendorSecret,
    };
    instances = await Promise.all([startInstance('A', scratch.url, env), startInstance('B', scratch.url, env)]);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances ?? []) await stopInstance(instance, 'SIGTERM');
    await database?.close();
    await scratch?.drop();
  });

  it("a write on one instance reaches the other's cached reads within a second", async () => {
    const [a, b] = instances;
    const username = `twin${crypto.randomBytes(4).toString('hex')}`;
    const password = `Pw${crypto.randomBytes(6).toString('hex')}9`;
    const reg = await send(a, 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, agree: true },
      encrypted: true,
    });
    expect(reg.outcome, reg.errorCode).toBe('accepted');
    const token = (reg.value as { token: string }).token;
    const info = async (on: Instance) => send(on, 'GET', '/wps/member/info', { token });
    const languageOn = async (on: Instance) => ((await info(on)).value as { language: string } | undefined)?.language;

    const timings: string[] = [];
    for (const [writer, reader, language] of [
      [a, b, 'EN'],
      [b, a, 'ES'],
    ] as const) {
      // The reader has the member (and the session) in its caches.
      const before = await languageOn(reader);
      expect(await languageOn(reader)).toBe(before);
      expect(before).not.toBe(language);
      const put = await send(writer, 'PUT', '/wps/member/language', { token, body: { language } });
      expect(put.outcome).toBe('accepted');
      const started = Date.now();
      await waitFor(`${reader.name} to see the language`, async () => (await languageOn(reader)) === language, 5_000);
      const elapsed = Date.now() - started;
      timings.push(`member info ${writer.name}→${reader.name} ${elapsed} ms`);
      expect(elapsed).toBeLessThan(CACHE_DEADLINE_MS);
    }
    // A logout on A ends the session that B has cached.
    expect((await info(b)).outcome).toBe('accepted');
    expect((await send(a, 'DELETE', '/wps/session/logout', { token })).outcome).toBe('accepted');
    const started = Date.now();
    await waitFor('B to refuse the logged-out token', async () => (await info(b)).outcome === 'refused', 5_000);
    const elapsed = Date.now() - started;
    timings.push(`logout A→B ${elapsed} ms`);
    expect(elapsed).toBeLessThan(CACHE_DEADLINE_MS);
    console.info(`two instances, cached reads: ${timings.join(', ')}`);
  });

  it('keeps every accepted request applied once across a SIGKILL, and each job period run once', async () => {
    const client = new TwinClient(instances);
    const channels = await send(instances[0], 'GET', '/wps/deposit/channels', { token: await anyToken() });
    const channel = (channels.value as { id: string; type: string; name: string }[]).find(
      (c) => c.type === 'gateway' && c.name === 'Sandbox Pay',
    );
    expect(channel).toBeDefined();

    const players: Player[] = Array.from({ length: PLAYERS }, (_, index) => ({
      index,
      home: index % 2,
      username: `twin${index}x${crypto.randomBytes(3).toString('hex')}`,
      password: `Pw${crypto.randomBytes(6).toString('hex')}9`,
      registered: false,
      memberId: '',
      token: '',
      sessionToken: '',
      ops: [],
    }));
    const total = PLAYERS * REQUESTS_PER_PLAYER;
    let answered = 0;
    const ctx = { client, services, vendorSecret, depositChannelId: channel!.id, onAnswer: () => void answered++ };

    // A quarter into the load, a row the key job's clean-up deletes is locked, so the instance
    // that claims the next period of that job holds its claim unfinished: that one is killed.
    // Both instances' runs of that job wait on the lock until then, for a period or two.
    const locker = new pg.Client({ connectionString: scratch.url });
    await locker.connect();
    let killed: { victim: Instance; survivor: Instance; at: number; heldPeriod: string } | undefined;
    const killer = (async () => {
      await waitFor('a quarter of the load', () => answered >= total / 4, 60_000);
      await locker.query(
        `INSERT INTO payload_nonces (nonce, expires_at) VALUES ('twin-held', now() - interval '1 hour')`,
      );
      await locker.query('BEGIN');
      await locker.query(`SELECT nonce FROM payload_nonces WHERE nonce = 'twin-held' FOR UPDATE`);
      const lockedAt = new Date((await locker.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0]!.at);
      const held = await waitFor('a claim stuck behind the lock', async () => {
        const rows = await listJobRuns(database.db, [BLOCKED_JOB]);
        return rows.find((r) => r.finishedAt === null && r.startedAt > lockedAt);
      });
      const victim = instances.find((i) => held.instance.includes(`:${i.child.pid}:`));
      if (!victim) throw new Error(`no instance with the pid in ${held.instance}`);
      const at = answered;
      await stopInstance(victim, 'SIGKILL');
      killed = { victim, survivor: instances.find((i) => i !== victim)!, at, heldPeriod: held.periodKey };
      await locker.query('ROLLBACK');
      await locker.end();
    })();
    const started = Date.now();
    await Promise.all([...players.map((p) => runPlayer(ctx, p)), killer]);
    const loadMs = Date.now() - started;
    expect(killed, 'the kill happened').toBeDefined();
    const { victim, survivor } = killed!;
    expect(killed!.at, 'the kill landed mid-load').toBeLessThan(answered);
    expect(client.lost.length, 'requests lost their answer to the kill').toBeGreaterThan(0);

    // Exactly once: every registration made one member; every accepted request left one record
    // (and one ledger transaction where money moved); no refused withdrawal left an order.
    const db = database.db;
    for (const p of players) {
      expect(p.registered).toBe(true);
      const members = await db.selectFrom('members').select('id').where('account', '=', p.username).execute();
      expect(members.map((m) => String(m.id))).toEqual([p.memberId]);
      for (const op of p.ops) {
        if (op.kind === 'deposit') {
          const orders = await db
            .selectFrom('deposit_orders')
            .select(['id', 'status', 'amount_minor'])
            .where('member_id', '=', p.memberId)
            .where('idempotency_key', '=', op.key)
            .execute();
          expect(orders, op.key).toHaveLength(1);
          const txs = await db
            .selectFrom('ledger_transactions')
            .select('id')
            .where('idempotency_key', '=', `deposit:${op.orderId}`)
            .execute();
          expect(txs.length, op.key).toBe(op.accepted ? 1 : 0);
        } else if (op.kind === 'bet' || op.kind === 'win') {
          const rows = await db
            .selectFrom('round_bets')
            .select(['ledger_transaction_id'])
            .where('vassalage', '=', SANDBOX_SEAMLESS)
            .where('vendor_tx_id', '=', op.key)
            .execute();
          if (op.accepted) {
            expect(rows, op.key).toHaveLength(1);
            expect(rows[0]!.ledger_transaction_id, op.key).not.toBeNull();
          } else {
            expect(
              rows.filter((r) => r.ledger_transaction_id !== null),
              op.key,
            ).toHaveLength(0);
          }
        } else {
          const orders = await db
            .selectFrom('withdrawal_orders')
            .select(['amount'])
            .where('member_id', '=', p.memberId)
            .where('idempotency_key', '=', op.key)
            .execute();
          expect(
            orders.map((o) => String(o.amount)),
            op.key,
          ).toEqual(op.accepted ? [op.amountMinor.toString()] : []);
        }
      }
      expect(await services.ledger.getPlayerBalance(p.memberId), `player ${p.index}`).toBe(expectedBalance(p));
    }
    const check = await checkLedger(db);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);

    // Jobs: the killed instance's stuck period is taken over and finished by the survivor; then
    // the survivor runs a few periods of every job alone.
    const survivorTag = `:${survivor.child.pid}:`;
    const victimTag = `:${victim.child.pid}:`;
    await waitFor('the killed instance periods to be finished', async () => {
      const rows = await listJobRuns(db, JOBS);
      return (
        !rows.some((r) => r.finishedAt === null && r.instance.includes(victimTag)) &&
        rows.find((r) => r.job === BLOCKED_JOB && r.periodKey === killed!.heldPeriod)?.finishedAt
      );
    });
    const afterTakeover = Date.now();
    await waitFor('two more periods of every job on the survivor', async () => {
      const rows = await listJobRuns(db, JOBS);
      return JOBS.every(
        (job) =>
          rows.filter(
            (r) =>
              r.job === job &&
              r.instance.includes(survivorTag) &&
              r.finishedAt &&
              r.periodStart.getTime() > afterTakeover,
          ).length >= 2,
      );
    });
    await stopInstance(survivor, 'SIGTERM');
    const runs = await listJobRuns(db, JOBS);
    checkJobRuns(runs, { victimTag, survivorTag, heldPeriod: killed!.heldPeriod });

    const perInstance = instances.map((i) => `${i.name} ${i.answered}`).join(', ');
    const runsPerInstance = instances
      .map((i) => `${i.name} ${runs.filter((r) => r.instance.includes(`:${i.child.pid}:`)).length}`)
      .join(', ');
    console.info(
      `two instances: ${answered} load requests answered in ${loadMs} ms by ${PLAYERS} players (HTTP answers per instance: ${perInstance}); ` +
        `${victim.name} SIGKILLed after ${killed!.at} answers, ` +
        `${client.lost.length} lost their answer and were re-sent to ${survivor.name} (${client.resent} re-sends); ` +
        `${players.flatMap((p) => p.ops).filter((o) => o.accepted).length} money requests accepted, ` +
        `${players.flatMap((p) => p.ops).filter((o) => o.kind === 'deposit' && !o.accepted).length} deposits paid but left pending by the kill; ledger:check ok. ` +
        `Jobs: ${runs.length} (job, period) runs (${runsPerInstance}), ${runs.filter((r) => r.attempt > 1).length} taken over from ${victim.name}.`,
    );
  }, 180_000);

  /** A token of some player, for reads that need a login. */
  async function anyToken(): Promise<string> {
    const username = `twin${crypto.randomBytes(4).toString('hex')}`;
    const password = `Pw${crypto.randomBytes(6).toString('hex')}9`;
    const reg = await send(instances[0], 'PUT', '/wps/member/register', {
      body: { username, password, confirmPassword: password, agree: true },
      encrypted: true,
    });
    return (reg.value as { token: string }).token;
  }
});

/**
 * Each job's periods are consecutive from its first run to its last, each (job, period) has one
 * row, finished; only periods the killed instance held were started twice, and those were
 * finished by the survivor.
 */
function checkJobRuns(runs: JobRunRow[], opts: { victimTag: string; survivorTag: string; heldPeriod: string }): void {
  for (const job of JOBS) {
    const rows = runs.filter((r) => r.job === job);
    expect(rows.length, job).toBeGreaterThan(5);
    const starts = rows.map((r) => r.periodStart.getTime());
    expect(new Set(starts).size, `${job}: one row per period`).toBe(rows.length);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]! - starts[i - 1]!, `${job}: no period missed`).toBe(JOB_INTERVAL_MS);
    for (const r of rows) {
      expect(r.finishedAt, `${job} ${r.periodKey} finished`).not.toBeNull();
      if (r.attempt > 1) {
        expect(r.previousInstance, `${job} ${r.periodKey} taken over from the killed instance`).toContain(
          opts.victimTag,
        );
        expect(r.instance).toContain(opts.survivorTag);
      }
    }
  }
  const held = runs.find((r) => r.job === BLOCKED_JOB && r.periodKey === opts.heldPeriod)!;
  expect(held.attempt).toBe(2);
  expect(held.previousInstance).toContain(opts.victimTag);
  expect(held.instance).toContain(opts.survivorTag);
}
