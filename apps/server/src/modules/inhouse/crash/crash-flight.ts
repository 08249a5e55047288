import {
  crashBustMs,
  crashCapMultiplier,
  crashMsToReach,
  crashMultiplierAt,
  crashPayout,
} from '@wps/shared/originals/crash';

// What happens in a flight up to a moment, decided from the round's terms and its bets alone: the
// automatic cash-outs the multiplier has reached, the payout limits, and the bust. Pure, so the
// driver's turn and a player's cash-out (each under the round's row lock, at the database's clock)
// reach the same decisions whenever and wherever they run: events are taken in the order of their
// multipliers, never in the order ticks happened to come.

export type FlightRound = {
  crashHundredths: number;
  growthPerMs: number;
  /** Per bet: a bet is cashed out at the multiplier where its payout reaches this. */
  maxPayoutMinor: bigint;
  /** Per round: when the bets still flying would together win more, all are cashed out there. */
  roundMaxPayoutMinor: bigint;
};

export type FlightBet = {
  betId: string;
  stake: bigint;
  autoCashoutHundredths: number | null;
  status: 'flying' | 'cashed' | 'lost' | 'placing' | 'refused';
  payout: bigint;
};

export type CashOut = { betId: string; cashoutHundredths: number; payout: bigint; reason: 'auto' | 'limit' };

export type FlightStep = {
  /** The multiplier now (hundredths); above the crash point once busted. */
  multiplier: number;
  cashOuts: CashOut[];
  isBusted: boolean;
  /** When the bust happened or will, in ms since the flight began. */
  bustMs: number;
  /** Bets lost at the bust (only when busted). */
  lost: string[];
  /** The next moment (ms since the flight began) something is due: a cash-out or the bust. */
  nextEventMs: number;
};

/** The multiplier at which a flying bet leaves by itself: its automatic target or its payout limit, the lower. */
export function leaveAt(bet: FlightBet, round: FlightRound): { at: number; reason: 'auto' | 'limit' } {
  const cap = crashCapMultiplier(bet.stake, round.maxPayoutMinor);
  if (bet.autoCashoutHundredths !== null && bet.autoCashoutHundredths <= cap)
    return { at: bet.autoCashoutHundredths, reason: 'auto' };
  return { at: cap, reason: 'limit' };
}

/**
 * Advance a flight to `elapsedMs`: every event whose multiplier has been reached (and is not past
 * the crash point), lowest first. The round limit's multiplier is recomputed after each one: cash-outs
 * below it only raise it (what is left to pay is spread over fewer stakes), so it is met at most once.
 */
export function advanceFlight(round: FlightRound, bets: readonly FlightBet[], elapsedMs: number): FlightStep {
  const multiplier = crashMultiplierAt(elapsedMs, round.growthPerMs);
  const bustMs = crashBustMs(round.crashHundredths, round.growthPerMs);
  const isBusted = multiplier > round.crashHundredths;
  const reached = isBusted ? round.crashHundredths : multiplier;
  let paid = bets.reduce((sum, b) => (b.status === 'cashed' ? sum + b.payout : sum), 0n);
  let open = bets.filter((b) => b.status === 'flying');
  const cashOuts: CashOut[] = [];
  let nextEvent = Number.POSITIVE_INFINITY;

  while (open.length > 0) {
    const openStake = open.reduce((sum, b) => sum + b.stake, 0n);
    const roundAt = crashCapMultiplier(openStake, round.roundMaxPayoutMinor - paid);
    const leaving = open.map((b) => ({ bet: b, ...leaveAt(b, round) }));
    const first = Math.min(...leaving.map((l) => l.at));
    if (roundAt < first) {
      if (roundAt > reached) {
        nextEvent = roundAt;
        break;
      }
      for (const b of open) {
        const payout = crashPayout(b.stake, roundAt);
        cashOuts.push({ betId: b.betId, cashoutHundredths: roundAt, payout, reason: 'limit' });
        paid += payout;
      }
      open = [];
      break;
    }
    if (first > reached) {
      nextEvent = first;
      break;
    }
    for (const l of leaving.filter((x) => x.at === first)) {
      const payout = crashPayout(l.bet.stake, first);
      cashOuts.push({ betId: l.bet.betId, cashoutHundredths: first, payout, reason: l.reason });
      paid += payout;
    }
    open = open.filter((b) => !cashOuts.some((c) => c.betId === b.betId));
  }

  const nextEventMs = isBusted
    ? bustMs
    : Math.min(bustMs, nextEvent === Number.POSITIVE_INFINITY ? bustMs : crashMsToReach(nextEvent, round.growthPerMs));
  return {
    multiplier,
    cashOuts,
    isBusted,
    bustMs,
    lost: isBusted ? open.map((b) => b.betId) : [],
    nextEventMs,
  };
}
