import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { ROOM_STATUSES, type Room, type RoomStatus } from '@wps/shared/schemas/pvp';
import { ListStates } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { useLaunchGame } from '../../../lib/api/launch-game';
import { translateError } from '../../../lib/i18n';
import { openLoginPrompt } from '../../../lib/login-prompt';
import { useFormatMoney, type MoneyFormat } from '../../../lib/money';
import { useToken } from '../../../lib/session-storage';
import { useRooms, type RoomFilter } from '../api/list-rooms';
import '../pvp.css';

/** Stake bands a player picks from (major units), rather than typing amounts. */
const STAKE_BANDS: Record<string, { minStake?: string; maxStake?: string }> = {
  low: { maxStake: '10' },
  mid: { minStake: '10', maxStake: '50' },
  high: { minStake: '50', maxStake: '200' },
  vip: { minStake: '200' },
};
const SEAT_OPTIONS = [1, 2, 4] as const;

type Draft = { nodeId: string; status: '' | RoomStatus; stake: string; seatsFree: string };

/**
 * The PVP tables (GLS2_roomList) with their filters: game, status, stake band and free seats. A
 * table with a free seat is joined through the launch (roomId), which opens it in /game like any
 * game. A visitor is asked to log in: the list needs a token.
 */
export function PvpRooms() {
  const { t } = useTranslation('pvp');
  const ids = useId();
  const token = useToken();
  const [draft, setDraft] = useState<Draft>({ nodeId: '', status: '', stake: '', seatsFree: '' });
  const filter: RoomFilter = {
    nodeId: draft.nodeId || undefined,
    status: draft.status || undefined,
    ...(STAKE_BANDS[draft.stake] ?? {}),
    seatsFree: draft.seatsFree ? Number(draft.seatsFree) : undefined,
  };
  const rooms = useRooms(filter);
  // The game filter keeps its choices whatever the other filters leave.
  const [games, setGames] = useState<{ nodeId: string; gameName: string }[]>([]);
  if (rooms.data && rooms.data.games.length > games.length) setGames(rooms.data.games);
  const launch = useLaunchGame();
  const [joining, setJoining] = useState<string | null>(null);

  const join = (room: Room) => {
    setJoining(room.roomId);
    launch.mutate(
      { nodeId: room.nodeId, vassalage: room.vassalage, gameId: room.nodeId, roomId: room.roomId },
      {
        onError: (error) => {
          toast.error(translateError(error));
          void rooms.refetch();
        },
        onSettled: () => setJoining(null),
      },
    );
  };

  if (!token) {
    return (
      <section className="pvp-rooms" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="lobby-section-title">
          {t('title')}
        </h2>
        <div className="pvp-login">
          <p>{t('loginNeeded')}</p>
          <Button onClick={() => openLoginPrompt('login')}>{t('login')}</Button>
        </div>
      </section>
    );
  }

  const field = (key: keyof Draft, label: string, options: { value: string; label: string }[]) => (
    <div className="field">
      <label className="field__label" htmlFor={`${ids}-${key}`}>
        {label}
      </label>
      <div className="field__box">
        <select
          id={`${ids}-${key}`}
          className="field__input"
          value={draft[key]}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );

  return (
    <section className="pvp-rooms" aria-labelledby={`${ids}-title`} data-testid="pvp-rooms">
      <h2 id={`${ids}-title`} className="lobby-section-title">
        {t('title')}
      </h2>
      <form className="pvp-filters" role="search" aria-label={t('filters.label')} onSubmit={(e) => e.preventDefault()}>
        {field('nodeId', t('filters.game'), [
          { value: '', label: t('filters.allGames') },
          ...games.map((g) => ({ value: g.nodeId, label: g.gameName })),
        ])}
        {field('status', t('filters.status'), [
          { value: '', label: t('filters.allStatuses') },
          ...ROOM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        ])}
        {field('stake', t('filters.stake'), [
          { value: '', label: t('filters.anyStake') },
          ...Object.keys(STAKE_BANDS).map((b) => ({ value: b, label: t(`filters.stakes.${b}`) })),
        ])}
        {field('seatsFree', t('filters.seats'), [
          { value: '', label: t('filters.anySeats') },
          ...SEAT_OPTIONS.map((n) => ({ value: String(n), label: t('filters.seatsFree', { count: n }) })),
        ])}
      </form>
      <ListStates
        isLoading={rooms.isLoading}
        errorText={rooms.isError && !rooms.data ? translateError(rooms.error) : null}
        onRetry={() => void rooms.refetch()}
        value={rooms.data}
        isEmpty={(v) => v.rooms.length === 0}
        labels={{ loading: t('loading'), retry: t('retry'), empty: t('empty') }}
      >
        {(value) => (
          <ul className="pvp-room-list" aria-label={t('listLabel')}>
            {value.rooms.map((room) => (
              <RoomCard
                key={`${room.vassalage}:${room.roomId}`}
                room={room}
                money={{ currency: value.currency, scale: 2 }}
                isJoining={joining === room.roomId}
                onJoin={join}
              />
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

/** One table: name, game, stakes (blinds or range), seats, status, and the join button. */
function RoomCard({
  room,
  money,
  isJoining,
  onJoin,
}: {
  room: Room;
  money: MoneyFormat;
  isJoining: boolean;
  onJoin: (room: Room) => void;
}) {
  const { t } = useTranslation('pvp');
  const format = useFormatMoney();
  const id = useId();
  const amount = (major: string) => format(major, { ...money, scale: major.split('.')[1]?.length ?? 0 });
  const range =
    room.minStake === room.maxStake
      ? amount(room.minStake)
      : t('range', { min: amount(room.minStake), max: amount(room.maxStake) });
  return (
    <li className={`pvp-room is-${room.status}`} data-room-id={room.roomId} aria-labelledby={`${id}-name`}>
      <div className="pvp-room__head">
        <h3 id={`${id}-name`} className="pvp-room__name">
          {room.name}
        </h3>
        <span className={`pvp-status pvp-status--${room.status}`}>{t(`status.${room.status}`)}</span>
      </div>
      <p className="pvp-room__game">
        {room.gameName} · {room.vendorName}
      </p>
      <dl className="pvp-room__facts">
        {room.blinds && (
          <div>
            <dt>{t('blinds')}</dt>
            <dd>{t('blindPair', { small: amount(room.blinds.small), big: amount(room.blinds.big) })}</dd>
          </div>
        )}
        <div>
          <dt>{room.blinds ? t('buyIn') : t('stake')}</dt>
          <dd>{range}</dd>
        </div>
        <div>
          <dt>{t('seats')}</dt>
          <dd data-testid="pvp-seats">
            {t('seatsTaken', { taken: room.seatsTaken, seats: room.seats, free: room.seatsFree })}
          </dd>
        </div>
      </dl>
      <Button
        className="pvp-room__join"
        size="sm"
        disabled={!room.joinable}
        loading={isJoining}
        aria-describedby={`${id}-name`}
        onClick={() => onJoin(room)}
      >
        {room.joinable ? t('join') : t('notJoinable')}
      </Button>
    </li>
  );
}
