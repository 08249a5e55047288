import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChangeFeed } from '../../db/change-feed';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { runMigrations } from '../../db/migrate';
import { createScratchPostgres, describePostgres } from '../../../test/test-app';
import { createRewardEventStream } from './reward-events';
import type { RewardEvent } from './reward-events.types';

// The stream's order under writers that commit while a consumer reads: a consumer of one kind,
// whose place also moves past the events of other kinds, applies every event of its kind exactly
// once however the writers' commits fall between its reads. On PostgreSQL, where transactions run
// side by side.
describePostgres('reward event stream under concurrent writers [postgres]', () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 8 });
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('a consumer of one kind applies each of its events once while other kinds commit around its reads', async () => {
    const db = database.db;
    const stream = createRewardEventStream({ db, log: pino({ level: 'silent' }), pollMs: 1 });
    const applied: string[] = [];
    // Small batches, mostly not full: the place then moves to the stream's end past other kinds.
    stream.subscribe({
      name: 'horizon-check',
      kinds: ['login'],
      batchSize: 7,
      handle: async (_trx, events: RewardEvent[]) => void applied.push(...events.map((e) => e.id)),
    });
    await stream.prepare();
    stream.start();

    // Four writers, each committing an event at a time, a login or a deposit, some after a short pause inside the transaction.
    const deadline = Date.now() + 2_500;
    const writer = async (w: number) => {
      for (let n = 0; Date.now() < deadline; n++) {
        await db.transaction().execute(async (trx) => {
          await sql`INSERT INTO reward_events (kind, member_id, data) VALUES (${n % 2 === 0 ? 'login' : 'deposit_credited'}, ${w + 1}, '{}'::jsonb)`.execute(
            trx,
          );
          if (n % 3 === 0) await sql`SELECT pg_sleep(0.002)`.execute(trx);
        });
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    await stream.stop();
    await stream.drain();

    const logins = (
      await sql<{
        id: string;
      }>`SELECT e.id::text AS id FROM reward_events AS e WHERE e.kind = 'login' ORDER BY e.id`.execute(db)
    ).rows.map((r) => r.id);
    expect(logins.length).toBeGreaterThan(100);
    expect([...applied].sort((a, b) => Number(a) - Number(b))).toEqual(logins);
  });
});

// Woken by the change feed: a consumer that found nothing waits for the next notification instead
// of polling every pollMs, and a statement adding events wakes it at once.
describe('reward event stream woken by the change feed', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('an idle consumer stops polling, and applies new events when they are announced', async () => {
    const db = database.db;
    const feed = createChangeFeed(database);
    const stream = createRewardEventStream({ db, log: pino({ level: 'silent' }), pollMs: 50, feed });
    const applied: string[] = [];
    let batches = 0;
    stream.subscribe({
      name: 'woken',
      kinds: ['login'],
      handle: async (_trx, events: RewardEvent[]) => void applied.push(...events.map((e) => e.id)),
    });
    stream.subscribe({ name: 'counted', afterBatch: async () => void batches++, handle: async () => undefined });
    await stream.prepare();
    await feed.start();
    stream.start();
    try {
      // The first turns find nothing and the consumers go idle.
      await vi.waitFor(() => expect(batches).toBeGreaterThan(0));
      const idleBatches = batches;
      // A poller would have run six more batches by now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(batches).toBe(idleBatches);

      await sql`INSERT INTO reward_events (kind, member_id, data) VALUES ('login', 1, '{}'::jsonb), ('login', 2, '{}'::jsonb)`.execute(
        db,
      );
      await vi.waitFor(() => expect(applied).toHaveLength(2), { timeout: 5_000 });
    } finally {
      await stream.stop();
      await feed.close();
    }
  });
});
