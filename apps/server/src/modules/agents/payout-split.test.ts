import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_SCALE, capChainRates, splitChainPayout } from './payout-split';

/** A tree of agents, each with a rate at or under its upline's (the contracts' cap), and players under them. */
const treeArbitrary = fc
  .array(fc.record({ parentPick: fc.nat(), rateShare: fc.double({ min: 0, max: 1, noNaN: true }) }), {
    minLength: 1,
    maxLength: 30,
  })
  .chain((specs) =>
    fc.record({
      topRate: fc.integer({ min: 0, max: Number(RATE_SCALE) }),
      specs: fc.constant(specs),
      activities: fc.array(fc.record({ agentPick: fc.nat(), base: fc.bigInt({ min: 0n, max: 10n ** 15n }) }), {
        maxLength: 40,
      }),
    }),
  )
  .map(({ topRate, specs, activities }) => {
    // Agent 0 is the top; agent i > 0 hangs under an earlier agent with a rate at or under its upline's.
    const parent: (number | null)[] = [null];
    const rate: number[] = [topRate];
    for (let i = 1; i < specs.length; i++) {
      const p = specs[i]!.parentPick % i;
      parent.push(p);
      rate.push(Math.floor(rate[p]! * specs[i]!.rateShare));
    }
    return { parent, rate, activities: activities.map((a) => ({ agent: a.agentPick % specs.length, base: a.base })) };
  });

function chainOf(parent: (number | null)[], agent: number): number[] {
  const chain: number[] = [];
  for (let a: number | null = agent; a !== null; a = parent[a]!) chain.push(a);
  return chain;
}

describe('the money model: one activity split along the chain', () => {
  it('pays the chain the top rate of the base in all, each agent its rate minus the one below, never negative', () => {
    fc.assert(
      fc.property(treeArbitrary, ({ parent, rate, activities }) => {
        const earned = rate.map(() => 0n);
        let expectedTotal = 0n;
        for (const { agent, base } of activities) {
          const chain = chainOf(parent, agent);
          const rates = chain.map((a) => rate[a]!);
          const payouts = splitChainPayout(rates, base);
          const top = rates[rates.length - 1]!;
          // The chain is paid the top agent's rate of the base, exactly (floored to a minor unit).
          expect(payouts.reduce((s, p) => s + p, 0n)).toBe((BigInt(top) * base) / RATE_SCALE);
          payouts.forEach((p, i) => {
            expect(p >= 0n).toBe(true);
            // Own rate minus the rate of the downline the activity came through, within the one minor unit of rounding.
            const exactTimesScale = BigInt(rates[i]! - (i === 0 ? 0 : rates[i - 1]!)) * base;
            const diff = p * RATE_SCALE - exactTimesScale;
            expect(diff > -RATE_SCALE && diff < RATE_SCALE).toBe(true);
            if (base % RATE_SCALE === 0n) expect(p * RATE_SCALE).toBe(exactTimesScale);
            earned[chain[i]!]! += p;
          });
          expectedTotal += (BigInt(top) * base) / RATE_SCALE;
        }
        expect(earned.reduce((s, e) => s + e, 0n)).toBe(expectedTotal);
      }),
      { numRuns: 300 },
    );
  });

  it("caps a rate above its upline's, so even then no payout is negative and the total is the top rate", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 8 }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (rates, base) => {
          const payouts = splitChainPayout(rates, base);
          expect(payouts.every((p) => p >= 0n)).toBe(true);
          expect(payouts.reduce((s, p) => s + p, 0n)).toBe((BigInt(rates[rates.length - 1]!) * base) / RATE_SCALE);
          const capped = capChainRates(rates);
          capped.forEach((r, i) => expect(r).toBeLessThanOrEqual(i + 1 < capped.length ? capped[i + 1]! : r));
        },
      ),
    );
  });

  it('the worked example of docs/agents.md', () => {
    // Top agent A at 1.00 %, B under A at 0.60 %, C under B at 0.25 %; a player under C stakes 1 234.57.
    expect(splitChainPayout([25, 60, 100], 123_457n)).toEqual([308n, 432n, 494n]);
    expect(splitChainPayout([25, 60, 100], 0n)).toEqual([0n, 0n, 0n]);
    expect(() => splitChainPayout([25], -1n)).toThrow(RangeError);
    expect(() => splitChainPayout([10_001], 1n)).toThrow(RangeError);
  });
});
