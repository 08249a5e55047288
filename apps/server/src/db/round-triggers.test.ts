import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlayer } from '../modules/gateway/gateway.test-support';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';

// The rounds' counters (migration 0318): the hourly game report, the agents' member-day rows and
// the rewards' "round settled" events are kept once per UPDATE statement, from its transition
// tables. A statement of many rounds of several players must add exactly what the old row
// triggers added round by round: the deltas of the moved rounds, a round counted once when its
// first stake arrives, trial players out of the report and the events (but in the member-day
// rows), one event per round the statement settled and none for a round settled before, and a
// member's first stake of the hour noted once. The real multi-round paths (a lottery draw's wins
// through winMany, its rounds closed through closeRounds) must leave the same figures, and so must
// the vendors' callbacks, whose batches (seamless_apply) count their rounds once per batch
// (migration 0693) while the triggers stand aside.

const VASSALAGE = 'TRIGGERS';

type Counters = { rounds: string; bets: string; wins: string; refunds: string };

describeEachDatabase('round counters kept per statement', (target) => {
  let t: TestApp;
  const db = () => t.database.db;
  let real: string[];
  let trial: string;

  async function report(): Promise<Counters> {
    return (
      await sql<Counters>`
        SELECT coalesce(sum(rounds), 0)::text AS rounds, coalesce(sum(bets), 0)::text AS bets, coalesce(sum(wins), 0)::text AS wins,
          coalesce(sum(refunds), 0)::text AS refunds
        FROM reporting_game_hourly WHERE vassalage = ${VASSALAGE}`.execute(db())
    ).rows[0]!;
  }
  async function daily(memberId: string): Promise<{ bets: string; wins: string; refunds: string }> {
    const row = (
      await sql<{ bets: string; wins: string; refunds: string }>`
        SELECT coalesce(sum(bets), 0)::text AS bets, coalesce(sum(wins), 0)::text AS wins, coalesce(sum(refunds), 0)::text AS refunds
        FROM agent_member_daily WHERE member_id = ${memberId}::bigint`.execute(db())
    ).rows[0]!;
    return row;
  }
  async function settledEvents(): Promise<
    { member: string; round: string; bet: string; win: string; refund: string }[]
  > {
    return (
      await sql<{ member: string; round: string; bet: string; win: string; refund: string }>`
        SELECT member_id::text AS member, data ->> 'roundId' AS round, data ->> 'bet' AS bet, data ->> 'win' AS win, data ->> 'refund' AS refund
        FROM reward_events WHERE kind = 'round_settled' AND data ->> 'vassalage' = ${VASSALAGE} ORDER BY id`.execute(
        db(),
      )
    ).rows;
  }
  async function insertRound(memberId: string): Promise<string> {
    return (
      await sql<{ id: string }>`
        INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency)
        VALUES (${VASSALAGE}, ${`r-${crypto.randomUUID()}`}, ${memberId}::bigint, 'g-1', 'BRL') RETURNING id::text`.execute(
        db(),
      )
    ).rows[0]!.id;
  }
  const activeHours = async (memberId: string) =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM reporting_member_hours WHERE member_id = ${memberId}::bigint`.execute(db())
    ).rows[0]!.n;

  beforeAll(async () => {
    t = await createTestApp(target);
    real = [(await createPlayer(t.app, 1_000_00n)).memberId, (await createPlayer(t.app, 1_000_00n)).memberId];
    trial = (await createPlayer(t.app, 1_000_00n)).memberId;
    await sql`UPDATE members SET type = 4 WHERE id = ${trial}::bigint`.execute(db());
  });

  afterAll(async () => {
    await t?.close();
  });

  it('one statement over many rounds adds what the rounds moved, counts first stakes once and settles each round once', async () => {
    // Six empty rounds (an insert of zeros counts nothing): two per player.
    const rounds = {
      a1: await insertRound(real[0]!),
      a2: await insertRound(real[0]!),
      b1: await insertRound(real[1]!),
      b2: await insertRound(real[1]!),
      t1: await insertRound(trial),
      t2: await insertRound(trial),
    };
    expect(await report()).toEqual({ rounds: '0', bets: '0', wins: '0', refunds: '0' });

    // One statement: every round gets its first stake (a1 300, a2 200, b1 500, b2 700, t1 900, t2 100).
    await sql`
      UPDATE game_rounds SET total_bet = v.bet FROM (VALUES
        (${rounds.a1}::bigint, 300::bigint), (${rounds.a2}::bigint, 200), (${rounds.b1}::bigint, 500), (${rounds.b2}::bigint, 700),
        (${rounds.t1}::bigint, 900), (${rounds.t2}::bigint, 100)) AS v(id, bet)
      WHERE game_rounds.id = v.id`.execute(db());
    // The trial player is out of the report; the four real rounds count once each.
    expect(await report()).toEqual({ rounds: '4', bets: '1700', wins: '0', refunds: '0' });
    expect(await daily(real[0]!)).toEqual({ bets: '500', wins: '0', refunds: '0' });
    expect(await daily(real[1]!)).toEqual({ bets: '1200', wins: '0', refunds: '0' });
    expect(await daily(trial)).toEqual({ bets: '1000', wins: '0', refunds: '0' });
    expect(await activeHours(real[0]!)).toBe(1);
    expect(await activeHours(real[1]!)).toBe(1);
    expect(await activeHours(trial)).toBe(0);

    // One statement: more stake on a1 (not a first stake), wins on a1 and b1, a refund on b2,
    // and a1, b1 and t1 settled.
    await sql`
      UPDATE game_rounds SET total_bet = total_bet + v.bet, total_win = total_win + v.win, total_refund = total_refund + v.refund,
        status = CASE WHEN v.settle THEN 'settled' ELSE status END
      FROM (VALUES
        (${rounds.a1}::bigint, 50::bigint, 1000::bigint, 0::bigint, true), (${rounds.b1}::bigint, 0, 250, 0, true),
        (${rounds.b2}::bigint, 0, 0, 700, false), (${rounds.t1}::bigint, 0, 400, 0, true)) AS v(id, bet, win, refund, settle)
      WHERE game_rounds.id = v.id`.execute(db());
    expect(await report()).toEqual({ rounds: '4', bets: '1750', wins: '1250', refunds: '700' });
    expect(await daily(real[0]!)).toEqual({ bets: '550', wins: '1000', refunds: '0' });
    expect(await daily(real[1]!)).toEqual({ bets: '1200', wins: '250', refunds: '700' });
    expect(await daily(trial)).toEqual({ bets: '1000', wins: '400', refunds: '0' });
    // Noted once per hour, however many stakes.
    expect(await activeHours(real[0]!)).toBe(1);
    // The settled rounds' events with their totals as recorded; none for the trial player.
    expect(await settledEvents()).toEqual([
      { member: real[0], round: rounds.a1, bet: '350', win: '1000', refund: '0' },
      { member: real[1], round: rounds.b1, bet: '500', win: '250', refund: '0' },
    ]);

    // Settling every open round: the three not yet settled raise an event (t2 is trial's); a
    // statement that moves nothing adds nothing. (A settled round takes no UPDATE at all since
    // migration 0600, so no statement can settle one twice.)
    await sql`UPDATE game_rounds SET status = 'settled' WHERE vassalage = ${VASSALAGE} AND status = 'open'`.execute(
      db(),
    );
    await sql`UPDATE game_rounds SET updated_at = now() WHERE vassalage = ${VASSALAGE} AND status = 'open'`.execute(
      db(),
    );
    expect((await settledEvents()).map((e) => e.round)).toEqual([rounds.a1, rounds.b1, rounds.a2, rounds.b2]);
    expect(await report()).toEqual({ rounds: '4', bets: '1750', wins: '1250', refunds: '700' });
  });

  it("a draw's wins paid in one batch and its rounds closed in one statement add the same figures", async () => {
    const { seamless } = t.app.services.gateway;
    const before = await report();
    const beforeDaily = await Promise.all(real.map(daily));
    const eventsBefore = (await settledEvents()).length;
    // Each real player stakes two tickets in one round of the draw, as the lottery does.
    const roundOf = (m: string) => `ld-test-${m}`;
    for (const memberId of real) {
      for (const n of [1, 2]) {
        await seamless.bet({
          vassalage: VASSALAGE,
          memberId,
          transactionId: `lt-${memberId}-${n}-bet`,
          roundId: roundOf(memberId),
          gameId: 'E5D-1',
          amountMinor: 100n,
        });
      }
    }
    // Three wins in one batch (two in the first player's round), then both rounds closed at once.
    await seamless.winMany([
      {
        vassalage: VASSALAGE,
        memberId: real[0]!,
        transactionId: `lt-${real[0]}-1-win`,
        roundId: roundOf(real[0]!),
        betTransactionId: `lt-${real[0]}-1-bet`,
        amountMinor: 900n,
        roundClosed: false,
      },
      {
        vassalage: VASSALAGE,
        memberId: real[0]!,
        transactionId: `lt-${real[0]}-2-win`,
        roundId: roundOf(real[0]!),
        betTransactionId: `lt-${real[0]}-2-bet`,
        amountMinor: 90n,
        roundClosed: false,
      },
      {
        vassalage: VASSALAGE,
        memberId: real[1]!,
        transactionId: `lt-${real[1]}-1-win`,
        roundId: roundOf(real[1]!),
        betTransactionId: `lt-${real[1]}-1-bet`,
        amountMinor: 9000n,
        roundClosed: false,
      },
    ]);
    expect(
      await seamless.closeRounds({
        vassalage: VASSALAGE,
        rounds: real.map((m) => ({ roundId: roundOf(m), memberId: m })),
      }),
    ).toBe(2);

    expect(await report()).toEqual({
      rounds: String(Number(before.rounds) + 2),
      bets: String(BigInt(before.bets) + 400n),
      wins: String(BigInt(before.wins) + 9990n),
      refunds: before.refunds,
    });
    expect(await daily(real[0]!)).toEqual({
      ...beforeDaily[0],
      bets: String(BigInt(beforeDaily[0]!.bets) + 200n),
      wins: String(BigInt(beforeDaily[0]!.wins) + 990n),
    });
    expect(await daily(real[1]!)).toEqual({
      ...beforeDaily[1],
      bets: String(BigInt(beforeDaily[1]!.bets) + 200n),
      wins: String(BigInt(beforeDaily[1]!.wins) + 9000n),
    });
    const events = (await settledEvents()).slice(eventsBefore);
    expect(events.map(({ member, bet, win }) => ({ member, bet, win }))).toEqual([
      { member: real[0], bet: '200', win: '990' },
      { member: real[1], bet: '200', win: '9000' },
    ]);
  });

  it('vendor callbacks sent together (one seamless_apply batch) add what their rounds moved', async () => {
    const { seamless } = t.app.services.gateway;
    const players = [(await createPlayer(t.app, 1_000_00n)).memberId, (await createPlayer(t.app, 1_000_00n)).memberId];
    const demo = (await createPlayer(t.app, 1_000_00n)).memberId;
    await sql`UPDATE members SET type = 4 WHERE id = ${demo}::bigint`.execute(db());
    const before = await report();
    const eventsBefore = (await settledEvents()).length;
    const round = (m: string, n: number) => `cb-${m}-${n}`;
    const bet = (memberId: string, n: number, k: number, amount: bigint) =>
      seamless.bet({
        vassalage: VASSALAGE,
        memberId,
        transactionId: `cb-${memberId}-${n}-bet-${k}`,
        roundId: round(memberId, n),
        gameId: 'g-1',
        amountMinor: amount,
      });
    const win = (memberId: string, n: number, amount: bigint, roundClosed: boolean) =>
      seamless.win({
        vassalage: VASSALAGE,
        memberId,
        transactionId: `cb-${memberId}-${n}-win`,
        roundId: round(memberId, n),
        betTransactionId: `cb-${memberId}-${n}-bet-1`,
        amountMinor: amount,
        roundClosed,
      });
    // Sent together, so they share batches: two rounds each, the trial player's too.
    await Promise.all([...players.flatMap((m) => [bet(m, 1, 1, 300n), bet(m, 2, 1, 200n)]), bet(demo, 1, 1, 900n)]);
    // A second stake on a round (no first stake), wins that settle and one that does not, a zero win.
    await Promise.all([bet(players[0]!, 1, 2, 50n), bet(players[1]!, 2, 2, 25n)]);
    await Promise.all([
      win(players[0]!, 1, 1000n, true),
      win(players[0]!, 2, 0n, true),
      win(players[1]!, 1, 250n, false),
      win(demo, 1, 400n, true),
    ]);

    expect(await report()).toEqual({
      rounds: String(Number(before.rounds) + 4),
      bets: String(BigInt(before.bets) + 300n * 2n + 200n * 2n + 50n + 25n),
      wins: String(BigInt(before.wins) + 1250n),
      refunds: before.refunds,
    });
    expect(await daily(players[0]!)).toEqual({ bets: '550', wins: '1000', refunds: '0' });
    expect(await daily(players[1]!)).toEqual({ bets: '525', wins: '250', refunds: '0' });
    expect(await daily(demo)).toEqual({ bets: '900', wins: '400', refunds: '0' });
    expect(await activeHours(players[0]!)).toBe(1);
    expect(await activeHours(players[1]!)).toBe(1);
    expect(await activeHours(demo)).toBe(0);
    const events = (await settledEvents()).slice(eventsBefore);
    // Which of the two rounds got the lower id depends on which bet's batch ran first.
    expect(
      events
        .map(({ member, bet, win, refund }) => ({ member, bet, win, refund }))
        .sort((a, b) => Number(a.bet) - Number(b.bet)),
    ).toEqual([
      { member: players[0], bet: '200', win: '0', refund: '0' },
      { member: players[0], bet: '350', win: '1000', refund: '0' },
    ]);
    // The setting that sets the triggers aside never outlives its batch.
    const setting = await sql<{ v: string | null }>`SELECT current_setting('wps.round_counters', true) AS v`.execute(
      db(),
    );
    expect(setting.rows[0]!.v ?? '').toBe('');
  });
});
