import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { crashBustMs, crashMsToReach, crashPayout, crashPoint, nextChainHash } from '@wps/shared/originals/crash';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult, CrashHistory, CrashMonitor, CrashState } from '@wps/shared/schemas/inhouse-crash';
import type { BetRecordPage } from '@wps/shared/schemas/bet-record';
import { call, expectFailure, valueOf } from '../../../../test/api-client';
import { expectLedgerHealthy } from '../../../../test/ledger-invariants';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { createPlayer, mainBalance, type Player } from '../../gateway/gateway.test-support';
import type { CrashDriver } from './crash-driver';

// Crash through its routes on the real database, with the round driver turned by the test and the
// round's clock moved by rewriting its start (the rules read the time since the flight began from
// the database's clock, so this is the time the server sees): bets and cash-outs with their money,
// a late cash-out refused, automatic cash-outs and losers settled by the server, a cash-out race
// paid once, and every round's hash linked to the one before and to the published terminal hash.
describeEachDatabase('crash: rounds, bets and cash-outs', (target) => {
  let t: TestApp;
  let driver: CrashDriver;

  beforeAll(async () => {
    t = await createTestApp(target);
    driver = t.app.services.inhouse.crash.createDriver('test-driver', {
      chainLength: 400,
      bettingMs: 60_000,
      pauseMs: 0,
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;
  const db = () => t.database.db;

  async function open(player: Player): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: 'inhouse-crash', vassalage: 'inhouse' },
      }),
    ).game_url;
    expect(url).toMatch(/^\/inhouse\/play\/crash\?launch=/);
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  const auth = (s: InhouseSession) => ({ sessionToken: s.sessionToken, playerId: s.playerId });
  const bet = (s: InhouseSession, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/wps/inhouse/crash/bet', { payload: { ...auth(s), idempotencyKey: key(), ...body } });
  const cashOut = (s: InhouseSession) => call(t.app, 'POST', '/wps/inhouse/crash/cashout', { payload: auth(s) });

  async function openRound(): Promise<{ id: string; crash: number; growth: number }> {
    for (let i = 0; i < 5; i++) {
      const row = await db()
        .selectFrom('crash_rounds')
        .select(['id', 'crash_hundredths', 'growth_per_ms', 'phase'])
        .where('phase', '<>', 'busted')
        .executeTakeFirst();
      if (row?.phase === 'betting') return { id: row.id, crash: row.crash_hundredths, growth: row.growth_per_ms };
      if (row) await finishRound();
      await driver.turn();
    }
    throw new Error('no round opened');
  }

  /** A betting round whose crash point is at least `min` (rounds below it are flown empty and busted). */
  async function roundReaching(min: number): Promise<{ id: string; crash: number; growth: number }> {
    for (let i = 0; i < 200; i++) {
      const round = await openRound();
      if (round.crash >= min) return round;
      await finishRound();
    }
    throw new Error(`no round reached ${min}`);
  }

  /** End the betting window now and let the driver start the flight. */
  async function startFlight(): Promise<void> {
    await sql`UPDATE crash_rounds SET betting_ends_at = clock_timestamp() - interval '1 millisecond' WHERE phase = 'betting'`.execute(
      db(),
    );
    await driver.turn();
  }

  /** Move the flight's start back so that `ms` have passed since it began. */
  async function flyFor(ms: number): Promise<void> {
    await sql`UPDATE crash_rounds SET started_at = clock_timestamp() - make_interval(secs => ${ms / 1000}::float8) WHERE phase = 'flying'`.execute(
      db(),
    );
  }

  /** Fly the open round past its bust and let the driver settle it. */
  async function finishRound(): Promise<void> {
    const row = await db()
      .selectFrom('crash_rounds')
      .select(['phase', 'crash_hundredths', 'growth_per_ms'])
      .where('phase', '<>', 'busted')
      .executeTakeFirst();
    if (!row) return;
    if (row.phase === 'betting') await startFlight();
    await flyFor(crashBustMs(row.crash_hundredths, row.growth_per_ms) + 5);
    await driver.turn();
  }

  it('a bet cashed out by hand pays stake × the multiplier at that moment, in the wallet and the betting record', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const s = await open(player);
    const round = await roundReaching(150);
    const placed = valueOf<CrashBetResult>(await bet(s, { stakeMinor: '1000' }));
    expect(placed).toMatchObject({ bet: { status: 'flying', stakeMinor: '1000' }, balanceMinor: '99000' });
    await startFlight();
    await flyFor(crashMsToReach(120, round.growth));
    const cashed = valueOf<CrashBetResult>(await cashOut(s));
    const at = cashed.bet.cashoutHundredths!;
    expect(at).toBeGreaterThanOrEqual(120);
    expect(at).toBeLessThanOrEqual(round.crash);
    expect(cashed.bet).toMatchObject({ status: 'cashed', payoutMinor: String(crashPayout(1000n, at)) });
    expect(await mainBalance(t.app, player.memberId)).toBe(99_000n + crashPayout(1000n, at));
    expect(cashed.balanceMinor).toBe(String(99_000n + crashPayout(1000n, at)));

    await finishRound();
    const record = valueOf<BetRecordPage>(await call(t.app, 'GET', '/wps/bet-record', { token: player.token }));
    expect(record.list.find((r) => r.roundId === cashed.bet.betId)).toMatchObject({
      nodeId: 'inhouse-crash',
      stakeMinor: '1000',
      payoutMinor: String(crashPayout(1000n, at)),
      status: 'settled',
    });
    const history = valueOf<CrashHistory>(
      await call(t.app, 'POST', '/wps/inhouse/crash/history', { payload: auth(s) }),
    );
    expect(history.bets[0]).toMatchObject({ betId: cashed.bet.betId, status: 'cashed', crashHundredths: round.crash });
  });

  it('a cash-out that arrives after the multiplier passed the crash point is refused, and the bet is lost', async () => {
    const player = await createPlayer(t.app, 100_000n);
    const s = await open(player);
    const round = await openRound();
    valueOf(await bet(s, { stakeMinor: '500' }));
    await startFlight();
    // No driver turn since: the cash-out itself finds the round past its bust.
    await flyFor(crashBustMs(round.crash, round.growth) + 1);
    expectFailure(await cashOut(s), ErrorCode.CRASH_ROUND_BUSTED, 409);
    expect(await mainBalance(t.app, player.memberId)).toBe(99_500n);
    const row = await db()
      .selectFrom('crash_rounds')
      .select(['phase'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(row.phase).toBe('busted');
    // Asked again, the same refusal; the driver settles the lost bet (its gateway round closed with 0).
    expectFailure(await cashOut(s), ErrorCode.CRASH_ROUND_BUSTED, 409);
    await driver.turn();
    const lost = await db()
      .selectFrom('crash_bets')
      .selectAll()
      .where('round_id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect([lost.status, String(lost.payout)]).toEqual(['lost', '0']);
    expect(lost.settled_at).not.toBeNull();
  });

  it('the server cashes automatic targets out at their multiplier with nobody asking, and the bust settles the losers', async () => {
    const [a, b] = [await createPlayer(t.app, 10_000n), await createPlayer(t.app, 10_000n)];
    const [sa, sb] = [await open(a), await open(b)];
    const round = await roundReaching(110);
    valueOf(await bet(sa, { stakeMinor: '1000', autoCashoutHundredths: 110 }));
    valueOf(await bet(sb, { stakeMinor: '2000' }));
    await startFlight();
    // The page of A is closed: only the driver turns, long after 1.10× and past the bust.
    await flyFor(crashBustMs(round.crash, round.growth) + 50);
    await driver.turn();
    expect(await mainBalance(t.app, a.memberId)).toBe(9_000n + 1_100n);
    expect(await mainBalance(t.app, b.memberId)).toBe(8_000n);
    const bets = await db()
      .selectFrom('crash_bets')
      .select(['member_id', 'status', 'cashout_hundredths', 'payout', 'settled_at'])
      .where('round_id', '=', round.id)
      .orderBy('id')
      .execute();
    expect(bets.map((x) => [x.status, x.cashout_hundredths, String(x.payout)])).toEqual([
      ['cashed', 110, '1100'],
      ['lost', null, '0'],
    ]);
    expect(bets.every((x) => x.settled_at !== null)).toBe(true);
  });

  it('a cash-out by hand before the next flight event reads its own bet only; one after it applies the event first', async () => {
    const [a, b, c] = [
      await createPlayer(t.app, 10_000n),
      await createPlayer(t.app, 10_000n),
      await createPlayer(t.app, 10_000n),
    ];
    const [sa, sb, sc] = [await open(a), await open(b), await open(c)];
    const round = await roundReaching(160);
    valueOf(await bet(sa, { stakeMinor: '1000', autoCashoutHundredths: 150 }));
    valueOf(await bet(sb, { stakeMinor: '1000' }));
    valueOf(await bet(sc, { stakeMinor: '1000' }));
    await startFlight();
    // The flight's first event is A's automatic cash-out at 1.50×.
    const stored = await db()
      .selectFrom('crash_rounds')
      .select('next_event_ms')
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect(stored.next_event_ms).toBe(crashMsToReach(150, round.growth));
    // Before it: B leaves by hand, and A is still flying.
    await flyFor(crashMsToReach(120, round.growth));
    const early = valueOf<CrashBetResult>(await cashOut(sb)).bet;
    expect(early.cashoutHundredths).toBeGreaterThanOrEqual(120);
    expect(early.cashoutHundredths).toBeLessThan(150);
    // Past it, with no driver turn in between: C's cash-out pays A at exactly 1.50× first.
    await flyFor(crashMsToReach(155, round.growth));
    const late = valueOf<CrashBetResult>(await cashOut(sc)).bet;
    expect(late.cashoutHundredths).toBeGreaterThanOrEqual(155);
    const bets = await db()
      .selectFrom('crash_bets')
      .select(['member_id', 'status', 'cashout_hundredths'])
      .where('round_id', '=', round.id)
      .orderBy('id')
      .execute();
    expect(bets.map((x) => [x.status, x.cashout_hundredths])).toEqual([
      ['cashed', 150],
      ['cashed', early.cashoutHundredths],
      ['cashed', late.cashoutHundredths],
    ]);
    await finishRound();
  });

  it('a cashed bet paid by a win that closed its round (before wins left it open) is settled by the driver without paying again', async () => {
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player);
    await roundReaching(130);
    const placed = valueOf<CrashBetResult>(await bet(s, { stakeMinor: '1000' }));
    await startFlight();
    // Decided and paid the earlier way, its settled mark not yet written (a process stopped there).
    const payout = crashPayout(1000n, 120);
    await sql`UPDATE crash_bets SET status = 'cashed', cashout_hundredths = 120, payout = ${payout.toString()}::bigint,
      cashed_at = clock_timestamp() WHERE bet_id = ${placed.bet.betId}`.execute(db());
    await t.app.services.gateway.seamless.win({
      vassalage: 'inhouse',
      memberId: player.memberId,
      transactionId: `${placed.bet.betId}-win`,
      roundId: placed.bet.betId,
      betTransactionId: `${placed.bet.betId}-bet`,
      amountMinor: payout,
      roundClosed: true,
    });
    expect(await driver.settleDecided()).toBe(1);
    const row = await db()
      .selectFrom('crash_bets')
      .select('settled_at')
      .where('bet_id', '=', placed.bet.betId)
      .executeTakeFirstOrThrow();
    expect(row.settled_at).not.toBeNull();
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n + payout);
    await finishRound();
  });

  it('cash-outs racing for one bet pay it once, at one multiplier', async () => {
    const player = await createPlayer(t.app, 50_000n);
    const s = await open(player);
    const round = await roundReaching(130);
    valueOf(await bet(s, { stakeMinor: '10000' }));
    await startFlight();
    await flyFor(crashMsToReach(115, round.growth));
    const answers = await Promise.all(Array.from({ length: 6 }, () => cashOut(s)));
    const results = answers.map((r) => valueOf<CrashBetResult>(r));
    const at = new Set(results.map((r) => r.bet.cashoutHundredths));
    expect(at.size).toBe(1);
    const payout = crashPayout(10_000n, [...at][0]!);
    expect(await mainBalance(t.app, player.memberId)).toBe(40_000n + payout);
    // One win in the gateway's round of the bet, for that payout.
    const gatewayRound = await db()
      .selectFrom('game_rounds')
      .select(['total_bet', 'total_win'])
      .where('vassalage', '=', 'inhouse')
      .where('round_id', '=', results[0]!.bet.betId)
      .executeTakeFirstOrThrow();
    expect([String(gatewayRound.total_bet), String(gatewayRound.total_win)]).toEqual(['10000', String(payout)]);
    await finishRound();
  });

  it('refuses a bet after the window, a second bet in a round, a stake off the rules and a target off the range, moving nothing', async () => {
    const player = await createPlayer(t.app, 5_000n);
    const s = await open(player);
    await openRound();
    expectFailure(await bet(s, { stakeMinor: '5' }), ErrorCode.STAKE_INVALID, 400);
    expectFailure(await bet(s, { stakeMinor: '100', autoCashoutHundredths: 100 }), ErrorCode.VALIDATION_FAILED, 400);
    valueOf(await bet(s, { stakeMinor: '100' }));
    expectFailure(await bet(s, { stakeMinor: '100' }), ErrorCode.CRASH_ALREADY_BET, 409);
    expectFailure(await cashOut(s), ErrorCode.CRASH_NO_BET, 409);
    await sql`UPDATE crash_rounds SET betting_ends_at = clock_timestamp() WHERE phase = 'betting'`.execute(db());
    const other = await open(await createPlayer(t.app, 5_000n));
    expectFailure(await bet(other, { stakeMinor: '100' }), ErrorCode.CRASH_BETTING_CLOSED, 409);
    expect(await mainBalance(t.app, player.memberId)).toBe(4_900n);
    expect(await mainBalance(t.app, other.playerId)).toBe(5_000n);
    await finishRound();
  });

  it('a repeated bet (same key) answers the first, and the public state shows bets but no crash point before the bust', async () => {
    const player = await createPlayer(t.app, 5_000n);
    const s = await open(player);
    await openRound();
    const body = { ...auth(s), idempotencyKey: key(), stakeMinor: '300', autoCashoutHundredths: 250 };
    const first = valueOf<CrashBetResult>(await call(t.app, 'POST', '/wps/inhouse/crash/bet', { payload: body }));
    const again = valueOf<CrashBetResult>(await call(t.app, 'POST', '/wps/inhouse/crash/bet', { payload: body }));
    expect(again).toMatchObject({ replayed: true, bet: { betId: first.bet.betId } });
    expectFailure(
      await call(t.app, 'POST', '/wps/inhouse/crash/bet', { payload: { ...body, stakeMinor: '400' } }),
      ErrorCode.DUPLICATE_TRANSACTION,
    );
    expect(await mainBalance(t.app, player.memberId)).toBe(4_700n);
    const state = valueOf<CrashState>(await call(t.app, 'GET', '/wps/inhouse/crash/state'));
    expect(state.round).toMatchObject({ phase: 'betting', crashHundredths: null, hash: null });
    expect(state.round!.bets.some((x) => x.stakeMinor === '300' && x.status === 'flying')).toBe(true);
    expect(JSON.stringify(state)).not.toContain(`"${player.memberId}"`);
    await finishRound();
  });

  it('opens each round at the RTP and payout limits in force, and a bet leaves by itself at its payout limit', async () => {
    const support = (await createTestOperator(t.app, 'support')).token;
    valueOf(
      await call(t.app, 'PUT', '/ops/inhouse-games/inhouse-crash/settings', {
        token: support,
        payload: { maxStakeMinor: '1000000', rtpBps: 9700, maxPayoutMinor: '2500', reason: 'crash limits test' },
      }),
    );
    // The round open at the change keeps its terms; the next ones take the new ones.
    await finishRound();
    const round = await roundReaching(300);
    const terms = await db()
      .selectFrom('crash_rounds')
      .select(['rtp_bps', 'max_payout_minor', 'round_max_payout_minor'])
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect([terms.rtp_bps, String(terms.max_payout_minor), String(terms.round_max_payout_minor)]).toEqual([
      9700,
      '2500',
      '25000',
    ]);
    const player = await createPlayer(t.app, 10_000n);
    const s = await open(player);
    // 3,000 could not win even 1.01× within 2,500.
    expectFailure(await bet(s, { stakeMinor: '3000' }), ErrorCode.STAKE_INVALID, 400);
    valueOf(await bet(s, { stakeMinor: '1000' }));
    await startFlight();
    await flyFor(crashMsToReach(300, round.growth));
    await driver.turn();
    const row = await db()
      .selectFrom('crash_bets')
      .select(['status', 'cashout_hundredths', 'payout'])
      .where('round_id', '=', round.id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.cashout_hundredths, String(row.payout)]).toEqual(['cashed', 250, '2500']);
    expect(await mainBalance(t.app, player.memberId)).toBe(9_000n + 2_500n);
    await finishRound();

    // The back office's monitor: the round's player, stake, payout and the house's result.
    const monitor = valueOf<CrashMonitor>(
      await call(t.app, 'GET', '/ops/inhouse-games/crash/monitor', { token: support }),
    );
    expect(monitor.rounds.find((r) => r.crashHundredths === round.crash && r.players === 1)).toMatchObject({
      stakeMinor: '1000',
      payoutMinor: '2500',
      houseResultMinor: '-1500',
    });
  });

  it('every busted round reveals a hash whose SHA-256 is the round before’s, the first one’s the published terminal hash, and its crash point', async () => {
    await finishRound();
    await openRound();
    await finishRound();
    const state = valueOf<CrashState>(await call(t.app, 'GET', '/wps/inhouse/crash/state'));
    const recent = [...state.recent].sort((x, y) => x.roundNumber - y.roundNumber);
    expect(recent.length).toBeGreaterThan(3);
    for (const r of recent) expect(r.crashHundredths).toBe(crashPoint(r.hash, state.chain!.salt, r.rtpBps));
    for (let i = 1; i < recent.length; i++) {
      if (recent[i]!.roundNumber === recent[i - 1]!.roundNumber + 1)
        expect(nextChainHash(recent[i]!.hash)).toBe(recent[i - 1]!.hash);
    }
    const first = await db()
      .selectFrom('crash_rounds')
      .select(['hash'])
      .where('round_number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(nextChainHash(first.hash)).toBe(state.chain!.terminalHash);
  });

  it('a round takes stakes up to its own limit exactly, a bet the wallet refuses giving its stake back', async () => {
    const support = (await createTestOperator(t.app, 'support')).token;
    valueOf(
      await call(t.app, 'PUT', '/ops/inhouse-games/inhouse-crash/settings', {
        token: support,
        payload: { maxStakeMinor: '1000000', rtpBps: 9900, maxPayoutMinor: '2500', reason: 'crash round limit test' },
      }),
    );
    await finishRound();
    const round = await roundReaching(101);
    // 25,000 for the round: stakes that could all win at 1.01× within it, 24,752 at most.
    const staked = async () =>
      String(
        (
          await db()
            .selectFrom('crash_rounds')
            .select('staked_minor')
            .where('id', '=', round.id)
            .executeTakeFirstOrThrow()
        ).staked_minor,
      );
    for (let i = 0; i < 10; i++)
      valueOf(await bet(await open(await createPlayer(t.app, 10_000n)), { stakeMinor: '2470' }));
    expect(await staked()).toBe('24700');
    expectFailure(
      await bet(await open(await createPlayer(t.app, 10_000n)), { stakeMinor: '60' }),
      ErrorCode.STAKE_INVALID,
      400,
    );
    // Refused by the wallet: nothing stays taken.
    expectFailure(
      await bet(await open(await createPlayer(t.app, 1n)), { stakeMinor: '50' }),
      ErrorCode.INSUFFICIENT_FUNDS,
      409,
    );
    expect(await staked()).toBe('24700');
    valueOf(await bet(await open(await createPlayer(t.app, 10_000n)), { stakeMinor: '52' }));
    expect(await staked()).toBe('24752');
    await finishRound();
  });
});
