import fs from 'node:fs';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { runMigrations } from '../../db/migrate';
import { createScratchPostgres, describeEachDatabase, provided } from '../../../test/test-app';
import { createRewardEventStream } from './reward-events';
import type { RewardEvent } from './reward-events.types';

// A consumer whose batch fails: the stream applies the batch's events again one by one, sets aside
// (in reward_event_failures, with the error) the one that fails alone, and goes on past it, so one
// bad event neither stops the consumer nor is retried for ever.

describeEachDatabase('reward event stream: a failing event is set aside', (target) => {
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (target === 'postgres') {
      const scratch = await createScratchPostgres({ migrated: true });
      drop = scratch.drop;
      database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 4 });
    } else {
      const template = provided('pgliteTemplate');
      const loadDataDir = template ? new Blob([await fs.promises.readFile(template)]) : undefined;
      database = await openDatabase({ dataDir: null, loadDataDir });
    }
    await runMigrations(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const addLogins = async (datas: Record<string, unknown>[]) =>
    (
      await sql<{ id: string }>`INSERT INTO reward_events (kind, member_id, data)
        SELECT 'login', 1, d FROM unnest(${datas.map((d) => JSON.stringify(d))}::jsonb[]) WITH ORDINALITY AS u (d, n)
        ORDER BY n RETURNING id::text AS id`.execute(database.db)
    ).rows.map((r) => r.id);
  const failures = async (subscriber: string) =>
    (
      await sql<{ id: string; error: string }>`SELECT event_id::text AS id, error FROM reward_event_failures
        WHERE subscriber = ${subscriber} ORDER BY event_id`.execute(database.db)
    ).rows;

  it('applies the rest of a failed batch one by one and records the event that fails alone', async () => {
    const applied: string[] = [];
    const lags: [string, number][] = [];
    const stream = createRewardEventStream({
      db: database.db,
      log: pino({ level: 'silent' }),
      observeLag: (subscriber, seconds) => void lags.push([subscriber, seconds]),
    });
    const handle = async (_trx: unknown, events: RewardEvent[]) => {
      const bad = events.find((e) => e.data['poison']);
      if (bad?.data['poison'] === 'string') throw 'not an Error object';
      if (bad) throw new Error(`poisoned event ${bad.id}`);
      applied.push(...events.map((e) => e.id));
    };
    stream.subscribe({ name: 'poison-test', kinds: ['login'], batchSize: 10, handle });
    expect(() => stream.subscribe({ name: 'poison-test', handle: async () => undefined })).toThrow(
      'reward events: poison-test subscribed twice',
    );
    await stream.prepare();

    const [a, bad, c] = await addLogins([{}, { poison: true }, {}]);
    await stream.drain();
    expect(applied).toEqual([a, c]);
    expect(await failures('poison-test')).toEqual([{ id: bad, error: `poisoned event ${bad}` }]);
    // The lag is observed once per event the batch read, never negative.
    expect(lags.map(([name]) => name)).toEqual(['poison-test', 'poison-test', 'poison-test']);
    expect(lags.every(([, seconds]) => seconds >= 0)).toBe(true);

    // A batch of one event that fails is set aside at once; what is thrown need not be an Error.
    const [lone] = await addLogins([{ poison: 'string' }]);
    await stream.drain();
    expect(await failures('poison-test')).toEqual([
      { id: bad, error: `poisoned event ${bad}` },
      { id: lone, error: 'not an Error object' },
    ]);

    // The stream went on past both: a later event is applied, the failed ones are not tried again.
    const [later] = await addLogins([{}]);
    await stream.drain();
    expect(applied).toEqual([a, c, later]);
    expect(await failures('poison-test')).toHaveLength(2);
  });
});
