/**
 * Lottery settlement across processes on one PostgreSQL database: a settling process is
 * SIGKILLed after a batch of winners was paid and before their tickets were marked settled (the
 * losers all closed already), then two processes resume the draw at once; then two processes
 * finish a new draw at once from the start. Every winner is paid exactly once (one win per
 * winning ticket in the wallet, none for a loser, every round settled, the players' balances
 * exactly their stakes and payouts), and the ledger check is clean.
 *
 * Runs only with TEST_DATABASE_URL. The settling processes run from source through tsx.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LotteryDrawView } from '@wps/shared/schemas/lottery';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { sharedLotteryRules } from '../src/modules/lottery/lottery-rules-shared';
import { createPlayer, mainBalance, type Player } from '../src/modules/gateway/gateway.test-support';
import { call, valueOf } from './api-client';
import { createTestApp, describePostgres, type TestApp } from './test-app';
import { spawnTsxChild, type TsxChild } from './tsx-child';

const PLAYERS = 10;
const FUNDS = 1_000_000n;
const LEASE_MS = 1500;
/** Winners per batch in the settling processes: small, so the kill lands between batches. */
const WIN_BATCH = 50;

function finishInChild(url: string, drawId: string, at: number, env: Record<string, string> = {}): TsxChild {
  return spawnTsxChild('apps/server/test/lottery-settle-child.ts', [drawId], {
    DATABASE_URL: url,
    LOTTERY_NOW: new Date(at).toISOString(),
    LOTTERY_LEASE_MS: String(LEASE_MS),
    LOTTERY_WIN_BATCH: String(WIN_BATCH),
    LOTTERY_PRICE_BATCH: '300',
    ...env,
  });
}

describePostgres('lottery settlement on several processes, one SIGKILLed mid-batch [postgres]', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-24T12:00:05.000Z');
  let players: Player[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres', {}, { calendarClock: () => clock });
    players = await Promise.all(Array.from({ length: PLAYERS }, () => createPlayer(t.app, FUNDS)));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.database.db;
  const url = () => t.config.databaseUrl!;

  /** The open draw of the 1-minute game, and `count` tickets on it: one digit at one position each, every (position, digit) pair alike, so every position's drawn digit wins on some tickets. */
  async function ticketsOnOpenDraw(count: number): Promise<LotteryDrawView> {
    await t.app.services.lottery.runClock();
    const { current } = valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=E5D-1', { token: players[0]!.token }),
    );
    const place = (i: number) =>
      call(t.app, 'POST', '/lgw/tickets', {
        token: players[i % PLAYERS]!.token,
        payload: {
          gameCode: 'E5D-1',
          numero: current.numero,
          idempotencyKey: `kill-${current.numero}-${i}`,
          selections: [
            {
              betType: 'position',
              position: (i % 5) + 1,
              numbers: [Math.floor(i / 5) % 10],
              stakePerLineMinor: String(100 + (i % 7)),
            },
          ],
        },
      }).then(valueOf);
    for (let i = 0; i < count; i += 20)
      await Promise.all(Array.from({ length: Math.min(20, count - i) }, (_, k) => place(i + k)));
    return current;
  }

  async function drawIdOf(numero: string): Promise<string> {
    return (
      await sql<{
        id: string;
      }>`SELECT id::text AS id FROM lottery_draws WHERE game_code = 'E5D-1' AND numero = ${numero}`.execute(db())
    ).rows[0]!.id;
  }

  const count = async (q: ReturnType<typeof sql<{ n: number }>>) => (await q.execute(db())).rows[0]!.n;
  const wins = (drawId: string) =>
    count(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM round_bets b JOIN lottery_tickets t ON b.vendor_tx_id = 'lt-' || t.id || '-win' WHERE t.draw_id = ${drawId} AND b.kind = 'win' AND b.vassalage = 'ILE'`,
    );
  const openRounds = (drawId: string) =>
    count(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM game_rounds r
      WHERE r.vassalage = 'ILE' AND r.status <> 'settled' AND r.round_id IN (SELECT DISTINCT 'ld-' || draw_id || '-' || member_id FROM lottery_tickets WHERE draw_id = ${drawId})`);
  const settled = (drawId: string) =>
    count(
      sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM lottery_tickets WHERE draw_id = ${drawId} AND status IN ('won', 'lost')`,
    );

  /** What the draw's tickets pay, priced again here from the drawn result and the game's paytable. */
  async function expectedPayout(drawId: string): Promise<{ stakes: bigint; payouts: bigint; winners: number }> {
    const draw = (await sql<{ result: unknown }>`SELECT result FROM lottery_draws WHERE id = ${drawId}`.execute(db()))
      .rows[0]!;
    const game = (
      await sql<{ paytable: unknown }>`SELECT paytable FROM lottery_games WHERE code = 'E5D-1'`.execute(db())
    ).rows[0]!;
    const tickets = (
      await sql<{
        stake: string;
        selections: { betType: string; position: number; numbers: number[]; stakePerLineMinor: string }[];
      }>`
      SELECT stake_minor::text AS stake, selections FROM lottery_tickets WHERE draw_id = ${drawId}`.execute(db())
    ).rows;
    let stakes = 0n;
    let payouts = 0n;
    let winners = 0;
    for (const ticket of tickets) {
      stakes += BigInt(ticket.stake);
      let pays = 0n;
      for (const sel of ticket.selections)
        pays += sharedLotteryRules.payout('digits5', sel, draw.result, game.paytable, BigInt(sel.stakePerLineMinor));
      payouts += pays;
      if (pays > 0n) winners++;
    }
    return { stakes, payouts, winners };
  }

  async function totalBalance(): Promise<bigint> {
    let sum = 0n;
    for (const p of players) sum += await mainBalance(t.app, p.memberId);
    return sum;
  }

  it('a kill -9 after a batch was paid and before its tickets were marked, then two processes resuming at once: every ticket paid once', async () => {
    const before = await totalBalance();
    const draw = await ticketsOnOpenDraw(1200);
    clock = Date.parse(draw.drawAt) + 1000;
    await t.app.services.lottery.draws.tick();
    const drawId = await drawIdOf(draw.numero);

    const killed = finishInChild(url(), drawId, clock, { LOTTERY_STALL_SECOND_BATCH: '1' });
    const deadline = Date.now() + 60_000;
    while (!killed.output().includes('INFLIGHT')) {
      if (Date.now() > deadline || killed.child.exitCode !== null)
        throw new Error(`the settling process did not reach its second batch: ${killed.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    killed.child.kill('SIGKILL');
    await killed.exited;
    // Every position's drawn digit wins on 24 of the 1,200 tickets: 120 winners in batches of 50.
    const { stakes, payouts, winners } = await expectedPayout(drawId);
    expect(winners).toBe(120);
    // Two batches of wins are in the wallet; no ticket is marked and no round closed before
    // every win is paid.
    expect(await settled(drawId)).toBe(0);
    expect(await openRounds(drawId)).toBe(PLAYERS);
    expect(await wins(drawId)).toBe(2 * WIN_BATCH);

    await new Promise((r) => setTimeout(r, LEASE_MS + 200));
    const resumers = [finishInChild(url(), drawId, clock), finishInChild(url(), drawId, clock)];
    const codes = await Promise.all(resumers.map((r) => r.exited));
    expect(codes, resumers.map((r) => r.output()).join('\n')).toEqual([0, 0]);
    expect(await settled(drawId)).toBe(1200);
    expect(await wins(drawId)).toBe(winners);
    expect(await openRounds(drawId)).toBe(0);
    expect(payouts).toBeGreaterThan(0n);
    expect(await totalBalance()).toBe(before - stakes + payouts);
    const status = (
      await sql<{
        status: string;
        payout: string;
      }>`SELECT status, payout_minor::text AS payout FROM lottery_draws WHERE id = ${drawId}`.execute(db())
    ).rows[0]!;
    expect(status).toEqual({ status: 'settled', payout: payouts.toString() });
  }, 180_000);

  it('two processes finishing a new draw at once pay each ticket once; the clock running again pays nothing more', async () => {
    const before = await totalBalance();
    clock += 60_000;
    const draw = await ticketsOnOpenDraw(700);
    clock = Date.parse(draw.drawAt) + 1000;
    await t.app.services.lottery.draws.tick();
    const drawId = await drawIdOf(draw.numero);
    const both = [finishInChild(url(), drawId, clock), finishInChild(url(), drawId, clock)];
    const codes = await Promise.all(both.map((r) => r.exited));
    expect(codes, both.map((r) => r.output()).join('\n')).toEqual([0, 0]);
    expect(await settled(drawId)).toBe(700);
    const { stakes, payouts, winners } = await expectedPayout(drawId);
    expect(winners).toBeGreaterThan(0);
    expect(await wins(drawId)).toBe(winners);
    expect(await openRounds(drawId)).toBe(0);
    expect(await totalBalance()).toBe(before - stakes + payouts);

    await t.app.services.lottery.runClock();
    expect(await wins(drawId)).toBe(winners);
    expect(await totalBalance()).toBe(before - stakes + payouts);
    const report = await checkLedger(db());
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);
  }, 180_000);
});
