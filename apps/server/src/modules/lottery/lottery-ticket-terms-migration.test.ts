import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { readMigrations, runMigrations } from '../../db/migrate';
import { createScratchPostgres, describeEachDatabase } from '../../../test/test-app';
import { sharedLotteryRules } from './lottery-rules-shared';

// Tickets placed before migration 0440 kept no terms: the migration gives them the terms in force
// when it runs (the game's paytable for their bet types, its per-draw limit), or the cap a draw's
// settlement had already fixed, so they keep settling as they would have. A database migrated up
// to 0439 gets a game, two draws and their tickets, then the rest of the migrations.
describeEachDatabase('migration 0440 gives the tickets placed before it the terms in force', (target) => {
  it('back-fills each ticket with its bet types’ odds and the cap, keeping a cap already fixed', async () => {
    const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 2 });
    const db = database.db;
    try {
      const all = readMigrations();
      await runMigrations(
        database,
        all.filter((m) => m.version < 440),
      );
      const paytable = sharedLotteryRules.defaultPaytable('digits5') as Record<string, unknown>;
      await sql`INSERT INTO lottery_games (code, name, family, prize_mode, group_code, interval_seconds, close_before_seconds, result_source, paytable, limits)
        VALUES ('T5D', 'Test 5D', 'digits5', 'Elott', 'digits', 60, 10, 'fair', ${JSON.stringify(paytable)}::jsonb,
          '{"minStake":"10","maxStake":"100000","perKey":"5000000","perTicket":"10000000","perDraw":"100000000"}'::jsonb)`.execute(
        db,
      );
      const member = (
        await sql<{
          id: string;
        }>`INSERT INTO members (account, password_hash) VALUES ('terms0440', 'x') RETURNING id::text AS id`.execute(db)
      ).rows[0]!.id;
      const draw = async (numero: string, capMinor: string | null) =>
        (
          await sql<{
            id: string;
          }>`INSERT INTO lottery_draws (game_code, numero, opens_at, closes_at, draw_at, status, payout_cap_minor, gross_payout_minor)
            VALUES ('T5D', ${numero}, now(), now() + interval '1 minute', now() + interval '2 minutes', 'open', ${capMinor}::bigint, ${capMinor === null ? null : '0'}::bigint)
            RETURNING id::text AS id`.execute(db)
        ).rows[0]!.id;
      const waiting = await draw('1', null);
      const settling = await draw('2', '7000');
      const ticket = async (drawId: string, key: string, selections: unknown[]) =>
        sql`INSERT INTO lottery_tickets (draw_id, member_id, idempotency_key, selections, stake_minor, max_payout_minor)
          VALUES (${drawId}::bigint, ${member}::bigint, ${key}, ${JSON.stringify(selections)}::jsonb, 100, 980)`.execute(
          db,
        );
      const position = { betType: 'position', position: 1, numbers: [3], lines: 1, stakePerLineMinor: '100' };
      const last2 = { betType: 'last2', numbers: [42], lines: 1, stakePerLineMinor: '100' };
      await ticket(waiting, 'before-0440-a', [position]);
      await ticket(waiting, 'before-0440-b', [position, last2]);
      await ticket(settling, 'before-0440-c', [last2]);

      await runMigrations(database, all);
      const rows = (
        await sql<{ key: string; odds: unknown; cap: string }>`
          SELECT idempotency_key AS key, odds, payout_cap_minor::text AS cap FROM lottery_tickets ORDER BY id`.execute(
          db,
        )
      ).rows;
      expect(rows).toEqual([
        { key: 'before-0440-a', odds: { position: paytable.position }, cap: '100000000' },
        { key: 'before-0440-b', odds: { position: paytable.position, last2: paytable.last2 }, cap: '100000000' },
        { key: 'before-0440-c', odds: { last2: paytable.last2 }, cap: '7000' },
      ]);
      // What the migration wrote is what placement writes now (the rules' own choice of odds).
      expect(rows[1]!.odds).toEqual(sharedLotteryRules.oddsOf('digits5', paytable, [position, last2]));
    } finally {
      await database.close();
      await scratch?.drop();
    }
  }, 120_000);
});
