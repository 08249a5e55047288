import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMBO_TARGET, limboMaxMultiplierBp, type LimboOutcome } from '@wps/shared/originals/limbo';
import type { InhouseAuth, InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { playLimbo, type LimboPlayInput } from '../api/play-limbo';
import { useAutoBet } from '../use-auto-bet';
import { useOriginalRound } from '../use-original-round';
import { OriginalControls, RecentResults, originalStakeLevels } from './original-controls';

type GameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: InhouseRoundResult) => void };

const QUICK_TARGETS = [150, 200, 500, 1000];

/** A typed target ("2,5" or "2.50") in hundredths, or null when it is no number in range. */
export function parseLimboTarget(text: string): number | null {
  const normalised = text.trim().replace(',', '.').replace(/×$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const hundredths = Math.round(Number(normalised) * 100);
  return hundredths >= LIMBO_TARGET.min && hundredths <= LIMBO_TARGET.max ? hundredths : null;
}

/** Limbo: name a target multiplier; the round's result pays it when it reaches it. */
export function LimboGame({ session, auth, onResult }: GameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const targetId = useId();
  const money = { currency: session.currency, scale: session.scale };
  const [targetText, setTargetText] = useState('2.00');
  const target = parseLimboTarget(targetText);
  const levels = useMemo(
    () => originalStakeLevels(session, limboMaxMultiplierBp({ targetHundredths: target ?? LIMBO_TARGET.min })),
    [session, target],
  );
  const [stake, setStake] = useState<bigint>(() => (levels.includes(100n) ? 100n : (levels[0] ?? 0n)));
  const round = useOriginalRound<LimboPlayInput>('limbo', auth, playLimbo, onResult);
  const outcome = round.last ? (round.last.outcome as unknown as LimboOutcome) : null;
  const chance = target ? session.rtpBps / 100 / target : 0;

  const autoRun = useAutoBet((stakeMinor) =>
    round.playAsync({ stakeMinor: stakeMinor.toString(), targetHundredths: target ?? LIMBO_TARGET.min }),
  );
  // The choices stay as they are while a round or an auto-bet run goes on.
  const busy = round.isPending || autoRun.running;
  const { play: playRound } = round;
  const play = useCallback(() => {
    if (target) playRound({ stakeMinor: stake.toString(), targetHundredths: target });
  }, [playRound, stake, target]);

  return (
    <section className="ih-original ih-limbo" aria-label={t('games.limbo.name')}>
      <div className="ih-limbo__board" aria-live="polite" data-testid="limbo-result">
        {round.error ? (
          <span className="ih-result ih-result--error" role="alert">
            {round.error}
          </span>
        ) : outcome && round.last ? (
          <>
            <span
              key={round.last.roundId}
              className={`ih-limbo__number${outcome.win ? ' is-win' : ' is-loss'}`}
              data-testid="limbo-number"
            >
              {formats.multiplier(outcome.resultHundredths / 100)}
            </span>
            <span className={`ih-result${outcome.win ? ' ih-result--win' : ''}`}>
              {outcome.win
                ? t('result.win', { amount: format(minorToDecimal(round.last.payoutMinor, money.scale), money) })
                : t('result.noWin')}
            </span>
          </>
        ) : (
          <span className="ih-result ih-result--muted">{t('limbo.ready')}</span>
        )}
      </div>
      <RecentResults
        results={round.recent}
        describe={(r) =>
          t('limbo.recentItem', {
            result: formats.multiplier((r.outcome as unknown as LimboOutcome).resultHundredths / 100),
          })
        }
      />
      <div className="ih-original__settings">
        <div className="field">
          <label className="field__label" htmlFor={targetId}>
            {t('limbo.target')}
          </label>
          <div className="field__box">
            <input
              id={targetId}
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              value={targetText}
              onChange={(e) => setTargetText(e.target.value)}
              aria-invalid={target === null ? true : undefined}
              aria-describedby={`${targetId}-hint`}
              disabled={busy}
              data-testid="limbo-target"
            />
          </div>
          <p id={`${targetId}-hint`} className={target === null ? 'field__error' : 'field__hint'}>
            {t('limbo.targetHint', {
              min: formats.multiplier(LIMBO_TARGET.min / 100),
              max: formats.multiplier(LIMBO_TARGET.max / 100),
            })}
          </p>
        </div>
        <div className="ih-chips" role="group" aria-label={t('limbo.quickTargets')}>
          {QUICK_TARGETS.map((q) => (
            <button
              key={q}
              type="button"
              className={`ih-chip${target === q ? ' is-active' : ''}`}
              onClick={() => setTargetText((q / 100).toFixed(2))}
              disabled={busy}
            >
              {formats.multiplier(q / 100)}
            </button>
          ))}
        </div>
        <dl className="ih-stats">
          <div>
            <dt>{t('originals.winChance')}</dt>
            <dd>{target ? formats.percent(chance) : '—'}</dd>
          </div>
          <div>
            <dt>{t('originals.payoutOnWin')}</dt>
            <dd className="amount">
              {target ? format(minorToDecimal(((stake * BigInt(target)) / 100n).toString(), money.scale), money) : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('originals.rtp')}</dt>
            <dd>{formats.percent(session.rtpBps / 10_000)}</dd>
          </div>
        </dl>
      </div>
      <OriginalControls
        session={session}
        levels={levels}
        stake={stake}
        onStake={setStake}
        onPlay={play}
        isPending={round.isPending}
        auto={{ run: autoRun, balanceMinor: round.last?.balanceMinor ?? null }}
        canPlay={target !== null}
        label={round.isRetry && round.error ? t('originals.retry') : t('limbo.play')}
        testId="limbo-play"
      />
    </section>
  );
}
