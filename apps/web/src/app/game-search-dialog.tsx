import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GameItem, VendorCard } from '@wps/shared/schemas/catalogue';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { Spinner } from '@wps/ui/spinner';
import { SearchIcon } from '../components/ui/icons';
import { openAuthModal } from '../features/auth/auth-modal-store';
import { useVendorLanes } from '../features/lobby/api/get-vendor-lanes';
import { vendorPagePath } from '../features/lobby/vendor-routes';
import { gamesQueryOptions } from '../features/lobby/api/list-games';
import { useHotGames } from '../features/lobby/api/list-hot-games';
import { openGamePopup } from '../features/lobby/lobby-store';
import { useOpenGame } from '../features/lobby/use-open-game';
import { useToken } from '../lib/session-storage';
import './game-search.css';

/** Shortest text searched, and the pause after the last key before asking. */
const MIN_LENGTH = 2;
const DEBOUNCE_MS = 250;
const MAX_VENDORS = 5;

/** Lower case without accents, so "pesca" finds "Pésca". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The text after the player stopped typing for a moment. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * The header's game search: games by name across every vendor (the lobby's list, which needs a
 * sign-in; a visitor searches the hot games and is offered the login for the rest) and the vendors
 * whose name matches. A game result launches it (the lobby's launch: login, maintenance, /game); a
 * vendor opens its games. Keyboard: type, ArrowDown into the results, arrows between them, Escape
 * closes and returns focus to the search button.
 */
export function GameSearchDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const token = useToken();
  const inputId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [text, setText] = useState('');
  const query = useSettled(text.trim());
  const isSearching = query.length >= MIN_LENGTH;
  const { sortingVendor } = useVendorLanes();
  const { openGame } = useOpenGame();
  const full = useInfiniteQuery({
    ...gamesQueryOptions(token, { gameName: query }),
    enabled: token !== null && isSearching,
  });
  const hot = useHotGames();

  const needle = folded(query);
  const games: GameItem[] = !isSearching
    ? []
    : token !== null
      ? (full.data?.pages[0]?.games ?? [])
      : (hot.data?.list ?? []).filter((g) => folded(g.gameName).includes(needle));
  const vendors: VendorCard[] = isSearching
    ? sortingVendor.filter((v) => folded(v.name).includes(needle)).slice(0, MAX_VENDORS)
    : [];
  const isLoading = isSearching && (token !== null ? full.isFetching : hot.isLoading);
  const total = games.length + vendors.length;

  const playGame = (game: GameItem) => {
    onClose();
    openGame(game);
  };
  const openVendor = (vendor: VendorCard) => {
    onClose();
    const page = vendorPagePath(vendor);
    if (page) void navigate(page);
    else openGamePopup(vendor.vassalage);
  };

  /** Arrow keys between the input and the results (each result is a button). */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    if (buttons.length === 0) return;
    event.preventDefault();
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) buttons[event.key === 'ArrowDown' ? 0 : buttons.length - 1]!.focus();
    else if (event.key === 'ArrowDown') buttons[Math.min(at + 1, buttons.length - 1)]!.focus();
    else if (at === 0) document.getElementById(inputId)?.focus();
    else buttons[at - 1]!.focus();
  };

  const status = !isSearching
    ? t('hint', { count: MIN_LENGTH })
    : isLoading && total === 0
      ? t('searching')
      : total === 0
        ? t('none', { query })
        : t('found', { count: total });

  return (
    <Modal open onClose={onClose} title={t('title')} size="md" className="game-search">
      {/* The wrapper only catches the arrow keys of the input and the result buttons inside it. */}
      <div role="presentation" onKeyDown={onKeyDown}>
        <div className="game-search__field">
          <label htmlFor={inputId} className="visually-hidden">
            {t('label')}
          </label>
          <SearchIcon className="game-search__icon" />
          <input
            id={inputId}
            type="search"
            className="field__input game-search__input"
            placeholder={t('placeholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-controls={listId}
            data-autofocus
          />
          {isLoading && <Spinner size={18} />}
        </div>
        <p className="game-search__status" role="status" aria-live="polite">
          {status}
        </p>
        <ul id={listId} ref={listRef} className="game-search__results" aria-label={t('results')}>
          {vendors.map((vendor) => (
            <li key={`v-${vendor.vassalage}`}>
              <button type="button" className="game-search__result" onClick={() => openVendor(vendor)}>
                <img src={vendor.logo} alt="" width={40} height={40} className="game-search__thumb" />
                <span className="game-search__name">{vendor.name}</span>
                <span className="game-search__meta">{t('vendor')}</span>
              </button>
            </li>
          ))}
          {games.map((game) => (
            <li key={game.nodeId}>
              <button type="button" className="game-search__result" onClick={() => playGame(game)}>
                <img src={game.image} alt="" width={40} height={40} className="game-search__thumb" loading="lazy" />
                <span className="game-search__name">{game.gameName}</span>
                <span className="game-search__meta">{game.vendorName}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {token === null && (
        <div className="game-search__visitor">
          <p>{t('visitor')}</p>
          <Button size="sm" variant="secondary" onClick={() => (onClose(), openAuthModal('login'))}>
            {tc('header.login')}
          </Button>
        </div>
      )}
    </Modal>
  );
}
