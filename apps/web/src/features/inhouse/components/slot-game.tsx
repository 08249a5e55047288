import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SLOT_CONFIG,
  SLOT_REELS,
  SLOT_ROWS,
  type SlotOutcome,
  type SlotSymbol as SlotSymbolName,
} from '@wps/shared/provably-fair';
import type { InhouseAuth, InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { Button } from '@wps/ui/button';
import { isApiError } from '../../../lib/api-client';
import { translateError } from '../../../lib/i18n';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { spinSlot, usePlayRound, type SlotSpinInput } from '../api/play-round';
import { newIdempotencyKey } from '../new-idempotency-key';
import { SlotSymbol } from './slot-symbol';
import { StakeBar } from './stake-bar';
import { stakeLevels } from './stake-picker';

/** How long the reels spin at least, and the delay between reels stopping. */
const SPIN_MS = 650;
const STOP_STAGGER_MS = 140;

function randomGrid(): SlotSymbolName[][] {
  return Array.from({ length: SLOT_REELS }, () =>
    Array.from(
      { length: SLOT_ROWS },
      () => SLOT_CONFIG.symbols[Math.floor(Math.random() * SLOT_CONFIG.symbols.length)]!,
    ),
  );
}

const START_GRID: SlotSymbolName[][] = [
  ['cherry', 'seven', 'lemon'],
  ['bell', 'seven', 'plum'],
  ['orange', 'seven', 'cherry'],
  ['lemon', 'bar', 'bell'],
  ['plum', 'cherry', 'orange'],
];

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

type SlotGameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: InhouseRoundResult) => void };

/** The 5×3 slot: the reels animate, but what they stop on is the server's outcome. */
export function SlotGame({ session, auth, onResult }: SlotGameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const money = { currency: session.currency, scale: session.scale };
  const levels = stakeLevels(
    BigInt(session.minStakeMinor),
    BigInt(session.maxStakeMinor),
    BigInt(session.stakeStepMinor),
  );
  const [stake, setStake] = useState<bigint>(levels.includes(100n) ? 100n : levels[0]!);
  const [grid, setGrid] = useState<SlotSymbolName[][]>(START_GRID);
  const [stopped, setStopped] = useState(SLOT_REELS);
  const [last, setLast] = useState<InhouseRoundResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The answer was lost: the next press resends the same key (shown as "retry").
  const [isRetry, setIsRetry] = useState(false);
  // Kept after a network failure, so pressing spin again retries the same round, not a new one.
  const retryKey = useRef<string | null>(null);
  const play = usePlayRound<SlotSpinInput>(auth, spinSlot);
  const isSpinning = play.isPending || stopped < SLOT_REELS;

  // While waiting for the server the reels show random symbols; they never decide anything.
  useEffect(() => {
    if (!play.isPending) return;
    const timer = window.setInterval(() => setGrid(randomGrid()), 80);
    return () => window.clearInterval(timer);
  }, [play.isPending]);

  const spin = () => {
    setError(null);
    setLast(null);
    setStopped(0);
    const key = retryKey.current ?? newIdempotencyKey('slot');
    retryKey.current = key;
    const started = Date.now();
    play.mutate(
      { stakeMinor: stake.toString(), idempotencyKey: key },
      {
        onSuccess: (result) => {
          retryKey.current = null;
          const outcome = result.outcome as unknown as SlotOutcome;
          const wait = prefersReducedMotion() ? 0 : Math.max(0, SPIN_MS - (Date.now() - started));
          const stagger = prefersReducedMotion() ? 0 : STOP_STAGGER_MS;
          for (let reel = 0; reel < SLOT_REELS; reel++) {
            window.setTimeout(
              () => {
                setGrid((g) => g.map((column, i) => (i <= reel ? outcome.grid[i]! : column)));
                setStopped(reel + 1);
                if (reel === SLOT_REELS - 1) {
                  setLast(result);
                  onResult(result);
                }
              },
              wait + reel * stagger,
            );
          }
        },
        onError: (err) => {
          const isAnswerLost = isApiError(err, 'NETWORK_ERROR');
          if (!isAnswerLost) retryKey.current = null;
          setIsRetry(isAnswerLost);
          setStopped(SLOT_REELS);
          setError(translateError(err));
        },
      },
    );
  };

  const outcome = last ? (last.outcome as unknown as SlotOutcome) : null;
  const winning = new Set<string>();
  for (const w of outcome?.wins ?? []) {
    for (let reel = 0; reel < w.count; reel++) winning.add(`${reel}:${SLOT_CONFIG.lines[w.line]![reel]}`);
  }

  return (
    <section className="ih-slot" aria-label={t('slot.title')}>
      <div className="ih-slot__machine">
        <div
          className={`ih-slot__grid${isSpinning ? ' is-spinning' : ''}`}
          role="img"
          aria-label={t('slot.gridLabel', {
            symbols: grid.map((c) => c.map((s) => t(`symbols.${s}`)).join(', ')).join(' | '),
          })}
          data-testid="slot-grid"
        >
          {grid.map((column, reel) => (
            <div key={reel} className={`ih-slot__reel${reel >= stopped ? ' is-moving' : ''}`}>
              {column.map((symbol, row) => (
                <div
                  key={row}
                  className={`ih-slot__cell${winning.has(`${reel}:${row}`) ? ' is-winning' : ''}`}
                  data-symbol={symbol}
                >
                  <SlotSymbol symbol={symbol} />
                </div>
              ))}
            </div>
          ))}
        </div>
        <div className="ih-slot__result" aria-live="polite" data-testid="slot-result">
          {error ? (
            <span className="ih-result ih-result--error" role="alert">
              {error}
            </span>
          ) : last ? (
            BigInt(last.payoutMinor) > 0n ? (
              <span className="ih-result ih-result--win">
                {t('result.win', { amount: format(minorToDecimal(last.payoutMinor, money.scale), money) })}
              </span>
            ) : (
              <span className="ih-result">{t('result.noWin')}</span>
            )
          ) : isSpinning ? (
            <span className="ih-result ih-result--muted">{t('slot.spinning')}</span>
          ) : (
            <span className="ih-result ih-result--muted">{t('slot.ready')}</span>
          )}
        </div>
        {outcome && outcome.wins.length > 0 && (
          <ul className="ih-slot__wins">
            {outcome.wins.map((w) => (
              <li key={w.line}>
                {t('slot.lineWin', {
                  line: w.line + 1,
                  count: w.count,
                  symbol: t(`symbols.${w.symbol}`),
                  multiplier: formats.multiplier(w.multiplier, 0),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
      <StakeBar session={money} levels={levels} stake={stake} onStake={setStake} disabled={isSpinning}>
        <Button
          variant="money"
          size="lg"
          onClick={spin}
          loading={play.isPending}
          disabled={isSpinning}
          data-testid="slot-spin"
        >
          {isRetry && error ? t('slot.retry') : t('slot.spin')}
        </Button>
      </StakeBar>
      <details className="ih-paytable">
        <summary>{t('slot.paytable')}</summary>
        <p className="ih-muted">
          {t('slot.paytableHelp', { lines: SLOT_CONFIG.lines.length, rtp: formats.percent(SLOT_CONFIG.targetRtp) })}
        </p>
        <table className="ih-table">
          <thead>
            <tr>
              <th scope="col">{t('slot.symbol')}</th>
              <th scope="col" className="ih-num">
                3×
              </th>
              <th scope="col" className="ih-num">
                4×
              </th>
              <th scope="col" className="ih-num">
                5×
              </th>
            </tr>
          </thead>
          <tbody>
            {SLOT_CONFIG.symbols.map((symbol) => (
              <tr key={symbol}>
                <th scope="row" className="ih-paytable__symbol">
                  <SlotSymbol symbol={symbol} /> {t(`symbols.${symbol}`)}
                </th>
                {SLOT_CONFIG.pays[symbol].map((pay, i) => (
                  <td key={i} className="ih-num">
                    {formats.multiplier(pay, 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
