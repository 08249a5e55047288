import type { Kysely } from 'kysely';
import { crashMultiplierAt, crashPayout } from '@wps/shared/originals/crash';
import type { Database } from '../../../db/schema';
import { advanceFlight, type FlightBet, type FlightStep } from './crash-flight';
import { cashBet, cashBets, findMemberBetInRound, findMemberBetNow, listRoundBetsNow } from './crash-bets.repository';
import { bustRound, lockOpenRound, setNextEvent, type CrashBetRow, type CrashRoundRow } from './crash.repository';

// The flight's step applied in a transaction (the driver's ticks and the cash-outs both take it),
// and a player's cash-out decided by it: the use case of deciding, apart from paying and answering
// (crash.service.ts), so both the driver and the service read one definition of the flight's rules.

type Db = Kysely<Database>;

/** A flying bet as the flight rules read it. */
export function toFlightBet(b: CrashBetRow): FlightBet {
  return {
    betId: b.betId,
    stake: b.stake,
    autoCashoutHundredths: b.autoCashoutHundredths,
    status: b.status,
    payout: b.payout,
  };
}

/**
 * Apply a flight's step in the caller's transaction (the round is locked): its cash-outs, then the
 * bust with its lost bets. Returns the step.
 */
export async function applyFlightStep(
  t: Db,
  round: CrashRoundRow,
  bets: CrashBetRow[],
  now: Date,
): Promise<FlightStep> {
  const elapsed = now.getTime() - round.startedAt!.getTime();
  const step = advanceFlight(round, bets.map(toFlightBet), elapsed);
  // One statement for every cash-out of the step (a payout limit can cash the whole round out).
  await cashBets(t, step.cashOuts);
  if (step.isBusted) await bustRound(t, round.id, step.bustMs);
  else if (step.nextEventMs !== round.nextEventMs) await setNextEvent(t, round.id, step.nextEventMs);
  return step;
}

export type CashOutDecision = {
  bet: CrashBetRow | undefined;
  isBusted: boolean;
  isRepeat: boolean;
  /** The flying round's number, when a bet was cashed out now. */
  roundNumber?: number;
};

/**
 * A cash-out decided from the player's bet alone, under a shared lock on the round: when the
 * database's clock is before the flight's next due event (migration 0740), nothing (no automatic
 * cash-out, no payout limit, no bust) happens before this moment, and a cash-out by hand only moves
 * that event later, so the bet is cashed at this moment's multiplier with no other bet read.
 * Undefined when an event may be due: the caller then takes the round's row lock and applies the
 * flight's step first.
 */
async function cashOutAlone(db: Db, memberId: string): Promise<CashOutDecision | undefined> {
  return db.transaction().execute(async (t): Promise<CashOutDecision | undefined> => {
    const round = await lockOpenRound(t, 'share');
    if (!round || round.phase !== 'flying') return { bet: undefined, isBusted: false, isRepeat: false };
    // The clock is read with the bet, after the lock is held: a cash-out is decided at that moment.
    const { bet: mine, now } = await findMemberBetNow(t, round.id, memberId);
    const elapsed = now.getTime() - round.startedAt!.getTime();
    if (round.nextEventMs === null || elapsed >= round.nextEventMs) return undefined;
    if (!mine || mine.status !== 'flying') return { bet: mine, isBusted: false, isRepeat: true };
    const at = crashMultiplierAt(elapsed, round.growthPerMs);
    const payout = crashPayout(mine.stake, at);
    // A second cash-out of the same bet running beside this one waits on the bet's row and finds it cashed.
    if (!(await cashBet(t, mine.betId, at, payout)))
      return { bet: await findMemberBetInRound(t, round.id, memberId), isBusted: false, isRepeat: true };
    return {
      bet: { ...mine, status: 'cashed', cashoutHundredths: at, payout },
      isBusted: false,
      isRepeat: false,
      roundNumber: round.roundNumber,
    };
  });
}

/** A cash-out under the round's row lock, the flight advanced to this moment first (every bet read). */
async function cashOutWithStep(db: Db, memberId: string): Promise<CashOutDecision> {
  return db.transaction().execute(async (t): Promise<CashOutDecision> => {
    const round = await lockOpenRound(t, 'update');
    if (!round || round.phase !== 'flying') return { bet: undefined, isBusted: false, isRepeat: false };
    const { bets, now } = await listRoundBetsNow(t, round.id);
    const mine = bets.find((b) => b.memberId === memberId);
    if (!mine || mine.status !== 'flying') return { bet: mine, isBusted: false, isRepeat: true };
    const step = await applyFlightStep(t, round, bets, now);
    if (step.isBusted) return { bet: { ...mine, status: 'lost' }, isBusted: true, isRepeat: false };
    const reached = step.cashOuts.find((c) => c.betId === mine.betId);
    const at = reached?.cashoutHundredths ?? step.multiplier;
    const payout = reached?.payout ?? crashPayout(mine.stake, at);
    if (!reached) await cashBet(t, mine.betId, at, payout);
    return {
      bet: { ...mine, status: 'cashed', cashoutHundredths: at, payout },
      isBusted: false,
      isRepeat: false,
      roundNumber: round.roundNumber,
    };
  });
}

/**
 * Decide a player's cash-out at this moment: from the bet alone when no flight event can be due
 * (most cash-outs), else under the round's row lock with the flight advanced first.
 */
export async function decideCashOut(db: Db, memberId: string): Promise<CashOutDecision> {
  return (await cashOutAlone(db, memberId)) ?? (await cashOutWithStep(db, memberId));
}
