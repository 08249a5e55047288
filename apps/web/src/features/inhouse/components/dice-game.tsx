import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DICE_CONFIG,
  DICE_OUTCOMES,
  diceMultiplierBp,
  diceWinCount,
  type DiceDirection,
  type DiceOutcome,
} from '@wps/shared/provably-fair';
import type { InhouseAuth, InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { rollDice, type DiceRollInput } from '../api/play-round';
import { useAutoBet } from '../use-auto-bet';
import { useOriginalRound } from '../use-original-round';
import { OriginalControls } from './original-controls';
import { stakeLevels } from './stake-picker';

type DiceGameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: InhouseRoundResult) => void };

/** A target 0…9999 keeps the win chance inside the configured bounds for its direction. */
function clampTarget(target: number, direction: DiceDirection): number {
  const min = direction === 'under' ? DICE_CONFIG.minChance : DICE_OUTCOMES - 1 - DICE_CONFIG.maxChance;
  const max = direction === 'under' ? DICE_CONFIG.maxChance : DICE_OUTCOMES - 1 - DICE_CONFIG.minChance;
  return Math.min(max, Math.max(min, Math.round(target)));
}

/** Dice: roll 0.00–99.99 under or over a target; the payout multiplier follows the chance and the house edge. */
export function DiceGame({ session, auth, onResult }: DiceGameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const targetId = useId();
  const money = { currency: session.currency, scale: session.scale };
  const levels = useMemo(
    () => stakeLevels(BigInt(session.minStakeMinor), BigInt(session.maxStakeMinor), BigInt(session.stakeStepMinor)),
    [session],
  );
  const [stake, setStake] = useState<bigint>(levels.includes(100n) ? 100n : levels[0]!);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5000);
  // The same round handling as the originals: a lost answer's key is resent as "retry".
  const round = useOriginalRound<DiceRollInput>('dice', auth, rollDice, onResult);
  const { last, error, isRetry } = round;
  const autoRun = useAutoBet((stakeMinor) => round.playAsync({ stakeMinor: stakeMinor.toString(), target, direction }));
  // The choices stay as they are while a round or an auto-bet run goes on.
  const busy = round.isPending || autoRun.running;

  const winCount = diceWinCount(target, direction);
  const multiplierBp = diceMultiplierBp(winCount);
  const payoutOnWin = (stake * BigInt(multiplierBp)) / BigInt(DICE_OUTCOMES);
  const outcome = last ? (last.outcome as unknown as DiceOutcome) : null;

  const { play: playRound } = round;
  const roll = useCallback(
    () => playRound({ stakeMinor: stake.toString(), target, direction }),
    [playRound, stake, target, direction],
  );

  const changeDirection = (next: DiceDirection) => {
    // Flip the target so the win chance stays the same.
    setTarget(clampTarget(DICE_OUTCOMES - 1 - target, next));
    setDirection(next);
  };

  return (
    <section className="ih-dice" aria-label={t('dice.title')}>
      <div className="ih-dice__board">
        <div className="ih-dice__roll" aria-live="polite" data-testid="dice-result">
          {error ? (
            <span className="ih-result ih-result--error" role="alert">
              {error}
            </span>
          ) : outcome && last ? (
            <>
              <span className={`ih-dice__number${outcome.win ? ' is-win' : ' is-loss'}`} data-testid="dice-roll">
                {formats.number(outcome.roll / 100, 2)}
              </span>
              <span className={`ih-result${outcome.win ? ' ih-result--win' : ''}`}>
                {outcome.win
                  ? t('result.win', { amount: format(minorToDecimal(last.payoutMinor, money.scale), money) })
                  : t('result.noWin')}
              </span>
            </>
          ) : (
            <span className="ih-result ih-result--muted">{t('dice.ready')}</span>
          )}
        </div>
        <div className="ih-dice__track" aria-hidden="true">
          <div
            className={`ih-dice__zone ih-dice__zone--${direction}`}
            style={
              direction === 'under'
                ? { width: `${(target / DICE_OUTCOMES) * 100}%` }
                : { left: `${((target + 1) / DICE_OUTCOMES) * 100}%`, right: 0 }
            }
          />
          {outcome && (
            <div
              className={`ih-dice__marker${outcome.win ? ' is-win' : ''}`}
              style={{ left: `${(outcome.roll / DICE_OUTCOMES) * 100}%` }}
            />
          )}
        </div>
        <div className="ih-dice__scale" aria-hidden="true">
          {[0, 25, 50, 75, 100].map((mark) => (
            <span key={mark}>{formats.number(mark)}</span>
          ))}
        </div>
      </div>

      <div className="ih-dice__settings">
        <div className="ih-dice__direction" role="radiogroup" aria-label={t('dice.direction')}>
          {(['under', 'over'] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={direction === d}
              className={`ih-chip${direction === d ? ' is-active' : ''}`}
              onClick={() => changeDirection(d)}
              disabled={busy}
            >
              {t(`dice.${d}`)}
            </button>
          ))}
        </div>
        <div className="field ih-dice__target">
          <label className="field__label" htmlFor={targetId}>
            {t(direction === 'under' ? 'dice.targetUnder' : 'dice.targetOver', {
              target: formats.number(target / 100, 2),
            })}
          </label>
          <input
            id={targetId}
            type="range"
            className="ih-range"
            min={0}
            max={DICE_OUTCOMES - 1}
            step={25}
            value={target}
            onChange={(e) => setTarget(clampTarget(Number(e.target.value), direction))}
            disabled={busy}
            data-testid="dice-target"
          />
        </div>
        <dl className="ih-stats">
          <div>
            <dt>{t('dice.chance')}</dt>
            <dd>{formats.percent(winCount / DICE_OUTCOMES)}</dd>
          </div>
          <div>
            <dt>{t('dice.multiplier')}</dt>
            <dd>{formats.multiplier(multiplierBp / 10000, 4)}</dd>
          </div>
          <div>
            <dt>{t('dice.payoutOnWin')}</dt>
            <dd className="amount">{format(minorToDecimal(payoutOnWin.toString(), money.scale), money)}</dd>
          </div>
        </dl>
      </div>

      <OriginalControls
        session={session}
        levels={levels}
        stake={stake}
        onStake={setStake}
        onPlay={roll}
        isPending={round.isPending}
        canPlay
        label={isRetry && error ? t('dice.retry') : t('dice.roll')}
        testId="dice-roll-button"
        auto={{ run: autoRun, balanceMinor: last?.balanceMinor ?? null }}
      />
      <p className="ih-muted">
        {t('dice.help', {
          edge: formats.percent(DICE_CONFIG.houseEdgeBp / 10000),
          min: formats.number(0, 2),
          max: formats.number((DICE_OUTCOMES - 1) / 100, 2),
        })}
      </p>
    </section>
  );
}
