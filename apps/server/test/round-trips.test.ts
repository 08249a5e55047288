import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHANGE_CHANNELS } from '../src/db/change-feed';
import {
  attachRoundTripCounter,
  describeRoundTrips,
  type MeasuredRoundTrips,
  type RoundTripCounter,
  type RoundTrips,
} from '../src/db/round-trip-counter';
import { SANDBOX_SEAMLESS } from '../src/modules/gateway/gateway.service';
import { createPlayer, injectCallback, launchToken, type Player } from '../src/modules/gateway/gateway.test-support';
import { minePositions } from '@wps/shared/originals/mines';
import { crashBustMs } from '@wps/shared/originals/crash';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { call, valueOf } from './api-client';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

/**
 * The round-trip guard: the database round trips each hot path makes, held to a budget. Timings
 * stay in the benchmarks (bench/); counts are exact, so they are checked here, in `npm test`.
 *
 * Every statement the app sends through its pool is counted (db/query-observer.ts), BEGIN, COMMIT
 * and ROLLBACK included; `statements` are the round trips that are not transaction control. Only
 * the measured call's own round trips count, with what it starts and awaits (a group-commit batch
 * it joins), told apart from other work by async context (db/round-trip-counter.ts).
 *
 * Each path runs once unmeasured, to fill the caches a running server has warm, and then MEASURED
 * times; the fewest round trips of those calls is held to the budget. A cache kept for a few
 * seconds (the operator settings, the licence) can expire during one call on a busy machine; a
 * round trip a change adds shows in every call.
 *
 * A count other than its budget fails, listing what was sent. A change that must add a round trip
 * raises the budget in the same commit and says why in the row's comment; a change that saves one
 * lowers it (the test fails until it does), so that the saving cannot be lost unnoticed later.
 * docs/testing.md, "The round-trip guard".
 */
const BUDGETS = {
  // The signed bet callback: the session, player, game and limits from memory; the whole bet (the
  // ledger post, the round, its counters and the outbox event) is one call of seamless_bet_many
  // (set-based for plain bets, seamless_apply for the rest), without BEGIN or COMMIT.
  'seamless bet': { roundTrips: 1, statements: 1 },
  // The signed win callback closing the bet's round: one call, like the bet (the win itself is
  // written by seamless_apply inside it).
  'seamless win': { roundTrips: 1, statements: 1 },
  // POST /lgw/tickets: the open draw read, then BEGIN, the draw locked, the licence profile
  // locked, the exposure rows, the ticket, the stake (seamless_bet_many), the exposure update, COMMIT.
  'lottery ticket': { roundTrips: 9, statements: 7 },
  // GET /wps/member/info: the members row, the member's VIP level and labels and the VIP levels
  // all from caches evicted through the change feed (loyalty/vip-cache.ts).
  'member info': { roundTrips: 0, statements: 0 },
  // GET /wps/v2/wallets/balance with nothing changed since the last read: from the balance cache.
  balance: { roundTrips: 0, statements: 0 },
  // GET /wps/v2/wallets/balance after a bet evicted the balance: the account's balance, once.
  'balance after a bet': { roundTrips: 1, statements: 1 },
  // POST /wps/relay/GCSGAME_gameList, the lobby's first page of a vendor's games: from the
  // catalogue cache.
  'lobby game list': { roundTrips: 0, statements: 0 },
  // POST /wps/inhouse/dice/roll, a one-shot original's play (inhouse-placement.ts): the game's
  // settings from memory (evicted through the change feed), no look-up of the key first (the insert
  // meets a repeated one); BEGIN, the licence profile FOR SHARE (the stake door), the seed's nonce
  // (one UPDATE … RETURNING), the round (its INSERT returns it), COMMIT; the wallet's bet and win
  // (seamless_bet_many each) and the round marked settled. Was 14 (12).
  'in-house dice play': { roundTrips: 8, statements: 6 },
  // POST /wps/inhouse/mines/start, a stepped original's start: the key and the unfinished round of
  // the game in one read, the placement's transaction as for a play, the bet, the round opened.
  // Was 14 (12).
  'in-house mines start': { roundTrips: 8, statements: 6 },
  // POST /wps/inhouse/mines/reveal, a step that goes on: BEGIN, the round locked, its new state,
  // COMMIT, and the balance shown (the main and the bonus account, read in parallel).
  'in-house mines reveal': { roundTrips: 6, statements: 4 },
  // POST /wps/inhouse/crash/bet (crash-placement.ts): the session, the game's rules and the
  // player's accounts from memory; then, shared by the bets arriving together, BEGIN, the licence
  // profile FOR SHARE (the stake door), the open round FOR UPDATE (its terms and stake total, the
  // stakes checked against its limits in memory), the bets written with their stakes added to the
  // round's total and the display name read from the member view (one statement), their stakes
  // (seamless_bet_many through applyBetsWithin), COMMIT. The answer is built from what was
  // written, nothing read back. Before, the same count held one statement of each bet's own
  // before the batch (its stake taken into the round's total, committed apart: each bet's own
  // commit, all bets queued on the round's row); it is the batch's now, whatever its size.
  // Was 15 (13): a key look-up first, the member read, the round and the clock read apart, the
  // debit in a transaction of its own and the bet marked flying after it, the answer read back.
  'crash bet': { roundTrips: 6, statements: 4 },
  // POST /wps/inhouse/crash/cashout before the flight's next event (crash-step.ts), alone here
  // (cash-outs arriving together share every statement): BEGIN, the round FOR SHARE, the bets
  // with the database's clock, the bets cashed, COMMIT; the wins (seamless_win_many's set-based
  // path, the wallet's bulk batch), their gateway rounds closed, the bets marked settled. Was 7
  // (5) one cash-out at a time, the win closing its round inside seamless_apply, one by one; the
  // closing is now a statement of its own so that a batch's wins are written set-based.
  'crash cash-out': { roundTrips: 8, statements: 6 },
  // The driver's turn that busts a round of three bets and settles it, as many for 3,000 bets: the
  // lease, the bets left unpaid, the open round with the clock; BEGIN, the round FOR UPDATE, its
  // bets with the clock, the bust with the bets lost (one statement), COMMIT; the decided bets,
  // their wins in one wallet statement (seamless_win_many), one update marking them settled.
  // Was 14 (12): the clocks read apart, the bust and the lost bets in two statements.
  'crash settlement': { roundTrips: 11, statements: 9 },
} satisfies Record<string, RoundTrips>;
type HotPath = keyof typeof BUDGETS;

const MEASURED = 3;
const SECRET = crypto.randomBytes(24).toString('hex');
const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;
// Past noon UTC, as in lottery.test.ts: the 1-minute game's draw is taking bets.
const START = Date.parse('2026-11-24T12:00:05.000Z');
/** The lobby's first page of a vendor's slots, as bench/game-list.bench.ts asks for it. */
const GAME_PAGE = {
  pageNo: 1,
  pageSize: 42,
  vassalage: SANDBOX_SEAMLESS,
  gameType: 'RNG',
  clientType: 3,
  platform: 'html5-desktop',
};

describeEachDatabase('round trips of the hot paths', (target) => {
  let t: TestApp;
  let counter: RoundTripCounter;
  let player: Player;
  let sessionToken: string;
  const markers = new Map<string, () => void>();

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => START });
    await t.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_SEAMLESS,
      walletModel: 'seamless',
      launchUrl: 'http://vendor.test/play',
      apiUrl: null,
      secret: SECRET,
      requestTimeoutMs: 500,
    });
    await t.app.services.lottery.runClock();
    player = await createPlayer(t.app, 1_000_000n);
    const launch = await launchToken(t.app, player, 'SBX-slot-01', SANDBOX_SEAMLESS);
    sessionToken = valueOf<{ sessionToken: string }>(
      await injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'authenticate', { launchToken: launch }),
    ).sessionToken;
    // The feed already listens on this channel; a handler added now hears the settle markers.
    t.app.services.changeFeed.subscribe(CHANGE_CHANNELS.balanceChange, (payload) => markers.get(payload)?.());
    counter = attachRoundTripCounter(t.database);
  });
  afterAll(async () => {
    counter?.detach();
    await t?.close();
  });

  /**
   * Wait until the change feed has delivered every notification sent so far: the evictions a call
   * causes land before the next call, not during it. Notifications reach the feed in commit order,
   * so a marker sent now arrives after them; the balance cache ignores an account id it never held.
   */
  async function settle(): Promise<void> {
    const marker = id('settle');
    const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
    await sql`SELECT pg_notify(${CHANGE_CHANNELS.balanceChange}, ${marker})`.execute(t.database.db);
    await arrived;
    markers.delete(marker);
  }

  /**
   * Warm `send` with one call, then measure MEASURED calls (each after `before`, unmeasured), each
   * answering success, and hold the fewest round trips and statements to the path's budget.
   */
  async function expectWithinBudget(
    path: HotPath,
    send: () => Promise<LightMyRequestResponse>,
    before: () => Promise<unknown> = async () => undefined,
  ): Promise<void> {
    await before();
    valueOf(await send());
    const calls: MeasuredRoundTrips<LightMyRequestResponse>[] = [];
    for (let i = 0; i < MEASURED; i++) {
      await before();
      await settle();
      const measured = await counter.measure(send);
      valueOf(measured.value);
      calls.push(measured);
    }
    const fewest = calls.reduce((a, b) => (b.roundTrips < a.roundTrips ? b : a));
    const budget = BUDGETS[path];
    const counted = { roundTrips: fewest.roundTrips, statements: fewest.statements };
    const verdict =
      counted.roundTrips > budget.roundTrips || counted.statements > budget.statements
        ? 'Over its budget: remove the round trip, or raise the budget with the reason in its row.'
        : 'Under its budget: lower the budget to the count, so that the saving stays.';
    expect(
      counted,
      [
        `${path} [${target}]: ${counted.roundTrips} round trips (${counted.statements} statements), budget ${budget.roundTrips} (${budget.statements}).`,
        verdict,
        `Round trips of each measured call: ${calls.map((c) => c.roundTrips).join(', ')}. The fewest sent:`,
        describeRoundTrips(fewest),
      ].join('\n'),
    ).toEqual(budget);
  }

  /** Bets whose rounds a win has not closed yet, newest last. */
  const openRounds: { roundId: string; betTx: string }[] = [];
  const bet = () => {
    const round = { roundId: id('r'), betTx: id('b') };
    openRounds.push(round);
    return injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'bet', {
      sessionToken,
      playerId: player.memberId,
      transactionId: round.betTx,
      roundId: round.roundId,
      gameId: 'SBX-slot-01',
      amountMinor: '100',
    });
  };
  const win = () => {
    const round = openRounds.pop();
    if (!round) throw new Error('no open round to win');
    return injectCallback(t.app, SECRET, SANDBOX_SEAMLESS, 'win', {
      sessionToken,
      playerId: player.memberId,
      transactionId: id('w'),
      roundId: round.roundId,
      betTransactionId: round.betTx,
      amountMinor: '150',
      roundClosed: true,
    });
  };
  const balance = () => call(t.app, 'GET', '/wps/v2/wallets/balance', { token: player.token });

  it('a seamless bet callback', async () => {
    await expectWithinBudget('seamless bet', bet);
  });

  it('a seamless win callback', async () => {
    await expectWithinBudget('seamless win', win, async () => valueOf(await bet()));
  });

  it('a lottery ticket', async () => {
    await expectWithinBudget('lottery ticket', () =>
      call(t.app, 'POST', '/lgw/tickets', {
        token: player.token,
        payload: {
          gameCode: 'E5D-1',
          idempotencyKey: id('k'),
          selections: [{ betType: 'last2', numbers: [27], stakePerLineMinor: '100' }],
        },
      }),
    );
  });

  it('a member-info read', async () => {
    await expectWithinBudget('member info', () => call(t.app, 'GET', '/wps/member/info', { token: player.token }));
  });

  it('a balance read, unchanged and after a bet', async () => {
    await expectWithinBudget('balance', balance);
    await expectWithinBudget('balance after a bet', balance, async () => valueOf(await bet()));
  });

  it("the lobby's game list", async () => {
    await expectWithinBudget('lobby game list', () =>
      call(t.app, 'POST', '/wps/relay/GCSGAME_gameList', { token: player.token, payload: GAME_PAGE }),
    );
  });

  /** A game session of the in-house game `nodeId`, opened as the lobby and the game page open it. */
  async function inhouseSession(nodeId: string, who: Player = player): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: who.token,
        payload: { nodeId, vassalage: 'inhouse' },
      }),
    ).game_url;
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  it('an in-house original: a one-shot play, a stepped start and a step', async () => {
    const dice = await inhouseSession('inhouse-dice');
    await expectWithinBudget('in-house dice play', () =>
      call(t.app, 'POST', '/wps/inhouse/dice/roll', {
        payload: {
          sessionToken: dice.sessionToken,
          playerId: dice.playerId,
          stakeMinor: '100',
          idempotencyKey: id('k'),
          target: 4950,
          direction: 'under',
        },
      }),
    );
    const mines = await inhouseSession('inhouse-mines');
    const auth = { sessionToken: mines.sessionToken, playerId: mines.playerId };
    // One open round a player: each start follows the end of the last one. A round has one mine,
    // found from the player's server seed (as only a test can): a reveal of it ends the round, a
    // reveal of another tile is a step that goes on.
    let open: { roundId: string; clientSeed: string; nonce: number; mine?: number } | undefined;
    const start = async () => {
      const res = await call(t.app, 'POST', '/wps/inhouse/mines/start', {
        payload: { ...auth, stakeMinor: '100', idempotencyKey: id('k'), mines: 1 },
      });
      open = valueOf<{ roundId: string; clientSeed: string; nonce: number }>(res);
      return res;
    };
    /** The open round's mine (read outside the measured calls). */
    const findMine = async () => {
      const seed = await t.database.db
        .selectFrom('inhouse_seeds')
        .select('server_seed')
        .where('member_id', '=', player.memberId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      open!.mine = minePositions(seed.server_seed, open!.clientSeed, open!.nonce, 1)[0]!;
      return open!.mine;
    };
    const reveal = (tile: number) =>
      call(t.app, 'POST', '/wps/inhouse/mines/reveal', { payload: { ...auth, roundId: open!.roundId, tile } });
    const endOpen = async () => {
      if (open) valueOf(await reveal(open.mine ?? (await findMine())));
      open = undefined;
    };
    await expectWithinBudget('in-house mines start', start, endOpen);
    await expectWithinBudget(
      'in-house mines reveal',
      () => reveal(open!.mine === 0 ? 1 : 0),
      async () => {
        await endOpen();
        await start();
        await findMine();
      },
    );
    await endOpen();
  });

  it('crash: a bet, a cash-out and the settlement of a round', async () => {
    const crash = await inhouseSession('inhouse-crash');
    const auth = { sessionToken: crash.sessionToken, playerId: crash.playerId };
    const driver = t.app.services.inhouse.crash.createDriver('round-trips', {
      chainLength: 400,
      bettingMs: 60_000,
      pauseMs: 0,
    });
    const db = t.database.db;
    const openRound = () => db.selectFrom('crash_rounds').selectAll().where('phase', '<>', 'busted').executeTakeFirst();
    /** Let the flight start now: the betting window ends and the driver starts it. */
    const startFlight = async () => {
      await sql`UPDATE crash_rounds SET betting_ends_at = clock_timestamp() - interval '1 millisecond' WHERE phase = 'betting'`.execute(
        db,
      );
      await driver.turn();
    };
    /** Fly the open round past its bust: the next driver's turn marks it busted (and settles it). */
    const pastBust = async () => {
      const row = await openRound();
      if (!row) return;
      if (row.phase === 'betting') await startFlight();
      const ms = crashBustMs(row.crash_hundredths, row.growth_per_ms) + 5;
      await sql`UPDATE crash_rounds SET started_at = clock_timestamp() - make_interval(secs => ${ms / 1000}::float8) WHERE phase = 'flying'`.execute(
        db,
      );
    };
    /** A new betting round that flies to at least 2×, so that a cash-out at its start is taken. */
    const newRound = async () => {
      for (let i = 0; i < 200; i++) {
        await pastBust();
        await driver.turn();
        await driver.turn();
        const row = await openRound();
        if (row?.phase === 'betting' && row.crash_hundredths >= 200) return;
      }
      throw new Error('no crash round opened');
    };
    const bet = () =>
      call(t.app, 'POST', '/wps/inhouse/crash/bet', {
        payload: { ...auth, stakeMinor: '100', idempotencyKey: id('k') },
      });
    await expectWithinBudget('crash bet', bet, newRound);
    await expectWithinBudget(
      'crash cash-out',
      () => call(t.app, 'POST', '/wps/inhouse/crash/cashout', { payload: auth }),
      async () => {
        await newRound();
        valueOf(await bet());
        await startFlight();
      },
    );
    // The settlement: the bust marked and its bets paid by the driver's turn, as many round trips
    // for three bets as for one (the wallet's batch).
    const others = [
      await inhouseSession('inhouse-crash', await createPlayer(t.app, 1_000_000n)),
      await inhouseSession('inhouse-crash', await createPlayer(t.app, 1_000_000n)),
    ];
    // Cash-outs arriving together share their statements (crash.service.ts batches them): the
    // three players' cash-outs sent at once take at most two batches of the single cash-out's
    // round trips (the first may start alone), where one at a time they would take three.
    const betOf = (s: InhouseSession) =>
      call(t.app, 'POST', '/wps/inhouse/crash/bet', {
        payload: { sessionToken: s.sessionToken, playerId: s.playerId, stakeMinor: '100', idempotencyKey: id('k') },
      });
    const together: MeasuredRoundTrips<unknown>[] = [];
    for (let i = 0; i < MEASURED; i++) {
      await newRound();
      valueOf(await bet());
      for (const other of others) valueOf(await betOf(other));
      await startFlight();
      await settle();
      together.push(
        await counter.measure(() =>
          Promise.all(
            [crash, ...others].map(async (s) =>
              valueOf(
                await call(t.app, 'POST', '/wps/inhouse/crash/cashout', {
                  payload: { sessionToken: s.sessionToken, playerId: s.playerId },
                }),
              ),
            ),
          ),
        ),
      );
    }
    const fewestTogether = together.reduce((a, b) => (b.roundTrips < a.roundTrips ? b : a));
    expect(
      fewestTogether.roundTrips,
      `crash cash-outs together [${target}]: round trips ${together.map((c) => c.roundTrips).join(', ')}:\n${describeRoundTrips(fewestTogether)}`,
    ).toBeLessThanOrEqual(2 * BUDGETS['crash cash-out'].roundTrips);
    const settlements: MeasuredRoundTrips<unknown>[] = [];
    for (let i = 0; i < MEASURED; i++) {
      await newRound();
      valueOf(await bet());
      for (const other of others) {
        valueOf(
          await call(t.app, 'POST', '/wps/inhouse/crash/bet', {
            payload: {
              sessionToken: other.sessionToken,
              playerId: other.playerId,
              stakeMinor: '100',
              idempotencyKey: id('k'),
            },
          }),
        );
      }
      await startFlight();
      await pastBust();
      await settle();
      settlements.push(await counter.measure(() => driver.turn()));
    }
    const fewest = settlements.reduce((a, b) => (b.roundTrips < a.roundTrips ? b : a));
    expect(
      { roundTrips: fewest.roundTrips, statements: fewest.statements },
      `crash settlement [${target}]: round trips ${settlements.map((c) => c.roundTrips).join(', ')}:\n${describeRoundTrips(fewest)}`,
    ).toEqual(BUDGETS['crash settlement']);
  });
});
