import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { roundsAheadToPrepare, type CrashDriver } from './crash-driver';
import { findActiveChain } from './crash.repository';

// The next hash chain is made in the background while the active one still has rounds left, so the
// round after a chain's last opens from the chain made ahead, with no hashing in between.
describeEachDatabase('crash: the next chain made ahead', (target) => {
  let t: TestApp;
  let driver: CrashDriver;
  const LENGTH = 4;

  beforeAll(async () => {
    t = await createTestApp(target);
    driver = t.app.services.inhouse.crash.createDriver('chain-driver', {
      chainLength: LENGTH,
      bettingMs: 60_000,
      pauseMs: 0,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;

  /** Turn the driver until a new round is betting, flying and busting the open one on the way. */
  async function nextRound(): Promise<number> {
    for (let i = 0; i < 20; i++) {
      await sql`UPDATE crash_rounds SET betting_ends_at = clock_timestamp() - interval '1 millisecond' WHERE phase = 'betting'`.execute(
        db(),
      );
      await sql`UPDATE crash_rounds SET started_at = clock_timestamp() - interval '1 day' WHERE phase = 'flying'`.execute(
        db(),
      );
      const before = await db()
        .selectFrom('crash_rounds')
        .select('id')
        .where('phase', '=', 'betting')
        .executeTakeFirst();
      await driver.turn();
      const row = await db()
        .selectFrom('crash_rounds')
        .select(['id', 'round_number'])
        .where('phase', '=', 'betting')
        .executeTakeFirst();
      if (row && row.id !== before?.id) return row.round_number;
    }
    throw new Error('no round opened');
  }

  it('starts the next chain with rounds left in the active one and opens the next round from it when the active one is spent', async () => {
    expect(roundsAheadToPrepare(LENGTH)).toBe(1);
    // The first chain is made when there is none; nothing is made ahead while rounds are plenty.
    expect(await nextRound()).toBe(1);
    const first = (await findActiveChain(db()))!;
    expect(driver.nextChain()).toBeUndefined();
    for (let k = 2; k <= LENGTH; k++) expect(await nextRound()).toBe(k);
    // The last round of the chain is open: the next chain is already being made.
    const ahead = driver.nextChain();
    expect(ahead).toBeDefined();
    const made = await ahead!;
    expect((await findActiveChain(db()))!.id).toBe(first.id);
    // The chain runs out: the next round is round 1 of the chain made ahead, its commitment the one made.
    expect(await nextRound()).toBe(1);
    const second = (await findActiveChain(db()))!;
    expect(second.id).not.toBe(first.id);
    expect(second.terminalHash).toBe(made.terminalHash);
    expect(driver.nextChain()).toBeUndefined();
  });
});
