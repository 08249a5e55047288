import { describe, expect, it } from 'vitest';
import { crashBustMs, crashMsToReach } from '@wps/shared/originals/crash';
import { advanceFlight, type FlightBet, type FlightRound } from './crash-flight';

// The flight's decisions as a function of the time since it began: automatic cash-outs at their
// targets, the payout limits per bet and per round, the bust, and the next moment something is due.

const G = 0.00006;
const round = (over: Partial<FlightRound> = {}): FlightRound => ({
  crashHundredths: 500,
  growthPerMs: G,
  maxPayoutMinor: 1_000_000n,
  roundMaxPayoutMinor: 10_000_000n,
  ...over,
});
const bet = (betId: string, stake: bigint, auto: number | null = null): FlightBet => ({
  betId,
  stake,
  autoCashoutHundredths: auto,
  status: 'flying',
  payout: 0n,
});

describe('advanceFlight', () => {
  it('cashes out every target reached, at its target, however late the look', () => {
    const bets = [bet('a', 1000n, 150), bet('b', 1000n, 300), bet('c', 1000n, 600), bet('d', 1000n)];
    const early = advanceFlight(round(), bets, crashMsToReach(149));
    expect(early.cashOuts).toEqual([]);
    expect(early.nextEventMs).toBe(crashMsToReach(150));
    // Looked at only after 3.00×: both targets reached are paid at their own multipliers.
    const late = advanceFlight(round(), bets, crashMsToReach(320));
    expect(late.cashOuts).toEqual([
      { betId: 'a', cashoutHundredths: 150, payout: 1500n, reason: 'auto' },
      { betId: 'b', cashoutHundredths: 300, payout: 3000n, reason: 'auto' },
    ]);
    expect(late.isBusted).toBe(false);
    expect(late.nextEventMs).toBe(crashBustMs(500));
  });

  it('busts past the crash point: targets at or below it paid, the rest lost; the bust dated when it happened', () => {
    const bets = [bet('a', 1000n, 500), bet('b', 1000n, 501), bet('c', 1000n)];
    const step = advanceFlight(round(), bets, crashBustMs(500) + 10_000);
    expect(step.isBusted).toBe(true);
    expect(step.cashOuts.map((c) => [c.betId, c.cashoutHundredths])).toEqual([['a', 500]]);
    expect(step.lost).toEqual(['b', 'c']);
    expect(step.bustMs).toBe(crashMsToReach(501));
    // The moment before the bust, 5.00× still pays.
    expect(advanceFlight(round(), bets, crashBustMs(500) - 1).isBusted).toBe(false);
  });

  it('leaves a bet at the multiplier where its payout reaches the maximum payout per bet', () => {
    const step = advanceFlight(
      round({ maxPayoutMinor: 2500n }),
      [bet('a', 1000n), bet('b', 1000n, 200)],
      crashMsToReach(400),
    );
    expect(step.cashOuts).toEqual([
      { betId: 'b', cashoutHundredths: 200, payout: 2000n, reason: 'auto' },
      { betId: 'a', cashoutHundredths: 250, payout: 2500n, reason: 'limit' },
    ]);
  });

  it('cashes every flying bet out where together they reach the round’s limit, counting what was already paid', () => {
    const bets = Array.from({ length: 12 }, (_, i) => bet(`p${i}`, 1000n));
    // 12 × 1000 staked, 50,000 for the round: all leave at 4.16×.
    const step = advanceFlight(
      round({ maxPayoutMinor: 5000n, roundMaxPayoutMinor: 50_000n }),
      bets,
      crashMsToReach(450),
    );
    expect(new Set(step.cashOuts.map((c) => c.cashoutHundredths))).toEqual(new Set([416]));
    expect(step.cashOuts.reduce((s, c) => s + c.payout, 0n)).toBeLessThanOrEqual(50_000n);
    // One left early at 2.00× (paid 2,000): the other eleven share 48,000, 4.36× each.
    const after = advanceFlight(
      round({ maxPayoutMinor: 5000n, roundMaxPayoutMinor: 50_000n }),
      [{ ...bets[0]!, status: 'cashed', payout: 2000n }, ...bets.slice(1)],
      crashMsToReach(450),
    );
    expect(new Set(after.cashOuts.map((c) => c.cashoutHundredths))).toEqual(new Set([436]));
  });

  it('pays nothing and busts at once for a crash point of 1.00×', () => {
    const step = advanceFlight(round({ crashHundredths: 100 }), [bet('a', 1000n, 101)], crashMsToReach(101));
    expect(step).toMatchObject({ isBusted: true, cashOuts: [], lost: ['a'] });
  });
});
