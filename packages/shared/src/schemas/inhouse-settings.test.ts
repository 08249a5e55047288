import { describe, expect, it } from 'vitest';
import { INHOUSE_MAX_STAKE_MINOR } from './inhouse';
import { findMaxStakeProblem, inhouseGameSettingsBodySchema, inhouseStakeRules } from './inhouse-settings';

describe('in-house stake rules', () => {
  it('raise the minimum to a whole step, take the operator maximum or the house limit, and never fall below the minimum', () => {
    expect(inhouseStakeRules('slot', 15n, null)).toEqual({ min: 20n, max: INHOUSE_MAX_STAKE_MINOR, step: 10n });
    expect(inhouseStakeRules('dice', 10n, 500n)).toEqual({ min: 10n, max: 500n, step: 1n });
    expect(inhouseStakeRules('dice', 3000n, 2000n)).toEqual({ min: 3000n, max: 3000n, step: 1n });
  });

  it('name what is wrong with a maximum', () => {
    const rules = { min: 10n, step: 10n };
    expect(findMaxStakeProblem(500n, rules)).toBeNull();
    expect(findMaxStakeProblem(5n, rules)).toBe('belowMin');
    expect(findMaxStakeProblem(505n, rules)).toBe('notStep');
    expect(findMaxStakeProblem(INHOUSE_MAX_STAKE_MINOR + 10n, rules)).toBe('aboveLimit');
  });

  it('take the maximum as integer minor units up to the house limit', () => {
    expect(inhouseGameSettingsBodySchema.safeParse({ maxStakeMinor: '500', reason: 'cap' }).success).toBe(true);
    for (const bad of ['0', '2,50', '-5', String(INHOUSE_MAX_STAKE_MINOR + 1n)])
      expect(inhouseGameSettingsBodySchema.safeParse({ maxStakeMinor: bad, reason: 'cap' }).success).toBe(false);
  });
});
