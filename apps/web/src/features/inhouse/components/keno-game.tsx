import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_RISKS,
  kenoMultipliers,
  type KenoOutcome,
  type KenoRisk,
} from '@wps/shared/originals/keno';
import type { InhouseAuth, InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { playKeno, type KenoPlayInput } from '../api/play-keno';
import { useAutoBet } from '../use-auto-bet';
import { useOriginalRound } from '../use-original-round';
import { OriginalControls, RecentResults, originalStakeLevels } from './original-controls';
import { RiskChoice } from './risk-choice';

type GameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: InhouseRoundResult) => void };

const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

/** `count` different numbers of 1–40 picked at random (the player's quick pick). */
export function quickPick(count: number, random: () => number = Math.random): number[] {
  const pool = [...NUMBERS];
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** Toggle a number in the picks: removed if there, added while fewer than 10 are picked. */
export function togglePick(picks: readonly number[], n: number): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  return picks.length < KENO_MAX_PICKS ? [...picks, n].sort((a, b) => a - b) : [...picks];
}

/** Keno: pick 1 to 10 numbers of 40 and a risk; 10 are drawn and the hits pay from the table. */
export function KenoGame({ session, auth, onResult }: GameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const money = { currency: session.currency, scale: session.scale };
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('medium');
  const multipliers = useMemo(
    () => (picks.length > 0 ? kenoMultipliers(picks.length, risk, session.rtpBps) : []),
    [picks.length, risk, session.rtpBps],
  );
  const top = multipliers.length > 0 ? Math.max(...multipliers) : 10_000;
  const levels = useMemo(() => originalStakeLevels(session, top), [session, top]);
  const [stake, setStake] = useState<bigint>(() => (levels.includes(100n) ? 100n : (levels[0] ?? 0n)));
  const round = useOriginalRound<KenoPlayInput>('keno', auth, playKeno, onResult);
  const outcome = round.last ? (round.last.outcome as unknown as KenoOutcome) : null;
  const autoRun = useAutoBet((stakeMinor) => round.playAsync({ stakeMinor: stakeMinor.toString(), picks, risk }));
  // The choices stay as they are while a round or an auto-bet run goes on.
  const busy = round.isPending || autoRun.running;
  const { play: playRound } = round;
  const play = useCallback(() => {
    if (picks.length > 0) playRound({ stakeMinor: stake.toString(), picks, risk });
  }, [playRound, stake, picks, risk]);
  const drawn = new Set(outcome?.drawn ?? []);

  return (
    <section className="ih-original ih-keno" aria-label={t('games.keno.name')}>
      <div
        className="ih-keno__grid"
        role="group"
        aria-label={t('keno.board', { count: picks.length, max: KENO_MAX_PICKS })}
      >
        {NUMBERS.map((n) => {
          const picked = picks.includes(n);
          const isDrawn = drawn.has(n);
          return (
            <button
              key={n}
              type="button"
              className={`ih-keno__cell${picked ? ' is-picked' : ''}${isDrawn ? ' is-drawn' : ''}${picked && isDrawn ? ' is-hit' : ''}`}
              aria-pressed={picked}
              aria-label={isDrawn ? t('keno.numberDrawn', { n }) : String(n)}
              onClick={() => setPicks((p) => togglePick(p, n))}
              disabled={busy || (!picked && picks.length >= KENO_MAX_PICKS)}
              data-testid={`keno-cell-${n}`}
            >
              {n}
            </button>
          );
        })}
      </div>
      <div className="ih-keno__result" aria-live="polite" data-testid="keno-result">
        {round.error ? (
          <span className="ih-result ih-result--error" role="alert">
            {round.error}
          </span>
        ) : outcome && round.last ? (
          <span className={`ih-result${BigInt(round.last.payoutMinor) > 0n ? ' ih-result--win' : ''}`}>
            {t('keno.hits', {
              hits: outcome.hits.length,
              picks: outcome.picks.length,
              amount: format(minorToDecimal(round.last.payoutMinor, money.scale), money),
            })}
          </span>
        ) : (
          <span className="ih-result ih-result--muted">{t('keno.ready')}</span>
        )}
      </div>
      <RecentResults
        results={round.recent}
        describe={(r) => {
          const o = r.outcome as unknown as KenoOutcome;
          return t('keno.recentItem', { hits: o.hits.length, picks: o.picks.length });
        }}
      />
      <div className="ih-original__settings">
        <div className="ih-chips">
          <button
            type="button"
            className="ih-chip"
            onClick={() => setPicks(quickPick(KENO_MAX_PICKS))}
            disabled={busy}
            data-testid="keno-quick-pick"
          >
            {t('keno.quickPick')}
          </button>
          <button type="button" className="ih-chip" onClick={() => setPicks([])} disabled={busy || picks.length === 0}>
            {t('keno.clear')}
          </button>
        </div>
        <RiskChoice value={risk} onChange={setRisk} disabled={busy} risks={KENO_RISKS} />
        {multipliers.length > 0 ? (
          <table className="ih-table ih-keno__paytable">
            <caption>{t('keno.paytable', { count: picks.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('keno.hitsColumn')}</th>
                <th scope="col" className="ih-num">
                  {t('originals.multiplier')}
                </th>
              </tr>
            </thead>
            <tbody>
              {multipliers.map((m, hits) =>
                m > 0 ? (
                  // The row of `hits` hits: the index is the hit count.
                  <tr
                    key={hits}
                    className={
                      outcome && outcome.hits.length === hits && outcome.picks.length === picks.length
                        ? 'is-hit'
                        : undefined
                    }
                  >
                    <td>{hits}</td>
                    <td className="ih-num">{formats.multiplier(m / 10_000)}</td>
                  </tr>
                ) : null,
              )}
            </tbody>
          </table>
        ) : (
          <p className="ih-muted">{t('keno.pickHelp', { max: KENO_MAX_PICKS, numbers: KENO_NUMBERS })}</p>
        )}
        <dl className="ih-stats">
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
        canPlay={picks.length > 0}
        label={round.isRetry && round.error ? t('originals.retry') : t('keno.play')}
        testId="keno-play"
      />
    </section>
  );
}
