import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crashBustMs } from '@wps/shared/originals/crash';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult, CrashState } from '@wps/shared/schemas/inhouse-crash';
import { call, valueOf } from '../../../../test/api-client';
import { createTestApp, describePostgres, type TestApp } from '../../../../test/test-app';
import { createPlayer } from '../../gateway/gateway.test-support';
import type { CrashDriver } from './crash-driver';
import { createCrashStateReader, readCrashState } from './crash-state';

// The live stream's reader reads only the bets written since its last read; what it answers must
// stay the state a whole read gives, whenever it reads: after bets and cash-outs, across a round's
// phases and rounds, and for a bet written by a transaction that commits after a later one (the
// order of commits is not the order of transaction ids). PostgreSQL only: the late transaction
// needs a second connection.
describePostgres('crash: the live reader reads only what changed [postgres]', () => {
  let t: TestApp;
  let driver: CrashDriver;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    driver = t.app.services.inhouse.crash.createDriver('state-driver', {
      chainLength: 400,
      bettingMs: 60_000,
      pauseMs: 0,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;

  async function session(): Promise<InhouseSession> {
    const player = await createPlayer(t.app, 100_000n);
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: 'inhouse-crash', vassalage: 'inhouse' },
      }),
    ).game_url;
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }
  const auth = (s: InhouseSession) => ({ sessionToken: s.sessionToken, playerId: s.playerId });
  const bet = async (s: InhouseSession) =>
    valueOf<CrashBetResult>(
      await call(t.app, 'POST', '/wps/inhouse/crash/bet', {
        payload: { ...auth(s), idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`, stakeMinor: '100' },
      }),
    );

  /** A betting round that flies to at least 2×. */
  async function bettingRound(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const row = await db().selectFrom('crash_rounds').selectAll().where('phase', '<>', 'busted').executeTakeFirst();
      if (row?.phase === 'betting' && row.crash_hundredths >= 200) return;
      if (row?.phase === 'betting')
        await sql`UPDATE crash_rounds SET betting_ends_at = clock_timestamp() - interval '1 millisecond' WHERE phase = 'betting'`.execute(
          db(),
        );
      else if (row)
        await sql`UPDATE crash_rounds SET started_at = clock_timestamp() - make_interval(secs => ${(crashBustMs(row.crash_hundredths, row.growth_per_ms) + 5) / 1000}::float8) WHERE phase = 'flying'`.execute(
          db(),
        );
      await driver.turn();
    }
    throw new Error('no crash round opened');
  }

  /** The state without the clock (each read has its own). */
  const timeless = ({ serverTime: _, ...rest }: CrashState) => rest;

  it('answers what a whole read answers, including a bet written by a transaction that commits late', async () => {
    const read = createCrashStateReader(db());
    const same = async () => expect(timeless(await read())).toEqual(timeless(await readCrashState(db())));
    await bettingRound();
    await same();
    const players = [await session(), await session(), await session(), await session()];
    const first = (await bet(players[0]!)).bet;
    await bet(players[1]!);
    await same();

    // A transaction that writes a bet's row and stays open across a read, while a later one
    // commits: the next read after it commits must still find its change.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const late = db()
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE crash_bets SET nickname = 'late' WHERE bet_id = ${first.betId}`.execute(trx);
        written();
        await held;
      });
    await wrote;
    await bet(players[2]!);
    await same();
    commit();
    await late;
    const after = await read();
    expect(after.round?.bets.map((b) => b.nickname)).toContain('late');
    expect(timeless(after)).toEqual(timeless(await readCrashState(db())));

    // The flight, a cash-out, a late bet refused, the bust, the next round.
    await bet(players[3]!);
    await sql`UPDATE crash_rounds SET betting_ends_at = clock_timestamp() - interval '1 millisecond' WHERE phase = 'betting'`.execute(
      db(),
    );
    await driver.turn();
    await same();
    valueOf(await call(t.app, 'POST', '/wps/inhouse/crash/cashout', { payload: auth(players[1]!) }));
    await same();
    const flying = await db()
      .selectFrom('crash_rounds')
      .selectAll()
      .where('phase', '=', 'flying')
      .executeTakeFirstOrThrow();
    await sql`UPDATE crash_rounds SET started_at = clock_timestamp() - make_interval(secs => ${(crashBustMs(flying.crash_hundredths, flying.growth_per_ms) + 5) / 1000}::float8) WHERE phase = 'flying'`.execute(
      db(),
    );
    await driver.turn();
    await same();
    await driver.turn();
    await same();
    await bettingRound();
    await same();
    await bet(players[0]!);
    await same();
  });
});
