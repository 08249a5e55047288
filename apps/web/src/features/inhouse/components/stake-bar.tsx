import type { ReactNode } from 'react';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { StakePicker } from './stake-picker';

type StakeBarProps = {
  session: Pick<InhouseSession, 'currency' | 'scale'>;
  /** The stakes the current choices allow; none when even the minimum would pass the maximum payout. */
  levels: bigint[];
  stake: bigint;
  onStake: (stake: bigint) => void;
  /** A round or a run goes on: the stake is fixed. */
  disabled: boolean;
  /** The game's action button(s), beside the stake. */
  children: ReactNode;
};

/**
 * The bar at the foot of a game's page (the thumb's reach on a phone): the stake, then the action.
 * With no level allowed the picker still shows the current stake, locked, rather than nothing.
 */
export function StakeBar({ session, levels, stake, onStake, disabled, children }: StakeBarProps) {
  return (
    <div className="ih-controls">
      <StakePicker
        value={stake}
        levels={levels.length > 0 ? levels : [stake]}
        currency={session.currency}
        scale={session.scale}
        disabled={disabled || levels.length === 0}
        onChange={onStake}
      />
      {children}
    </div>
  );
}
