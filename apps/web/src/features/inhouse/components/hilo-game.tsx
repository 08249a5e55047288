import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  HILO_MAX_MULTIPLIER_BP,
  HILO_RANKS,
  canCashOutHilo,
  findPickProblem,
  hiloOdds,
  hiloRank,
  type HiloOutcome,
  type HiloPick,
} from '@wps/shared/originals/hilo';
import { payoutAt } from '@wps/shared/originals/originals-common';
import type { InhouseAuth, InhouseSession } from '@wps/shared/schemas/inhouse';
import { Button } from '@wps/ui/button';
import { useFormats } from '../../../lib/format';
import { minorToDecimal, useFormatMoney } from '../../../lib/money';
import { pickCard } from '../api/pick-card';
import { startHilo, type HiloStartInput } from '../api/start-hilo';
import { useSteppedRound } from '../use-stepped-round';
import { RecentResults, originalStakeLevels } from './original-controls';
import { SteppedControls } from './stepped-controls';

/** The line above the board: the error, the prompt, or how the round ended. */
type GameStatus = { text: string; className: string; role?: 'alert' };

type GameProps = { session: InhouseSession; auth: InhouseAuth; onResult: (result: { balanceMinor: string }) => void };

const RANK_SIGNS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUIT_SIGNS = ['♠', '♥', '♦', '♣'];

/** A card's face: its rank sign and suit sign, and its name to be read out. */
function useCardFace() {
  const { t } = useTranslation('inhouse');
  return (card: number) => ({
    sign: `${RANK_SIGNS[hiloRank(card) - 1]}${SUIT_SIGNS[card % 4]}`,
    name: t('hilo.cardName', { rank: t(`hilo.ranks.${hiloRank(card)}`), suit: t(`hilo.suits.${card % 4}`) }),
    isRed: card % 4 === 1 || card % 4 === 2,
  });
}

/** The label of a call on a rank: "or same" in the middle, strict at the ace and the king, "same" opposite. */
function callLabelKey(rank: number, pick: 'higher' | 'lower'): string {
  if (rank === 1) return pick === 'higher' ? 'hilo.higherStrict' : 'hilo.same';
  if (rank === HILO_RANKS) return pick === 'lower' ? 'hilo.lowerStrict' : 'hilo.same';
  return pick === 'higher' ? 'hilo.higher' : 'hilo.lower';
}

/** Hi-Lo: bet, see a card, call the next one higher or lower (or skip it), cash out after a right call. */
export function HiloGame({ session, auth, onResult }: GameProps) {
  const { t } = useTranslation('inhouse');
  const format = useFormatMoney();
  const formats = useFormats();
  const face = useCardFace();
  const money = { currency: session.currency, scale: session.scale };
  const game = useSteppedRound<Omit<HiloStartInput, 'idempotencyKey'>>('hilo', auth, startHilo, onResult);
  const levels = useMemo(() => originalStakeLevels(session, HILO_MAX_MULTIPLIER_BP), [session]);
  const [chosenStake, setStake] = useState<bigint>(() => (levels.includes(100n) ? 100n : (levels[0] ?? 0n)));
  const stake = game.isOpen && game.round ? BigInt(game.round.stakeMinor) : chosenStake;
  const outcome = game.round ? (game.round.outcome as unknown as HiloOutcome) : null;
  const rtp = game.round?.rtpBps ?? session.rtpBps;
  const current = outcome ? outcome.cards[outcome.cards.length - 1]! : null;
  const rank = current === null ? null : hiloRank(current);
  const canCashOut = game.isOpen && outcome !== null && canCashOutHilo(outcome);
  const currentBp = game.round?.multiplierBp ?? 0;

  const { start: startRound, step } = game;
  const start = useCallback(() => startRound({ stakeMinor: stake.toString() }), [startRound, stake]);
  const call = useCallback(
    (pick: HiloPick) => {
      if (outcome && game.isOpen && findPickProblem(outcome, pick, rtp) === null)
        step((a, roundId) => pickCard(a, roundId, pick));
    },
    [game.isOpen, outcome, rtp, step],
  );

  const status = ((): GameStatus => {
    if (game.error) return { text: game.error, className: 'ih-result--error', role: 'alert' as const };
    if (!game.round) return { text: t('hilo.ready'), className: 'ih-result--muted' };
    if (game.isOpen) return { text: game.isResumed ? t('steps.resumed') : t('hilo.open'), className: '' };
    if (outcome?.state === 'busted') return { text: t('hilo.busted'), className: '' };
    return {
      text: t('steps.cashedOut', { amount: format(minorToDecimal(game.round.payoutMinor, money.scale), money) }),
      className: 'ih-result--win',
    };
  })();

  return (
    <section className="ih-original ih-hilo" aria-label={t('games.hilo.name')}>
      <p className={`ih-result ${status.className}`} role={status.role} aria-live="polite" data-testid="hilo-status">
        {status.text}
      </p>
      <div className="ih-hilo__table">
        {current === null ? (
          <div className="ih-hilo__card is-back" aria-hidden="true" />
        ) : (
          <div
            key={outcome!.cards.length}
            className={`ih-hilo__card${face(current).isRed ? ' is-red' : ''}`}
            role="img"
            aria-label={t('hilo.current', { card: face(current).name })}
            data-testid="hilo-card"
          >
            {face(current).sign}
          </div>
        )}
        {outcome && outcome.cards.length > 1 && (
          <ol className="ih-hilo__history" aria-label={t('hilo.history')}>
            {outcome.cards.slice(0, -1).map((c, i) => (
              <li key={i} className={face(c).isRed ? 'is-red' : undefined}>
                <span aria-hidden="true">{face(c).sign}</span>
                <span className="visually-hidden">
                  {face(c).name}, {t(`hilo.picks.${outcome.picks[i]!}`)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="ih-hilo__calls" role="group" aria-label={t('hilo.calls')}>
        {(['higher', 'lower'] as const).map((pick) => {
          const odds = outcome && rank !== null ? hiloOdds(outcome, pick, rtp) : null;
          const blocked = !outcome || !game.isOpen || findPickProblem(outcome, pick, rtp) !== null;
          return (
            <Button
              key={pick}
              variant="secondary"
              size="lg"
              onClick={() => call(pick)}
              disabled={blocked || game.isPending}
              data-testid={`hilo-${pick}`}
            >
              <span className="ih-hilo__call">
                <span>{rank !== null ? t(callLabelKey(rank, pick)) : t(`hilo.${pick}`)}</span>
                <span className="ih-hilo__odds">
                  {odds && game.isOpen
                    ? `${formats.percent(odds.winRanks / HILO_RANKS)} · ${formats.multiplier(odds.multiplierBp / 10_000)}`
                    : '—'}
                </span>
              </span>
            </Button>
          );
        })}
        <Button
          variant="ghost"
          onClick={() => call('skip')}
          disabled={!outcome || !game.isOpen || game.isPending || findPickProblem(outcome, 'skip', rtp) !== null}
          data-testid="hilo-skip"
        >
          {t('hilo.skip')}
        </Button>
      </div>
      <RecentResults
        results={game.recent}
        describe={(r) => t('hilo.recentItem', { count: (r.outcome as unknown as HiloOutcome).picks.length })}
      />
      <dl className="ih-stats">
        <div>
          <dt>{t('originals.multiplier')}</dt>
          <dd data-testid="hilo-multiplier">{formats.multiplier((game.isOpen ? currentBp : 0) / 10_000)}</dd>
        </div>
        <div>
          <dt>{t('originals.topMultiplier')}</dt>
          <dd>{formats.multiplier(HILO_MAX_MULTIPLIER_BP / 10_000)}</dd>
        </div>
        <div>
          <dt>{t('originals.rtp')}</dt>
          <dd>{formats.percent(rtp / 10_000)}</dd>
        </div>
      </dl>
      <SteppedControls
        session={session}
        levels={levels}
        stake={stake}
        onStake={setStake}
        isOpen={game.isOpen}
        canStart={!game.isLoading}
        canCashOut={canCashOut}
        isPending={game.isPending}
        onStart={start}
        onCashOut={game.cashOut}
        onSpaceOpen={() => {
          if (canCashOut) game.cashOut();
        }}
        keys={{ h: () => call('higher'), l: () => call('lower'), s: () => call('skip') }}
        startLabel={t('steps.bet')}
        cashOutLabel={t('steps.cashOut', {
          amount: format(minorToDecimal(payoutAt(stake, canCashOut ? currentBp : 0).toString(), money.scale), money),
        })}
        shortcuts={t('hilo.shortcuts')}
        testId="hilo"
      />
    </section>
  );
}
