import type { Kysely } from 'kysely';
import { crashMultiplierAt, crashPayout } from '@wps/shared/originals/crash';
import type { Database } from '../../../db/schema';
import { advanceFlight, type FlightBet, type FlightStep } from './crash-flight';
import { cashBets, findMemberBetInRound, findMemberBetsNow, listRoundBetsNow } from './crash-bets.repository';
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

/** Nothing flying to cash out: no round in flight. */
const NO_FLIGHT: CashOutDecision = { bet: undefined, isBusted: false, isRepeat: false };

type Cash = { cashoutHundredths: number; payout: bigint };

/** Decisions in the order asked; a player named twice in a batch (two requests at once) is decided once, the second is its repeat. */
function inOrder(memberIds: readonly string[], decisions: Map<string, CashOutDecision>): CashOutDecision[] {
  const seen = new Set<string>();
  return memberIds.map((m) => {
    const d = decisions.get(m)!;
    if (seen.has(m)) return { ...d, isRepeat: true };
    seen.add(m);
    return d;
  });
}

/**
 * Cash the players' flying bets at `at` (one statement), except those `decided` already cashed in
 * this transaction (the flight's step). A bet found flying but cashed beside this batch (another
 * instance's, which the statement waited for) is read again and answered as that one's repeat.
 */
async function cashMembers(
  t: Db,
  round: CrashRoundRow,
  memberIds: readonly string[],
  bets: readonly CrashBetRow[],
  at: (bet: CrashBetRow) => Cash,
  decided: ReadonlyMap<string, Cash> = new Map(),
): Promise<CashOutDecision[]> {
  const mine = new Map(bets.map((b) => [b.memberId, b]));
  const toCash = [...mine.values()]
    .filter((b) => b.status === 'flying' && !decided.has(b.betId))
    .map((b) => ({ betId: b.betId, ...at(b) }));
  const cashed = await cashBets(t, toCash);
  const cashOf = new Map<string, Cash>([
    ...decided,
    ...toCash.filter((c) => cashed.has(c.betId)).map((c) => [c.betId, c] as const),
  ]);
  const decisions = new Map<string, CashOutDecision>();
  for (const memberId of new Set(memberIds)) {
    const bet = mine.get(memberId);
    const cash = bet && cashOf.get(bet.betId);
    if (bet && cash)
      decisions.set(memberId, {
        bet: { ...bet, status: 'cashed', cashoutHundredths: cash.cashoutHundredths, payout: cash.payout },
        isBusted: false,
        isRepeat: false,
        roundNumber: round.roundNumber,
      });
    else if (bet?.status === 'flying')
      decisions.set(memberId, {
        bet: await findMemberBetInRound(t, round.id, memberId),
        isBusted: false,
        isRepeat: true,
      });
    else decisions.set(memberId, { bet, isBusted: false, isRepeat: true });
  }
  return inOrder(memberIds, decisions);
}

/**
 * Cash-outs decided from the players' own bets alone, under a shared lock on the round: when the
 * database's clock is before the flight's next due event (migration 0740), nothing (no automatic
 * cash-out, no payout limit, no bust) happens before this moment, and a cash-out by hand only
 * moves that event later, so the batch's bets are cashed at this moment's multiplier with no other
 * bet read. Undefined when an event may be due: the caller then takes the round's row lock and
 * applies the flight's step first.
 */
async function cashOutsAlone(db: Db, memberIds: readonly string[]): Promise<CashOutDecision[] | undefined> {
  return db.transaction().execute(async (t): Promise<CashOutDecision[] | undefined> => {
    const round = await lockOpenRound(t, 'share');
    if (!round || round.phase !== 'flying') return memberIds.map(() => NO_FLIGHT);
    // The clock is read with the bets, after the lock is held: the batch is decided at that moment.
    const { bets, now } = await findMemberBetsNow(t, round.id, memberIds);
    const elapsed = now.getTime() - round.startedAt!.getTime();
    if (round.nextEventMs === null || elapsed >= round.nextEventMs) return undefined;
    const at = crashMultiplierAt(elapsed, round.growthPerMs);
    return cashMembers(t, round, memberIds, bets, (bet) => ({
      cashoutHundredths: at,
      payout: crashPayout(bet.stake, at),
    }));
  });
}

/** Cash-outs under the round's row lock, the flight advanced to this moment first (every bet read). */
async function cashOutsWithStep(db: Db, memberIds: readonly string[]): Promise<CashOutDecision[]> {
  return db.transaction().execute(async (t): Promise<CashOutDecision[]> => {
    const round = await lockOpenRound(t, 'update');
    if (!round || round.phase !== 'flying') return memberIds.map(() => NO_FLIGHT);
    const { bets, now } = await listRoundBetsNow(t, round.id);
    const wanted = new Set(memberIds);
    const theirs = bets.filter((b) => wanted.has(b.memberId));
    const step = await applyFlightStep(t, round, bets, now);
    if (step.isBusted) {
      const mine = new Map(theirs.map((b) => [b.memberId, b]));
      const decisions = new Map<string, CashOutDecision>();
      for (const m of memberIds) {
        const bet = mine.get(m);
        decisions.set(
          m,
          bet?.status === 'flying'
            ? { bet: { ...bet, status: 'lost' }, isBusted: true, isRepeat: false }
            : { bet, isBusted: false, isRepeat: true },
        );
      }
      return inOrder(memberIds, decisions);
    }
    // A bet the step cashed (its automatic cash-out or a limit, reached before now) keeps that
    // decision, answered as this request's own; the others are cashed at this moment's multiplier.
    const reached = new Map(step.cashOuts.map((c) => [c.betId, c]));
    return cashMembers(
      t,
      round,
      memberIds,
      theirs,
      (bet) => ({ cashoutHundredths: step.multiplier, payout: crashPayout(bet.stake, step.multiplier) }),
      reached,
    );
  });
}

/**
 * Decide many players' cash-outs at one moment (crash.service.ts batches the requests that arrive
 * together): from their bets alone when no flight event can be due (most batches), else under
 * the round's row lock with the flight advanced first. Answers in the order of `memberIds`.
 */
export async function decideCashOuts(db: Db, memberIds: readonly string[]): Promise<CashOutDecision[]> {
  return (await cashOutsAlone(db, memberIds)) ?? (await cashOutsWithStep(db, memberIds));
}
