import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LotteryDrawView, LotteryGameMenu } from '@wps/shared/schemas/lottery';
import { refreshLobby } from '../api/get-game-menus';
import { formatCountdown, msUntil } from '../lottery-clock';
import { useNow } from '../use-now';
import { LotteryArt } from './lottery-art';
import { useGameName } from './use-game-name';
import '../lottery-lobby.css';

/** How long after a draw's time the lobby asks for its result: the server's clock draws it within a turn. */
const DRAW_GRACE_MS = 2_000;

type Props = {
  /** A lobby list's game; `clockOffsetMs` (the server's clock against ours when the list was read) keeps the countdown on the server's time. */
  game: LotteryGameMenu & { clockOffsetMs?: number };
  path: string;
  isFavourite: boolean;
  onToggleFavourite: (gameCode: string) => void;
  isSelected: boolean;
};

/** The numbers a card shows of a result: a quick draw's balls, or a Vietnamese draw's special prize. */
function shownNumbers(result: unknown): string[] | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as { kind?: unknown; numbers?: unknown; prizes?: unknown };
  if (r.kind === 'numbers' && Array.isArray(r.numbers)) return r.numbers.map(String);
  if (r.kind === 'prizes' && Array.isArray(r.prizes)) {
    const special = (r.prizes as { tier?: unknown; numbers?: unknown }[]).find((p) => p?.tier === 'special');
    return Array.isArray(special?.numbers) ? special.numbers.map(String) : null;
  }
  return null;
}

function LastResult({ draw }: { draw: LotteryDrawView | null }) {
  const { t } = useTranslation('lottery');
  const numbers = draw ? shownNumbers(draw.result) : null;
  if (!draw || !numbers) {
    return (
      <p className="lot-muted lot-card__last" data-testid="lottery-card-last">
        {t('card.noResult')}
      </p>
    );
  }
  return (
    <div className="lot-card__last" data-testid="lottery-card-last" data-numero={draw.numero}>
      <span className="lot-muted">{t('card.lastResult')}</span>
      <ol className="lot-mini-balls" aria-label={t('draw.numero', { numero: draw.numero })}>
        {numbers.map((n, i) => (
          <li key={i} className="lot-mini-ball">
            {n}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The draw taking bets, counted down each second on the server's clock from the lobby's answer
 * (no request per tick); at the cut-off the lobby's lists are read again for the next draw.
 */
function Countdown({ game, name }: { game: Props['game']; name: string }) {
  const { t } = useTranslation('lottery');
  const queryClient = useQueryClient();
  const now = useNow();
  const current = game.current;
  const remainingMs = current ? msUntil(current.closesAt, game.clockOffsetMs ?? 0, now) : null;
  const closedNumero = current && remainingMs === 0 ? current.numero : null;
  // The draw that closed while the card watched: at its draw time the next quick draw opens and its
  // result is known, so the lists are read once more then (between cut-off and draw no draw takes bets).
  const [closed, setClosed] = useState<{ numero: string; drawAt: string } | null>(null);
  if (current && closedNumero && closed?.numero !== closedNumero)
    setClosed({ numero: closedNumero, drawAt: current.drawAt });
  const decidedNumero =
    closed && now + (game.clockOffsetMs ?? 0) >= Date.parse(closed.drawAt) + DRAW_GRACE_MS ? closed.numero : null;
  useEffect(() => {
    if (closedNumero) void refreshLobby(queryClient);
  }, [closedNumero, queryClient]);
  useEffect(() => {
    if (decidedNumero) void refreshLobby(queryClient);
  }, [decidedNumero, queryClient]);

  if (remainingMs === null) return <p className="lot-muted">{t('card.noDraw')}</p>;
  if (remainingMs === 0) return <p className="lot-muted">{t('card.closed')}</p>;
  return (
    <p className="lot-card__countdown" role="timer" aria-label={t('card.countdownLabel', { name })}>
      <span className="lot-muted">{t('card.closesIn')}</span>{' '}
      <strong data-testid="lottery-card-countdown">{formatCountdown(remainingMs)}</strong>
    </p>
  );
}

/** A game in the lobby: its art, name and schedule, its last result, the countdown to the cut-off, the favourite star and the way in. */
export function GameCard({ game, path, isFavourite, onToggleFavourite, isSelected }: Props) {
  const { t } = useTranslation('lottery');
  const name = useGameName()(game.gameName);
  const schedule = game.intervalSeconds
    ? t('card.every', { minutes: Math.round(game.intervalSeconds / 60) })
    : game.drawTime
      ? t('card.daily', { time: game.drawTime })
      : '';
  return (
    <li
      className={`lot-card${isSelected ? ' is-selected' : ''}`}
      data-testid="lottery-game-card"
      data-game-code={game.gameCode}
    >
      <LotteryArt family={game.family} />
      <div className="lot-card__head">
        <h3 className="lot-card__name">{name}</h3>
        <button
          type="button"
          className={`lot-star${isFavourite ? ' is-on' : ''}`}
          aria-pressed={isFavourite}
          aria-label={t('card.favourite', { name })}
          data-testid="lottery-favourite"
          onClick={() => onToggleFavourite(game.gameCode)}
        >
          <span aria-hidden="true">{isFavourite ? '★' : '☆'}</span>
        </button>
      </div>
      <p className="lot-muted">{schedule}</p>
      <LastResult draw={game.last ?? null} />
      <Countdown game={game} name={name} />
      <Link
        className="btn btn--primary btn--sm lot-card__play"
        to={`${path}?gameCode=${encodeURIComponent(game.gameCode)}`}
        aria-label={t('card.playName', { name })}
      >
        <span className="btn__label">{t('card.play')}</span>
      </Link>
    </li>
  );
}
