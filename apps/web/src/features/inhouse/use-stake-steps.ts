import { useEffect } from 'react';

/**
 * The stake of an original's controls (original-controls.tsx, stepped-controls.tsx) among the
 * levels the current choices allow. A stake they no longer allow (a higher multiplier lowered the
 * maximum) moves to the largest level below it, else the smallest; the arrow shortcuts step one
 * level up or down, except while `isLocked` (a round in play, an auto-bet run).
 */
export function useStakeSteps({
  levels,
  stake,
  onStake,
  isLocked,
}: {
  levels: bigint[];
  stake: bigint;
  onStake: (stake: bigint) => void;
  isLocked: boolean;
}): { index: number; stakeUp: () => void; stakeDown: () => void } {
  const index = levels.indexOf(stake);

  useEffect(() => {
    if (levels.length > 0 && !levels.includes(stake)) onStake(levels.filter((l) => l <= stake).at(-1) ?? levels[0]!);
  }, [levels, stake, onStake]);

  return {
    index,
    stakeUp: () => {
      if (!isLocked && index >= 0 && index < levels.length - 1) onStake(levels[index + 1]!);
    },
    stakeDown: () => {
      if (!isLocked && index > 0) onStake(levels[index - 1]!);
    },
  };
}
