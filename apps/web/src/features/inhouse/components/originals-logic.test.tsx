import { describe, expect, it } from 'vitest';
import { testSession } from './inhouse-games.test-support';
import { parseLimboTarget } from './limbo-game';
import { originalStakeLevels } from './original-controls';
import { plinkoPoints } from './plinko-game';

const session = testSession('limbo', { maxPayoutMinor: '100000' });

describe('the originals’ page logic', () => {
  it('reads a typed limbo target in either decimal mark, within 1.01× and 10,000×', () => {
    expect(parseLimboTarget('2')).toBe(200);
    expect(parseLimboTarget('2,5')).toBe(250);
    expect(parseLimboTarget('1.01×')).toBe(101);
    expect(parseLimboTarget('10000')).toBe(1_000_000);
    for (const bad of ['1', '1,001', '10000,01', 'abc', '', '-2']) expect(parseLimboTarget(bad)).toBeNull();
  });

  it('offers only stakes whose top payout stays within the maximum payout', () => {
    // 100,000 at 100× allows stakes up to 1,000.
    expect(originalStakeLevels(session, 1_000_000).at(-1)).toBe(1_000n);
    expect(originalStakeLevels({ ...session, maxPayoutMinor: null }, 1_000_000).at(-1)).toBe(1_000_000n);
    // Below the minimum stake nothing can be played.
    expect(originalStakeLevels({ ...session, maxPayoutMinor: '50' }, 1_000_000)).toEqual([]);
  });

  it('draws the plinko ball half a peg left or right per row', () => {
    expect(plinkoPoints([1, 0, 1])).toEqual([
      [0, -0.5],
      [0.5, 0.5],
      [0, 1.5],
      [0.5, 2.5],
    ]);
  });
});
