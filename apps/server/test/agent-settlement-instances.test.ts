/**
 * Agent settlement across processes on one PostgreSQL database: a settling process is SIGKILLed
 * inside a payment batch's transaction (its ledger posts made, not committed), then two processes resume the same period at once, then two processes settle a new
 * period at once from the start. Every statement is paid exactly once (one ledger transaction
 * each, the balances up by exactly the statements' amounts), a re-run pays nothing more, and the
 * ledger check is clean.
 *
 * Runs only with TEST_DATABASE_URL. The settling processes run from source through tsx.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { seedDemoOperator } from '../src/db/seed';
import { streamOf } from '../src/modules/agents/settlement/settlement-periods';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { createServices, type AppServices } from '../src/services';
import { createScratchPostgres, describePostgres } from './test-app';
import { spawnTsxChild, type TsxChild } from './tsx-child';

const TOPS = 125;
const STREAM = 'daily_salary:day';
/** Each top agent (100 bp) has a downline agent (50 bp) with two players staking 100.00 a day: 1.00 to each agent. */
const PER_DAY = BigInt(TOPS * 2 * 100);

const day = (d: number) => {
  const start = new Date(Date.UTC(2026, 1, d));
  return { key: start.toISOString().slice(0, 10), start, end: new Date(start.getTime() + 86_400_000) };
};

function settleInChild(url: string, w: ReturnType<typeof day>, env: Record<string, string> = {}): TsxChild {
  return spawnTsxChild(
    'apps/server/test/agent-settle-child.ts',
    [STREAM, w.key, w.start.toISOString(), w.end.toISOString()],
    { DATABASE_URL: url, ...env },
  );
}

describePostgres('agent settlement on several processes, one SIGKILLed mid-payment [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: DatabaseHandle;
  let services: AppServices;
  let players: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 5 });
    await runMigrations(database);
    await seedDemoOperator(database.db);
    services = createServices({
      config: {
        ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'wps-agent-settle') }),
        databaseUrl: scratch.url,
        scryptLogN: 10,
      },
      database,
      db: database.db,
      log: pino({ level: 'silent' }),
    });
    const db = database.db;
    const insert = async (type: number, uplines: (string | null)[], prefix: string) =>
      (
        await sql<{ id: string }>`
          INSERT INTO members (account, type, password_hash, upline_id, language)
          SELECT ${prefix} || g.i, ${type}, 'x', g.upline, 'PT' FROM unnest(${uplines}::bigint[]) WITH ORDINALITY AS g (upline, i)
          RETURNING id::text AS id`.execute(db)
      ).rows.map((r) => r.id);
    const tops = await insert(1, Array<null>(TOPS).fill(null), 'sttop');
    const subs = await insert(1, tops, 'stsub');
    players = await insert(3, [...subs, ...subs], 'stp');
    await sql`
      INSERT INTO agent_contracts (type, upline_id, downline_id, tiers, period, status, offered_by_type, offered_by_id, answered_at)
      SELECT 'daily_salary', NULL, t, '[{"minAmountMinor":"0","minActivePlayers":0,"rateBp":100}]'::jsonb, 'day', 'active', 'operator', '1', now()
        FROM unnest(${tops}::bigint[]) AS t`.execute(db);
    await sql`
      INSERT INTO agent_contracts (type, upline_id, downline_id, tiers, period, status, offered_by_type, offered_by_id, answered_at)
      SELECT 'daily_salary', m.upline_id, m.id, '[{"minAmountMinor":"0","minActivePlayers":0,"rateBp":50}]'::jsonb, 'day', 'active', 'member', m.upline_id::text, now()
        FROM members AS m WHERE m.id = ANY(${subs}::bigint[])`.execute(db);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const db = () => database.db;
  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db())).rows[0]!.n;
  const paidStatements = (key: string) =>
    count(
      sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_statements WHERE period_key = ${key} AND status = 'paid'`,
    );
  const payments = () =>
    count(sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'agent_salary'`);
  const agentMoney = async () =>
    BigInt(
      (
        await sql<{
          s: string | null;
        }>`SELECT sum(balance)::text AS s FROM ledger_accounts AS a JOIN members AS m ON m.id = a.member_id WHERE a.purpose = 'player_main' AND m.type = 1`.execute(
          db(),
        )
      ).rows[0]!.s ?? '0',
    );
  async function playDay(w: ReturnType<typeof day>) {
    await sql`
      INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, status, total_bet, total_win, settled_at)
      SELECT 'settle-twin', ${w.key} || ':' || p, p, 'n1', 'BRL', 'settled', 10000, 5000, ${new Date(w.start.getTime() + 3_600_000)}
        FROM unnest(${players}::bigint[]) AS p`.execute(db());
  }

  it('a kill -9 mid-payment, then two processes resuming at once: every statement paid once', async () => {
    const w = day(1);
    await playDay(w);
    // Stopped inside its second payment batch: the first hundred committed, the second's ledger posts made and not committed.
    const killed = settleInChild(scratch.url, w, { SETTLE_STALL_SECOND_BATCH: '1' });
    const deadline = Date.now() + 60_000;
    while (!killed.output().includes('INFLIGHT')) {
      if (Date.now() > deadline || killed.child.exitCode !== null)
        throw new Error(`the settling process did not reach its second batch: ${killed.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    killed.child.kill('SIGKILL');
    await killed.exited;
    const atKill = await paidStatements(w.key);
    console.info(
      `agent settlement: ${atKill} of ${TOPS * 2} statements paid when the process was killed inside a payment batch`,
    );
    expect(atKill).toBe(100);
    expect(await payments()).toBe(100);

    const resumers = [settleInChild(scratch.url, w), settleInChild(scratch.url, w)];
    const codes = await Promise.all(resumers.map((r) => r.exited));
    expect(codes, resumers.map((r) => r.output()).join('\n')).toEqual([0, 0]);
    expect(await paidStatements(w.key)).toBe(TOPS * 2);
    expect(await payments()).toBe(TOPS * 2);
    expect(await agentMoney()).toBe(PER_DAY);
  }, 120_000);

  it('two processes settling a new period at once pay each statement once; re-runs pay nothing more', async () => {
    const w = day(2);
    await playDay(w);
    const both = [settleInChild(scratch.url, w), settleInChild(scratch.url, w)];
    const codes = await Promise.all(both.map((r) => r.exited));
    expect(codes, both.map((r) => r.output()).join('\n')).toEqual([0, 0]);
    expect(await paidStatements(w.key)).toBe(TOPS * 2);
    expect(await payments()).toBe(TOPS * 4);
    expect(
      await count(sql<{ n: number }>`SELECT count(DISTINCT ledger_transaction_id)::int AS n FROM agent_statements`),
    ).toBe(TOPS * 4);
    expect(await agentMoney()).toBe(2n * PER_DAY);

    const stream = streamOf(STREAM)!;
    for (const d of [day(1), day(2)]) expect((await services.agentSettlement.settleWindow(stream, d)).paid).toBe(0);
    expect(await payments()).toBe(TOPS * 4);
    expect(
      await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_settlement_runs WHERE status <> 'done'`),
    ).toBe(0);
    const report = await checkLedger(db());
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);
  }, 120_000);

  it('a round whose settling transaction is still open at the cut-off counts in the next period; rounds committed meanwhile are not held back', async () => {
    const [w3, w4] = [day(3), day(4)];
    const player = players[0]!;
    const roundId = `inflight:${w3.key}`;
    await sql`INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, total_bet) VALUES ('settle-twin', ${roundId}, ${player}, 'n1', 'BRL', 1000000)`.execute(
      db(),
    );
    const other = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let settledInFlight!: () => void;
    const updated = new Promise<void>((resolve) => (settledInFlight = resolve));
    const inFlight = other.db.transaction().execute(async (trx) => {
      await sql`UPDATE game_rounds SET status = 'settled', settled_at = ${new Date(w3.start.getTime() + 1000)} WHERE round_id = ${roundId}`.execute(
        trx,
      );
      settledInFlight();
      await gate;
    });
    try {
      await updated;
      // Committed after the open transaction began: counted all the same.
      await playDay(w3);
      const stream = streamOf(STREAM)!;
      await services.agentSettlement.settleWindow(stream, w3);
      const topBase = async (key: string) =>
        BigInt(
          (
            await sql<{
              s: string | null;
            }>`SELECT sum(s.team_base)::text AS s FROM agent_statements AS s JOIN members AS m ON m.id = s.member_id WHERE s.period_key = ${key} AND m.upline_id IS NULL`.execute(
              db(),
            )
          ).rows[0]?.s ?? '0',
        );
      expect(await topBase(w3.key)).toBe(BigInt(players.length) * 10_000n);
      release();
      await inFlight;
      await services.agentSettlement.settleWindow(stream, w4);
      expect(await topBase(w4.key)).toBe(1_000_000n);
      expect(await topBase(w3.key)).toBe(BigInt(players.length) * 10_000n);
    } finally {
      release();
      await inFlight.catch(() => undefined);
      await other.close();
    }
  }, 120_000);
});
