import { describe, expect, it } from 'vitest';
import { stakeLevels } from './components/stake-picker';

describe('stakeLevels', () => {
  it('offers the listed levels between the minimum and the maximum that are whole steps', () => {
    expect(stakeLevels(10n, 1_000n, 10n)).toEqual([10n, 20n, 50n, 100n, 200n, 500n, 1_000n]);
    expect(stakeLevels(100n, 500n, 100n)).toEqual([100n, 200n, 500n]);
  });

  it('always starts at the game minimum, even when it is not a listed level', () => {
    expect(stakeLevels(30n, 100n, 10n)).toEqual([30n, 50n, 100n]);
    expect(stakeLevels(25n, 60n, 5n)).toEqual([25n, 50n]);
  });
});
