import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { Button } from '@wps/ui/button';
import { useGameShortcuts } from '../use-original-round';
import { useStakeSteps } from '../use-stake-steps';
import { StakeBar } from './stake-bar';

type SteppedControlsProps = {
  session: InhouseSession;
  levels: bigint[];
  stake: bigint;
  onStake: (stake: bigint) => void;
  isOpen: boolean;
  canStart: boolean;
  canCashOut: boolean;
  isPending: boolean;
  onStart: () => void;
  onCashOut: () => void;
  /** Space while a round is open: mines reveals a random tile, hi-lo cashes out. */
  onSpaceOpen: () => void;
  /** The game's own letter keys (C cashes out in both). */
  keys: Record<string, () => void>;
  startLabel: string;
  cashOutLabel: string;
  shortcuts: string;
  testId: string;
};

/**
 * The stake and the main button at the foot of a multi-step original (the thumb's reach on a
 * phone): the bet while no round is open, then the cash-out. The stake is fixed while a round is
 * open. Desktop shortcuts: Space bets (then the game's own step), C cashes out, the arrows move the stake.
 */
export function SteppedControls(props: SteppedControlsProps) {
  const { session, levels, stake, onStake, isOpen, canStart, canCashOut, isPending } = props;
  const { index, stakeUp, stakeDown } = useStakeSteps({ levels, stake, onStake, isLocked: isOpen || isPending });
  const canBet = !isOpen && canStart && !isPending && index >= 0;

  useGameShortcuts({
    play: () => {
      if (canBet) props.onStart();
      else if (isOpen && !isPending) props.onSpaceOpen();
    },
    stakeUp,
    stakeDown,
    keys: {
      ...props.keys,
      c: () => {
        if (canCashOut && !isPending) props.onCashOut();
      },
    },
  });

  return (
    <>
      <StakeBar session={session} levels={levels} stake={stake} onStake={onStake} disabled={isOpen || isPending}>
        {isOpen ? (
          <Button
            variant="money"
            size="lg"
            onClick={props.onCashOut}
            disabled={!canCashOut || isPending}
            loading={isPending}
            data-testid={`${props.testId}-cashout`}
          >
            {props.cashOutLabel}
          </Button>
        ) : (
          <Button
            variant="money"
            size="lg"
            onClick={props.onStart}
            disabled={!canBet}
            loading={isPending}
            data-testid={`${props.testId}-bet`}
          >
            {props.startLabel}
          </Button>
        )}
      </StakeBar>
      <p className="ih-muted ih-shortcuts">{props.shortcuts}</p>
    </>
  );
}
