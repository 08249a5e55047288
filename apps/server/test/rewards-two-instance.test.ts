/**
 * The rewards engine on two server processes sharing one PostgreSQL database: a live rule pays
 * cash for every login event; thousands of events are waiting when both instances start, one is
 * killed with SIGKILL mid-stream, and the other finishes. Every event is paid exactly once (one
 * grant per key, one ledger transaction per grant, the players' balances up by exactly the
 * events' count), and replaying the whole stream afterwards pays nothing more. Grants the killed
 * instance queued but did not pay are paid by the survivor.
 *
 * Runs only with TEST_DATABASE_URL. The servers run from source through tsx.
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
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { createServices, type AppServices } from '../src/services';
import { createScratchPostgres, describePostgres } from './test-app';
import { startInstance, stopInstance, type Instance } from './twin-cluster';

const PLAYERS = 20;
const EVENTS = 4_000;

describePostgres('rewards engine on two instances, one SIGKILLed mid-stream [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: DatabaseHandle;
  let services: AppServices;
  let instances: Instance[] = [];
  const members: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 5 });
    await runMigrations(database);
    await seedDemoOperator(database.db);
    services = createServices({
      config: {
        ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'wps-rewards-twin') }),
        databaseUrl: scratch.url,
        scryptLogN: 10,
      },
      database,
      db: database.db,
      log: pino({ level: 'silent' }),
    });
    const operator = await database.db
      .insertInto('operators')
      .values({ username: 'rules-writer', password_hash: 'never-used', role: 'marketing' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rule = await services.rewards.rules.create(String(operator.id), {
      name: 'A coin per login',
      trigger: 'login',
      reward: { kind: 'cash', amount: '1' },
    });
    await services.rewards.rules.setStatus(String(operator.id), rule.id, 'live', rule.version);
    // Players (their registration writes events nobody pays for) and their main wallets.
    for (let i = 0; i < PLAYERS; i++) {
      const row = await database.db
        .insertInto('members')
        .values({ account: `twinrw${i}`, password_hash: 'x', type: 3 } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      members.push(String(row.id));
      await services.ledger.ensurePlayerWallet(database.db, String(row.id));
    }
    // The consumers' places exist before the backlog is written, as on a running site.
    await services.rewardEvents.prepare();
    await sql`INSERT INTO reward_events (kind, member_id, data)
      SELECT 'login', (${sql.val(members)}::bigint[])[1 + (g % ${PLAYERS})], jsonb_build_object('sessionId', g::text)
      FROM generate_series(1, ${EVENTS}) AS g`.execute(database.db);
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) await stopInstance(instance, 'SIGTERM');
    await database?.close();
    await scratch?.drop();
  });

  const count = async (q: string) => Number((await sql<{ n: string }>`${sql.raw(q)}`.execute(database.db)).rows[0]!.n);
  const paidTotal = async () =>
    BigInt(
      (
        await sql<{
          s: string | null;
        }>`SELECT sum(balance)::text AS s FROM ledger_accounts WHERE purpose = 'player_main' AND member_id = ANY(${sql.val(members)}::bigint[])`.execute(
          database.db,
        )
      ).rows[0]!.s ?? '0',
    );

  it('pays every event once across a SIGKILL, and a replay pays nothing more', async () => {
    const env = {
      REWARD_EVENTS_POLL_MS: '20',
      VENDOR_SANDBOX_URL: 'http://127.0.0.1:9',
      VENDOR_SANDBOX_SECRET: 'x'.repeat(32),
    };
    instances = await Promise.all([startInstance('RA', scratch.url, env), startInstance('RB', scratch.url, env)]);
    const [a] = instances as [Instance, Instance];
    // Kill A once the stream is under way but not finished.
    for (let i = 0; i < 500; i++) {
      const done = await count(`SELECT count(*)::text AS n FROM reward_grants`);
      if (done > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await stopInstance(a, 'SIGKILL');
    const atKill = await count(`SELECT count(*)::text AS n FROM reward_grants`);
    const deadline = Date.now() + 90_000;
    // Every grant made, and paid: a killed instance's batch may have left its grants queued, which the survivor pays.
    while ((await count(`SELECT count(*)::text AS n FROM reward_grants WHERE status = 'paid'`)) < EVENTS) {
      if (Date.now() > deadline) throw new Error('the surviving instance did not finish the stream');
      await new Promise((r) => setTimeout(r, 50));
    }
    console.info(`rewards two instances: ${atKill} of ${EVENTS} grants made when A was killed`);
    expect(atKill).toBeLessThan(EVENTS);

    expect(await count(`SELECT count(*)::text AS n FROM reward_grants`)).toBe(EVENTS);
    expect(await count(`SELECT count(DISTINCT key)::text AS n FROM reward_grants`)).toBe(EVENTS);
    expect(await count(`SELECT count(*)::text AS n FROM ledger_transactions WHERE kind = 'reward_cash'`)).toBe(EVENTS);
    expect(await paidTotal()).toBe(BigInt(EVENTS));

    // Replay: both the grant keys and the ledger's idempotency keys hold.
    await stopInstance(instances[1]!, 'SIGTERM');
    await sql`UPDATE reward_event_cursors SET last_tx = '0'::xid8, last_id = 0`.execute(database.db);
    await services.rewardEvents.drain();
    expect(await count(`SELECT count(*)::text AS n FROM reward_grants`)).toBe(EVENTS);
    expect(await paidTotal()).toBe(BigInt(EVENTS));
    expect(await count(`SELECT count(*)::text AS n FROM reward_event_failures`)).toBe(0);
    const report = await checkLedger(database.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  }, 180_000);
});
