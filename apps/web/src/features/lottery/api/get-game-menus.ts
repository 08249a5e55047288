import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { LotteryGameMenu, LotteryMenuGroup, LotteryPrizeMode } from '@wps/shared/schemas/lottery';
import { apiRequest } from '../../../lib/api-client';
import { clockOffsetMs } from '../lottery-clock';

/**
 * Every lottery query key starts with this: one invalidation of ['lottery'] (a draw decided, pushed
 * by the server later) refreshes menus, draws, results and tickets together.
 */
export const LOTTERY_KEY = 'lottery';

/** A game of a lobby list, with how far the server's clock was ahead of the browser's when the list was read. */
export type LobbyGame = LotteryGameMenu & { clockOffsetMs: number };
export type LobbyGroup = Omit<LotteryMenuGroup, 'gameMenus'> & { gameMenus: LobbyGame[] };

/**
 * Read a list of games, each stamped with the server clock's offset measured on this very call:
 * a card's countdown runs on the server's clock (lottery-clock.ts), however old the cached list.
 */
export async function readLobbyGames<G extends LotteryGameMenu>(read: () => Promise<G[]>): Promise<(G & LobbyGame)[]> {
  const sentAt = Date.now();
  const games = await read();
  const receivedAt = Date.now();
  return games.map((g) => ({ ...g, clockOffsetMs: clockOffsetMs(g.serverTime, sentAt, receivedAt) }));
}

/** The same for a list of groups. */
export async function readLobbyGroups(read: () => Promise<LotteryMenuGroup[]>): Promise<LobbyGroup[]> {
  const sentAt = Date.now();
  const groups = await read();
  const receivedAt = Date.now();
  return groups.map((group) => ({
    ...group,
    gameMenus: group.gameMenus.map((g) => ({ ...g, clockOffsetMs: clockOffsetMs(g.serverTime, sentAt, receivedAt) })),
  }));
}

/** The lobby's lists of games (by group, by region, popular, recent), refreshed together when a card's draw closes. */
const LOBBY_LISTS: readonly unknown[] = ['menus', 'vn-menu', 'popular', 'recent'];

/** Read the lobby's lists again; a read already under way is kept (several cards may close in the same second). */
export function refreshLobby(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries(
    { predicate: (q) => q.queryKey[0] === LOTTERY_KEY && LOBBY_LISTS.includes(q.queryKey[1]) },
    { cancelRefetch: false },
  );
}

/** GET /lgw/games/game_menus?prizeMode=: the games by menu group, each with the draw taking bets. All active games without a mode. */
export function getGameMenus(prizeMode?: LotteryPrizeMode): Promise<LobbyGroup[]> {
  return readLobbyGroups(() => apiRequest<LotteryMenuGroup[]>('/lgw/games/game_menus', { query: { prizeMode } }));
}

export function gameMenusQueryOptions(prizeMode?: LotteryPrizeMode) {
  return queryOptions({
    queryKey: [LOTTERY_KEY, 'menus', prizeMode ?? 'all'],
    queryFn: () => getGameMenus(prizeMode),
    staleTime: 30_000,
  });
}

/** The lobby's groups of one prize mode, or of every mode (to find any game by its code). */
export function useGameMenus(prizeMode?: LotteryPrizeMode) {
  return useQuery(gameMenusQueryOptions(prizeMode));
}
