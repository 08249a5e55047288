import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { CRASH_GROWTH_PER_MS, CRASH_ROUND_PAYOUT_FACTOR, crashPoint } from '@wps/shared/originals/crash';
import { INHOUSE_MAX_PAYOUT_MINOR } from '@wps/shared/schemas/inhouse-settings';
import type { Database } from '../../../db/schema';
import { isAppError } from '../../../http/app-error';
import type { InhouseSettings } from '../inhouse-settings';
import { chainIndexOfRound, hashFrom, makeChain, type MadeChain } from './crash-chain';
import { advanceFlight } from './crash-flight';
import { findPlacingBets, findUnsettledBets, listRoundBets, listRoundBetsNow } from './crash-bets.repository';
import {
  findActiveChain,
  findCheckpointBefore,
  findOpenRound,
  insertChain,
  insertRound,
  listRecentBusts,
  lockOpenRound,
  releaseDriverLease,
  startFlight,
  takeDriverLease,
  takeRoundNumber,
  type ChainRow,
} from './crash.repository';
import { CRASH_NODE_ID, type CrashService } from './crash.service';
import { applyFlightStep, toFlightBet } from './crash-step';

// The driver of crash's rounds: one instance at a time holds the lease (crash_driver) and turns
// the rounds: open a round, end its betting window, advance the flight (automatic cash-outs,
// payout limits, the bust) and pay what was decided. Every step is also once-only by itself (a
// conditional update under the round's row lock; payments by idempotent ids), so a driver that
// stalls past its lease and wakes beside its successor repeats nothing.
//
// If the driver dies between any two steps: a round left betting or flying is found by the next
// holder (within one lease) and carried on from the database's clock, its flight's decisions
// being a function of the time since it began (crash-flight.ts), not of who was watching; bets
// cashed out or lost but not yet paid are paid by the next turn (settleDecided), once each by
// their `${betId}-win`; a bet left 'placing' is debited by the same idempotent call before the
// flight may start.

export type CrashDriverSettings = {
  chainLength: number;
  bettingMs: number;
  /** Multiplies the multiplier's growth rate (CRASH_SPEED); fixed on each round. */
  speed: number;
  leaseMs: number;
  /** How long a bust stays on the pages before the next round opens. */
  pauseMs: number;
};

export const DEFAULT_CRASH_SETTINGS: CrashDriverSettings = {
  chainLength: 10_000_000,
  bettingMs: 6000,
  speed: 1,
  leaseMs: 3000,
  pauseMs: 3000,
};

type DriverContext = {
  db: Kysely<Database>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  settings: Pick<InhouseSettings, 'getPlayableGame'>;
  crash: Pick<CrashService, 'debit' | 'payMany'>;
  config: CrashDriverSettings;
  /** This process, as written into crash_driver.holder. */
  instance: string;
};

/** Decided bets paid per wallet call (winMany: one statement per batch of the wallet's bulk queue). */
const PAY_BATCH = 1000;

/**
 * When this few rounds are left in the active chain, the next chain is made in the background, so
 * the round after the last one opens at once rather than after a whole chain's hashing (about 10 s
 * for ten million rounds, measured in bench:crash).
 */
export function roundsAheadToPrepare(length: number): number {
  return Math.max(1, Math.min(1000, Math.ceil(length / 10)));
}

export function createCrashDriver(ctx: DriverContext) {
  const { db, log, config } = ctx;
  let making: Promise<ChainRow> | undefined;
  let next: Promise<MadeChain> | undefined;

  /** The next chain, made in slices between other work; started once, kept in memory until stored. */
  function prepareNext(): Promise<MadeChain> {
    if (next) return next;
    const started = Date.now();
    const every = Math.max(1, Math.ceil(Math.sqrt(config.chainLength)));
    const made = makeChain(config.chainLength, every).then((chain) => {
      log.info({ length: chain.length, ms: Date.now() - started }, 'crash: next hash chain made ahead');
      return chain;
    });
    next = made;
    made.catch(() => {
      if (next === made) next = undefined;
    });
    return made;
  }

  /**
   * The active chain; when it has few rounds left, the next one is started in the background. When
   * there is none (spent, or the first), the one made ahead is stored (made now when there is
   * none), kept by the first instance to store one.
   */
  async function ensureChain(): Promise<ChainRow> {
    const active = await findActiveChain(db);
    if (active) {
      if (active.length - active.nextRound + 1 <= roundsAheadToPrepare(active.length))
        prepareNext().catch((err: unknown) => log.error({ err }, 'crash: making the next chain failed'));
      return active;
    }
    making ??= (async () => {
      const started = Date.now();
      const made = await prepareNext();
      next = undefined;
      const stored = await insertChain(db, made);
      if (stored)
        log.info(
          { length: made.length, terminalHash: made.terminalHash, ms: Date.now() - started },
          'crash: new hash chain made',
        );
      const chain = await findActiveChain(db);
      if (!chain) throw new Error('crash: no active chain after making one');
      return chain;
    })().finally(() => {
      making = undefined;
    });
    return making;
  }

  /** Open the next round: its hash from the chain, its crash point at the RTP and limits in force now. */
  async function openRound(): Promise<boolean> {
    const playable = await ctx.settings.getPlayableGame(CRASH_NODE_ID, 'crash').catch((err: unknown) => {
      // In maintenance, switched off or not in the catalogue: no round opens until it is back.
      if (isAppError(err)) return null;
      throw err;
    });
    if (!playable) return false;
    const chain = await ensureChain();
    const maxPayout = playable.maxPayoutMinor ?? INHOUSE_MAX_PAYOUT_MINOR;
    return db
      .transaction()
      .execute(async (t) => {
        const round = await lockOpenRound(t, 'update');
        if (round) return false;
        const roundNumber = await takeRoundNumber(t, chain.id);
        // A spent chain: the next turn makes a new one.
        if (roundNumber === undefined) return false;
        const idx = chainIndexOfRound(chain.length, roundNumber);
        const hash = hashFrom(await findCheckpointBefore(t, chain.id, idx), idx);
        await insertRound(t, {
          chainId: chain.id,
          roundNumber,
          hash,
          crashHundredths: crashPoint(hash, chain.salt, playable.rtpBps),
          rtpBps: playable.rtpBps,
          growthPerMs: CRASH_GROWTH_PER_MS * config.speed,
          maxPayoutMinor: maxPayout,
          roundMaxPayoutMinor: maxPayout * CRASH_ROUND_PAYOUT_FACTOR,
          bettingMs: config.bettingMs,
        });
        return true;
      })
      .catch((err: unknown) => {
        // Another instance opened one at the same moment (one open round: unique index).
        if ((err as { code?: unknown }).code === '23505') return false;
        throw err;
      });
  }

  /**
   * Pay the bets cashed out or lost whose money step is not confirmed yet, in batches through the
   * wallet's bulk group commit (a bust settles its whole round in a few statements), for at most a
   * third of the lease per turn. Returns how many were paid; a failed bet is retried next turn.
   */
  async function settleDecided(): Promise<number> {
    const until = Date.now() + config.leaseMs / 3;
    let paid = 0;
    for (;;) {
      const bets = await findUnsettledBets(db, PAY_BATCH);
      if (bets.length === 0) return paid;
      const done = (await ctx.crash.payMany(bets)).filter((b) => b.paid).length;
      paid += done;
      if (done < bets.length || bets.length < PAY_BATCH || Date.now() > until) return paid;
    }
  }

  /** End the betting window: finish the bets still being debited, then start the flight. */
  async function closeBetting(roundId: string): Promise<void> {
    for (const bet of await findPlacingBets(db, roundId)) {
      await ctx.crash.debit(bet).catch((err: unknown) => {
        if (!isAppError(err)) throw err;
      });
    }
    await db.transaction().execute(async (t) => {
      const round = await lockOpenRound(t, 'update');
      if (round?.id !== roundId || round.phase !== 'betting') return;
      // A bet inserted just before the window closed may still be debiting: wait for it.
      const bets = await listRoundBets(t, roundId);
      if (bets.some((b) => b.status === 'placing')) return;
      // The flight's first event (an automatic cash-out, a limit or the bust): cash-outs before it read no other bet.
      await startFlight(t, roundId, advanceFlight(round, bets.map(toFlightBet), 0).nextEventMs);
    });
  }

  /** Advance the flight to now; returns the ms until its next event. */
  async function advance(): Promise<number> {
    return db.transaction().execute(async (t) => {
      const round = await lockOpenRound(t, 'update');
      if (!round || round.phase !== 'flying') return 0;
      // The clock read with the bets, after the lock: the step is taken at that moment.
      const { bets, now } = await listRoundBetsNow(t, round.id);
      const step = await applyFlightStep(t, round, bets, now);
      return step.isBusted ? 0 : step.nextEventMs - (now.getTime() - round.startedAt!.getTime());
    });
  }

  /**
   * One turn: renew (or take) the lease, and when held, take the round one step. Returns the ms
   * until the next turn: the next event of the round, but at most a third of the lease, so it is
   * renewed in time.
   */
  async function turn(): Promise<number> {
    const renewEvery = Math.floor(config.leaseMs / 3);
    if (!(await takeDriverLease(db, ctx.instance, config.leaseMs))) return renewEvery;
    await settleDecided();
    const { round, now } = await findOpenRound(db);
    if (!round) {
      // The last crash stays on the pages a moment before the next window opens.
      const [last] = await listRecentBusts(db, 1);
      const shown = last?.bustedAt ? now.getTime() - last.bustedAt.getTime() : config.pauseMs;
      if (shown < config.pauseMs) return Math.min(config.pauseMs - shown, renewEvery);
      return (await openRound()) ? 0 : renewEvery;
    }
    if (round.phase === 'betting') {
      const left = round.bettingEndsAt.getTime() - now.getTime();
      if (left > 0) return Math.min(left, renewEvery);
      await closeBetting(round.id);
      // Again at once; a moment later when a bet still being debited holds the flight.
      return 20;
    }
    const next = await advance();
    await settleDecided();
    return Math.max(0, Math.min(next, renewEvery));
  }

  return {
    turn,
    settleDecided,
    /** The next chain being made ahead, if it was started (tests). */
    nextChain: (): Promise<MadeChain> | undefined => next,
    /** Give the lease up when stopping, so another instance drives at once. */
    release: () => releaseDriverLease(db, ctx.instance),
  };
}

export type CrashDriver = ReturnType<typeof createCrashDriver>;
