import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LotteryGameMenu } from '@wps/shared/schemas/lottery';
import { useFormats } from '../../../lib/format';

type Props = {
  game: LotteryGameMenu;
  path: string;
  isFavourite: boolean;
  onToggleFavourite: (gameCode: string) => void;
  isSelected: boolean;
};

/** A game in the lobby: its name, schedule and draw taking bets, the favourite star and the way in. */
export function GameCard({ game, path, isFavourite, onToggleFavourite, isSelected }: Props) {
  const { t } = useTranslation('lottery');
  const formats = useFormats();
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
      <div className="lot-card__head">
        <h3 className="lot-card__name">{game.gameName}</h3>
        <button
          type="button"
          className={`lot-star${isFavourite ? ' is-on' : ''}`}
          aria-pressed={isFavourite}
          aria-label={t('card.favourite', { name: game.gameName })}
          data-testid="lottery-favourite"
          onClick={() => onToggleFavourite(game.gameCode)}
        >
          <span aria-hidden="true">{isFavourite ? '★' : '☆'}</span>
        </button>
      </div>
      <p className="lot-muted">{schedule}</p>
      <p className="lot-muted">
        {game.current ? t('card.closes', { time: formats.time(game.current.closesAt) }) : t('card.noDraw')}
      </p>
      <Link
        className="btn btn--primary btn--sm"
        to={`${path}?gameCode=${encodeURIComponent(game.gameCode)}`}
        aria-label={t('card.playName', { name: game.gameName })}
      >
        <span className="btn__label">{t('card.play')}</span>
      </Link>
    </li>
  );
}
