import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MINES_COUNT,
  MINES_TILES,
  minesMaxMultiplierBp,
  minesLastStep,
  minesMultiplierBp,
  pickRandomTile,
  type MinesOutcome,
} from '@wps/shared/originals/mines';
import { payoutAt } from '@wps/shared/originals/originals-common';
import type { InhouseAuth, InhouseSession } from '@wps/shared/schemas/inhouse';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { revealTile } from '../api/reveal-tile';
import { startMines, type MinesStartInput } from '../api/start-mines';
import { useSteppedRound } from '../use-stepped-round';
import { RecentResults, originalStakeLevels } from './original-controls';
import { SteppedControls } from './stepped-controls';

/** The line above the board: the error, the prompt, or how the round ended. */
type GameStatus = { text: string; className: string; role?: 'alert' };

type GameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: { balanceMinor: string }) => void };

const TILES = Array.from({ length: MINES_TILES }, (_, i) => i);
const QUICK_MINES = [1, 3, 5, 10, 24];

/** Mines: choose 1–24 mines, bet, reveal tiles one by one and cash out before a mine. */
export function MinesGame({ session, auth, onResult }: GameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const minesId = useId();
  const money = { currency: session.currency, scale: session.scale };
  const [mines, setMines] = useState(3);
  const game = useSteppedRound<Omit<MinesStartInput, 'idempotencyKey'>>('mines', auth, startMines, onResult);
  const outcome = game.round ? (game.round.outcome as unknown as Partial<MinesOutcome>) : null;
  // An open round plays with its own mine count, whatever the picker says.
  const count = game.isOpen && outcome?.mines ? outcome.mines : mines;
  const levels = useMemo(
    () => originalStakeLevels(session, minesMaxMultiplierBp({ mines: count }, session.rtpBps)),
    [session, count],
  );
  const [chosenStake, setStake] = useState<bigint>(() => (levels.includes(100n) ? 100n : (levels[0] ?? 0n)));
  const stake = game.isOpen && game.round ? BigInt(game.round.stakeMinor) : chosenStake;
  const revealed = useMemo(() => outcome?.revealed ?? [], [outcome]);
  const minesShown = new Set(outcome?.minePositions ?? []);
  const safe = game.isOpen ? revealed.length : 0;
  const rtp = game.isOpen && game.round?.rtpBps ? game.round.rtpBps : session.rtpBps;
  const nextBp = safe < minesLastStep(count, rtp) ? minesMultiplierBp(count, safe + 1, rtp) : null;
  const safeChance = (MINES_TILES - count - safe) / (MINES_TILES - safe);
  const currentBp = game.round?.multiplierBp ?? 0;

  const { start: startRound, step } = game;
  const start = useCallback(() => startRound({ stakeMinor: stake.toString(), mines }), [startRound, stake, mines]);
  const reveal = useCallback((tile: number) => step((a, roundId) => revealTile(a, roundId, tile)), [step]);
  const revealRandom = useCallback(() => reveal(pickRandomTile(revealed, Math.random())), [reveal, revealed]);

  const status = ((): GameStatus => {
    if (game.error) return { text: game.error, className: 'ih-result--error', role: 'alert' as const };
    if (!game.round) return { text: t('mines.ready'), className: 'ih-result--muted' };
    if (game.isOpen) return { text: game.isResumed ? t('steps.resumed') : t('mines.open'), className: '' };
    if (outcome?.state === 'busted') return { text: t('mines.busted'), className: '' };
    return {
      text: t('steps.cashedOut', { amount: format(minorToDecimal(game.round.payoutMinor, money.scale), money) }),
      className: 'ih-result--win',
    };
  })();

  return (
    <section className="ih-original ih-mines" aria-label={t('games.mines.name')}>
      <p className={`ih-result ${status.className}`} role={status.role} aria-live="polite" data-testid="mines-status">
        {status.text}
      </p>
      <div className="ih-mines__grid" role="group" aria-label={t('mines.grid')} data-testid="mines-grid">
        {TILES.map((tile) => {
          const isRevealed = revealed.includes(tile);
          const isMine = minesShown.has(tile);
          const label = isRevealed
            ? isMine
              ? t('mines.tileMine', { n: tile + 1 })
              : t('mines.tileSafe', { n: tile + 1 })
            : isMine
              ? t('mines.tileHiddenMine', { n: tile + 1 })
              : t('mines.tile', { n: tile + 1 });
          const kind = isMine ? 'is-mine' : isRevealed ? 'is-safe' : '';
          return (
            <button
              key={tile}
              type="button"
              className={`ih-mines__tile ${kind}${isRevealed ? ' is-revealed' : ''}`}
              aria-label={label}
              disabled={!game.isOpen || isRevealed || game.isPending}
              onClick={() => reveal(tile)}
              data-testid={`mines-tile-${tile}`}
            >
              <span aria-hidden="true">{isMine ? '✹' : isRevealed ? '◆' : ''}</span>
            </button>
          );
        })}
      </div>
      <RecentResults
        results={game.recent}
        describe={(r) => {
          const o = r.outcome as unknown as MinesOutcome;
          return t('mines.recentItem', { mines: o.mines, count: o.revealed.length - (o.state === 'busted' ? 1 : 0) });
        }}
      />
      <div className="ih-original__settings">
        <div className="field">
          <label className="field__label" htmlFor={minesId}>
            {t('mines.count')}
          </label>
          <div className="field__box">
            <select
              id={minesId}
              className="field__input"
              value={count}
              onChange={(e) => setMines(Number(e.target.value))}
              disabled={game.isOpen || game.isPending}
              data-testid="mines-count"
            >
              {Array.from({ length: MINES_COUNT.max }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="ih-chips" role="group" aria-label={t('mines.quickCounts')}>
          {QUICK_MINES.map((n) => (
            <button
              key={n}
              type="button"
              className={`ih-chip${count === n ? ' is-active' : ''}`}
              onClick={() => setMines(n)}
              disabled={game.isOpen || game.isPending}
            >
              {n}
            </button>
          ))}
        </div>
        <dl className="ih-stats">
          <div>
            <dt>{t('originals.multiplier')}</dt>
            <dd data-testid="mines-multiplier">{formats.multiplier((game.isOpen ? currentBp : 0) / 10_000)}</dd>
          </div>
          <div>
            <dt>{t('mines.nextTile')}</dt>
            <dd>{nextBp ? `${formats.multiplier(nextBp / 10_000)} · ${formats.percent(safeChance)}` : '—'}</dd>
          </div>
          <div>
            {/* Where the round cashes out on its own: the last safe tile, or the last step within the cap. */}
            <dt>{t('originals.topMultiplier')}</dt>
            <dd>{formats.multiplier(minesMaxMultiplierBp({ mines: count }, rtp) / 10_000)}</dd>
          </div>
          <div>
            <dt>{t('originals.rtp')}</dt>
            <dd>{formats.percent(rtp / 10_000)}</dd>
          </div>
        </dl>
      </div>
      <SteppedControls
        session={session}
        levels={levels}
        stake={stake}
        onStake={setStake}
        isOpen={game.isOpen}
        canStart={!game.isLoading}
        canCashOut={game.isOpen && safe > 0}
        isPending={game.isPending}
        onStart={start}
        onCashOut={game.cashOut}
        onSpaceOpen={revealRandom}
        keys={{}}
        startLabel={t('steps.bet')}
        cashOutLabel={t('steps.cashOut', {
          amount: format(minorToDecimal(payoutAt(stake, currentBp).toString(), money.scale), money),
        })}
        shortcuts={t('mines.shortcuts')}
        testId="mines"
      />
    </section>
  );
}
