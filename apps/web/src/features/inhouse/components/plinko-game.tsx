import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoMultipliers,
  type PlinkoOutcome,
  type PlinkoRisk,
} from '@wps/shared/originals/plinko';
import type { InhouseAuth, InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { playPlinko, type PlinkoPlayInput } from '../api/play-plinko';
import { useAutoBet } from '../use-auto-bet';
import { useOriginalRound } from '../use-original-round';
import { OriginalControls, RecentResults, originalStakeLevels } from './original-controls';
import { RiskChoice } from './risk-choice';

type GameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: InhouseRoundResult) => void };

const ROW_CHOICES = Array.from({ length: PLINKO_ROWS.max - PLINKO_ROWS.min + 1 }, (_, i) => PLINKO_ROWS.min + i);

/**
 * Where the ball is above the first row and after each row (x in peg spacings from the centre, y
 * in rows), from its path: each peg sends it half a spacing left (0) or right (1).
 */
export function plinkoPoints(path: readonly number[]): [number, number][] {
  const points: [number, number][] = [[0, -0.5]];
  let x = 0;
  path.forEach((step, row) => {
    x += step === 1 ? 0.5 : -0.5;
    points.push([x, row + 0.5]);
  });
  return points;
}

/** The board: pegs in a triangle, the bins with their multipliers, and the last ball's path. */
function PlinkoBoard({
  rows,
  multipliers,
  outcome,
}: {
  rows: number;
  multipliers: number[];
  outcome: PlinkoOutcome | null;
}) {
  const formats = useFormats();
  // The bottom row's outer pegs sit on the edges, so the bins below share the board's width.
  const width = rows + 1;
  const toX = (x: number) => ((x + width / 2) / width) * 100;
  const toY = (y: number) => ((y + 1) / (rows + 2)) * 100;
  const shown = outcome && outcome.rows === rows ? outcome : null;
  return (
    <div className="ih-plinko__board">
      <svg viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true" className="ih-plinko__pegs">
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, i) => (
            <circle key={`${row}-${i}`} cx={toX(i - (row + 2) / 2)} cy={toY(row)} r={0.9} />
          )),
        )}
        {shown && (
          <polyline
            key={shown.path.join('')}
            className="ih-plinko__path"
            pathLength={1}
            points={plinkoPoints(shown.path)
              .map(([x, y]) => `${toX(x)},${toY(y)}`)
              .join(' ')}
          />
        )}
      </svg>
      <ol className="ih-plinko__bins" style={{ gridTemplateColumns: `repeat(${rows + 1}, 1fr)` }}>
        {multipliers.map((m, bin) => (
          // Bins are fixed positions on the board: their index is their identity.
          <li
            key={bin}
            className={`ih-plinko__bin${shown?.bin === bin ? ' is-hit' : ''}${m >= 10_000 ? ' is-up' : ''}`}
          >
            {formats.number(m / 10_000, m >= 100_000 ? 0 : 1)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Plinko: choose the rows and the risk, drop the ball; its path decides the bin and the multiplier. */
export function PlinkoGame({ session, auth, onResult }: GameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const rowsId = useId();
  const money = { currency: session.currency, scale: session.scale };
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>('low');
  const multipliers = useMemo(() => plinkoMultipliers(rows, risk, session.rtpBps), [rows, risk, session.rtpBps]);
  const levels = useMemo(() => originalStakeLevels(session, Math.max(...multipliers)), [session, multipliers]);
  const [stake, setStake] = useState<bigint>(() => (levels.includes(100n) ? 100n : (levels[0] ?? 0n)));
  const round = useOriginalRound<PlinkoPlayInput>('plinko', auth, playPlinko, onResult);
  const outcome = round.last ? (round.last.outcome as unknown as PlinkoOutcome) : null;
  const autoRun = useAutoBet((stakeMinor) => round.playAsync({ stakeMinor: stakeMinor.toString(), rows, risk }));
  // The choices stay as they are while a round or an auto-bet run goes on.
  const busy = round.isPending || autoRun.running;
  const { play: playRound } = round;
  const play = useCallback(
    () => playRound({ stakeMinor: stake.toString(), rows, risk }),
    [playRound, stake, rows, risk],
  );

  return (
    <section className="ih-original ih-plinko" aria-label={t('games.plinko.name')}>
      <PlinkoBoard rows={rows} multipliers={multipliers} outcome={outcome} />
      <div className="ih-plinko__result" aria-live="polite" data-testid="plinko-result">
        {round.error ? (
          <span className="ih-result ih-result--error" role="alert">
            {round.error}
          </span>
        ) : outcome && round.last ? (
          <span className={`ih-result${BigInt(round.last.payoutMinor) > 0n ? ' ih-result--win' : ''}`}>
            {t('plinko.landed', {
              bin: outcome.bin + 1,
              multiplier: formats.multiplier(outcome.multiplierBp / 10_000),
              amount: format(minorToDecimal(round.last.payoutMinor, money.scale), money),
            })}
          </span>
        ) : (
          <span className="ih-result ih-result--muted">{t('plinko.ready')}</span>
        )}
      </div>
      <RecentResults
        results={round.recent}
        describe={(r) => t('plinko.recentItem', { bin: (r.outcome as unknown as PlinkoOutcome).bin + 1 })}
      />
      <div className="ih-original__settings">
        <div className="field">
          <label className="field__label" htmlFor={rowsId}>
            {t('plinko.rows')}
          </label>
          <div className="field__box">
            <select
              id={rowsId}
              className="field__input"
              value={rows}
              onChange={(e) => setRows(Number(e.target.value))}
              disabled={busy}
              data-testid="plinko-rows"
            >
              {ROW_CHOICES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
        </div>
        <RiskChoice value={risk} onChange={setRisk} disabled={busy} risks={PLINKO_RISKS} />
        <dl className="ih-stats">
          <div>
            <dt>{t('originals.topMultiplier')}</dt>
            <dd>{formats.multiplier(Math.max(...multipliers) / 10_000)}</dd>
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
        canPlay
        label={round.isRetry && round.error ? t('originals.retry') : t('plinko.play')}
        testId="plinko-play"
      />
    </section>
  );
}
