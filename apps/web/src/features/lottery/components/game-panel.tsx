import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { isVnFamily, NUMBERS_SPECS } from '@wps/shared/lottery/results';
import type { LotteryFamily } from '@wps/shared/lottery/types';
import { LOTTERY_NUMEROS_COUNT, type LotteryGameMenu } from '@wps/shared/schemas/lottery';
import { translateError } from '../../../lib/i18n';
import { openLoginPrompt } from '../../../lib/login-prompt';
import { useLotteryDraw } from '../api/get-opened-numero';
import { formatCountdown } from '../lottery-clock';
import { BetSlip } from './bet-slip';
import { DrawCard } from './draw-card';
import { MyTickets } from './my-tickets';
import { TrendBars } from './trend-bars';
import { useGameName } from './use-game-name';

/** How many past results a quick draw's page reads (the Vietnamese pages read the spec's 100). */
const QUICK_RESULTS = 30;
const HISTORY_SHOWN = 8;

/** One game: its draw taking bets with the countdown, the last results and trend, the slip and the player's tickets. */
export function GamePanel({
  game,
  family,
  families,
  playType,
}: {
  game: LotteryGameMenu;
  family: LotteryFamily;
  families: ReadonlyMap<string, string>;
  playType: string | null;
}) {
  const { t } = useTranslation('lottery');
  const gameName = useGameName()(game.gameName);
  const isVn = isVnFamily(family);
  const draw = useLotteryDraw(game.gameCode, isVn ? LOTTERY_NUMEROS_COUNT : QUICK_RESULTS);
  const range = isVn ? { lo: 0, hi: 99 } : NUMBERS_SPECS[family as keyof typeof NUMBERS_SPECS];
  const latest = draw.results[0];
  const last = draw.last && latest && draw.last.numero > latest.numero ? draw.last : (latest ?? draw.last);
  const older = draw.results.filter((d) => d.numero !== last?.numero);

  return (
    <div className="lot-game" data-testid="lottery-game" data-game-code={game.gameCode}>
      <section className="lot-now" aria-labelledby="lot-game-title">
        <h2 id="lot-game-title">
          {gameName}
          {draw.isLive ? (
            <span className="lot-live" data-testid="lottery-live" title={t('draw.liveHint')}>
              {t('draw.live')}
            </span>
          ) : null}
        </h2>
        {draw.isSignedIn ? (
          draw.current ? (
            <div className="lot-now__draw">
              <p>
                {t('draw.current')} <strong data-testid="lottery-current-numero">{draw.current.numero}</strong>
              </p>
              <p className="lot-countdown" role="timer" aria-label={t('draw.countdownLabel')}>
                <span className="lot-muted">{t('draw.closesIn')}</span>{' '}
                <span data-testid="lottery-countdown">{formatCountdown(draw.remainingMs ?? 0)}</span>
              </p>
            </div>
          ) : draw.error ? null : (
            <p className="lot-muted" data-testid="lottery-no-draw">
              {draw.isLoading ? t('loading') : t('draw.waiting')}
            </p>
          )
        ) : (
          <p className="lot-login">
            {t('draw.loginToBet')}{' '}
            <Button size="sm" onClick={() => openLoginPrompt('login')}>
              {t('draw.login')}
            </Button>
          </p>
        )}
        {draw.awaitingResult && draw.isSignedIn ? (
          <p className="lot-muted" role="status" data-testid="lottery-awaiting">
            {t('draw.awaiting')}
          </p>
        ) : null}
        {draw.error ? (
          <p role="alert" className="lot-notice lot-notice--error">
            {translateError(draw.error)}
          </p>
        ) : null}
      </section>

      <section className="lot-results" aria-labelledby="lot-results-title">
        <h2 id="lot-results-title">{t('draw.lastResults')}</h2>
        {last ? <DrawCard family={family} draw={last} /> : <p className="lot-muted">{t('draw.noResults')}</p>}
        {older.length > 0 ? (
          <details className="lot-history">
            <summary>{t('draw.history', { count: Math.min(older.length, HISTORY_SHOWN) })}</summary>
            {older.slice(0, HISTORY_SHOWN).map((d) => (
              <DrawCard key={d.numero} family={family} draw={d} headingLevel={3} />
            ))}
          </details>
        ) : null}
        <TrendBars draws={draw.results} range={range} />
      </section>

      {draw.isSignedIn ? (
        <>
          <BetSlip
            key={game.gameCode}
            family={family}
            gameCode={game.gameCode}
            numero={draw.current?.numero ?? null}
            initialBetType={playType}
          />
          <MyTickets gameCode={game.gameCode} currentNumero={draw.current?.numero ?? null} families={families} />
        </>
      ) : null}
    </div>
  );
}
