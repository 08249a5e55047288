import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractTier } from '@wps/shared/schemas/agents';
import { exceedsUpline, rateAt } from './contract-rates';

const tierArbitrary = fc.record({
  minAmountMinor: fc.integer({ min: 0, max: 50 }).map((n) => String(n * 1000)),
  minActivePlayers: fc.integer({ min: 0, max: 6 }),
  rateBp: fc.integer({ min: 0, max: 200 }),
});
const tiersArbitrary = fc.array(tierArbitrary, { minLength: 1, maxLength: 5 });

describe('contract rates and the rate cap', () => {
  it('gives the highest rate among the tiers reached, 0 when none is', () => {
    const tiers: ContractTier[] = [
      { minAmountMinor: '0', minActivePlayers: 0, rateBp: 20 },
      { minAmountMinor: '100000', minActivePlayers: 3, rateBp: 50 },
    ];
    expect(rateAt(tiers, 99_999n, 10)).toBe(20);
    expect(rateAt(tiers, 100_000n, 2)).toBe(20);
    expect(rateAt(tiers, 100_000n, 3)).toBe(50);
    expect(rateAt([{ minAmountMinor: '1', minActivePlayers: 0, rateBp: 20 }], 0n, 0)).toBe(0);
  });

  it('finds a downline above its upline exactly when some team figures give it a higher rate', () => {
    fc.assert(
      fc.property(tiersArbitrary, fc.option(tiersArbitrary, { nil: null }), (down, up) => {
        // Every figure that matters lies on the grid of thresholds (multiples of 1000, 0–6 players); a few beyond it too.
        let higherSomewhere = false;
        for (let amount = 0n; amount <= 52_000n; amount += 500n) {
          for (let players = 0; players <= 7; players++) {
            if (rateAt(down, amount, players) > rateAt(up ?? [], amount, players)) higherSomewhere = true;
          }
        }
        expect(exceedsUpline(down, up)).toBe(higherSomewhere);
      }),
      { numRuns: 300 },
    );
  });
});
