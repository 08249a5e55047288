import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStakeSteps } from './use-stake-steps';

const LEVELS = [100n, 200n, 500n, 1_000n];

function steps(stake: bigint, { levels = LEVELS, isLocked = false } = {}) {
  const onStake = vi.fn<(stake: bigint) => void>();
  const { result } = renderHook(() => useStakeSteps({ levels, stake, onStake, isLocked }));
  return { onStake, ...result.current };
}

describe('useStakeSteps', () => {
  it('moves a stake the choices no longer allow to the largest level below it, else the smallest', () => {
    expect(steps(700n).onStake).toHaveBeenCalledWith(500n);
    expect(steps(50n).onStake).toHaveBeenCalledWith(100n);
    expect(steps(200n).onStake).not.toHaveBeenCalled();
    expect(steps(700n, { levels: [] }).onStake).not.toHaveBeenCalled();
  });

  it('steps one level up or down, within the levels', () => {
    const middle = steps(200n);
    expect(middle.index).toBe(1);
    middle.stakeUp();
    middle.stakeDown();
    expect(middle.onStake.mock.calls).toEqual([[500n], [100n]]);

    const top = steps(1_000n);
    top.stakeUp();
    const bottom = steps(100n);
    bottom.stakeDown();
    expect(top.onStake).not.toHaveBeenCalled();
    expect(bottom.onStake).not.toHaveBeenCalled();
  });

  it('does not step while locked (a round in play, an auto-bet run)', () => {
    const locked = steps(200n, { isLocked: true });
    locked.stakeUp();
    locked.stakeDown();
    expect(locked.onStake).not.toHaveBeenCalled();
  });
});
