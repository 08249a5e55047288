import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { maxStakeForPayout } from '@wps/shared/originals/originals-common';
import { Button } from '@wps/ui/button';
import { useFormats } from '../../../lib/format';
import type { AutoBetRun } from '../use-auto-bet';
import { useGameShortcuts, type RecentRound } from '../use-original-round';
import { useStakeSteps } from '../use-stake-steps';
import { AutoBetPanel, AutoModeSwitch } from './auto-bet-panel';
import { StakeBar } from './stake-bar';
import { stakeLevels } from './stake-picker';

/**
 * The stakes an original accepts for the current choices: the game's levels, without those whose
 * top payout (stake × the largest multiplier of the choices) would pass the game's maximum payout.
 */
export function originalStakeLevels(session: InhouseSession, maxMultiplierBp: number): bigint[] {
  let max = BigInt(session.maxStakeMinor);
  if (session.maxPayoutMinor !== null) {
    const byPayout = maxStakeForPayout(BigInt(session.maxPayoutMinor), maxMultiplierBp);
    if (byPayout < max) max = byPayout;
  }
  const min = BigInt(session.minStakeMinor);
  return max < min ? [] : stakeLevels(min, max, BigInt(session.stakeStepMinor));
}

type OriginalControlsProps = {
  session: InhouseSession;
  levels: bigint[];
  stake: bigint;
  onStake: (stake: bigint) => void;
  onPlay: () => void;
  isPending: boolean;
  canPlay: boolean;
  label: string;
  testId: string;
  /** The game's auto-bet, with the balance it starts from: offers the Auto mode next to Manual. */
  auto?: { run: AutoBetRun; balanceMinor: string | null };
};

/**
 * The stake and the main button at the foot of an original's page (the thumb's reach on a phone),
 * with the desktop shortcuts: Space plays, the up and down arrows change the stake. A stake the
 * current choices no longer allow moves to the largest one they do. With `auto`, a Manual / Auto
 * switch: in Auto the button starts and stops a run (auto-bet-panel.tsx), and Space only stops one.
 */
export function OriginalControls(props: OriginalControlsProps) {
  const { session, levels, stake, onStake, onPlay, isPending, canPlay, label, testId, auto } = props;
  const { t } = useTranslation('inhouse');
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const running = auto?.run.running ?? false;
  const busy = isPending || running;
  const { index, stakeUp, stakeDown } = useStakeSteps({ levels, stake, onStake, isLocked: busy });
  const ready = canPlay && !busy && index >= 0;

  useGameShortcuts({
    play: () => {
      if (mode === 'auto') auto?.run.stop();
      else if (ready) onPlay();
    },
    stakeUp,
    stakeDown,
  });

  return (
    <>
      {auto && <AutoModeSwitch mode={mode} onMode={setMode} disabled={busy} testId={testId} />}
      {auto && mode === 'auto' ? (
        <AutoBetPanel
          session={session}
          levels={levels}
          stake={stake}
          onStake={onStake}
          auto={auto.run}
          balanceMinor={auto.balanceMinor}
          canPlay={canPlay}
          testId={testId}
        />
      ) : (
        <StakeBar session={session} levels={levels} stake={stake} onStake={onStake} disabled={isPending}>
          <Button variant="money" size="lg" onClick={onPlay} disabled={!ready} loading={isPending} data-testid={testId}>
            {label}
          </Button>
        </StakeBar>
      )}
      <p className="ih-muted ih-shortcuts">{t(mode === 'auto' ? 'auto.shortcuts' : 'originals.shortcuts')}</p>
    </>
  );
}

/** The page's recent results, newest first: each round's multiplier, marked won or lost. */
export function RecentResults({ results, describe }: { results: RecentRound[]; describe: (r: RecentRound) => string }) {
  const { t } = useTranslation('inhouse');
  const formats = useFormats();
  if (results.length === 0) return null;
  return (
    <section className="ih-recent" aria-label={t('originals.recent')}>
      <h2 className="visually-hidden">{t('originals.recent')}</h2>
      <ol className="ih-recent__list" data-testid="recent-results">
        {results.map((r) => {
          const multiplierBp = Number((r.outcome as { multiplierBp?: number }).multiplierBp ?? 0);
          const won = BigInt(r.payoutMinor) > BigInt(r.stakeMinor);
          return (
            <li key={r.roundId} className={`ih-recent__item${won ? ' is-win' : ''}`} title={describe(r)}>
              {formats.multiplier(multiplierBp / 10_000)}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
