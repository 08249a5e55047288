import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type {
  LotteryDrawView,
  LotteryGameMenu,
  LotteryMenuGroup,
  LotteryPrizeMode,
  LotteryTicketView,
} from '@wps/shared/schemas/lottery';
import type { Kysely } from 'kysely';
import { lotteryGameHidden, type ProductClass } from '@wps/shared/licence';
import { AppError } from '../../http/app-error';
import type { Database } from '../../db/schema';
import { findOpenDraw, findOpenDraws, findRecentResults, type DrawRow } from './lottery-draws.repository';
import {
  findFavouriteCodes,
  findGame,
  findGames,
  findPopularCodes,
  findRecentCodes,
  setFavourite,
  type GameRow,
} from './lottery-games.repository';
import { findLastResults } from './lottery-results.repository';
import { findMemberTickets, type TicketRow } from './lottery-tickets.repository';

// What players read of the lottery: the lobby's menus (by group, and the Vietnam lottery by
// region), the popular games, a game's current draw and its past results, the player's tickets,
// recent games and favourites.

type Db = Kysely<Database>;

export type ReadsContext = {
  db: Db;
  now: () => Date;
  money: () => Promise<{ currency: string; scale: number }>;
  /** The product classes the licence in force forbids (BR: foreign lottery draws): no menu lists them. */
  forbidden?: (() => Promise<readonly ProductClass[]>) | undefined;
};

/** Menu labels of the daily draws' regions and of the quick draws' groups, in English; the pages translate by code. */
const REGION_LABELS: Record<string, string> = { north: 'Northern', central: 'Central', south: 'Southern' };

/** Popular games are counted over this window. */
const POPULAR_WINDOW_MS = 24 * 3_600_000;

/** A draw whose result is known: its seed and result may be shown (before, the seed would tell the result). */
export function isDecided(status: DrawRow['status']): boolean {
  return status === 'drawn' || status === 'settled';
}

export function drawView(d: DrawRow): LotteryDrawView {
  const decided = isDecided(d.status);
  return {
    gameCode: d.gameCode,
    numero: d.numero,
    status: d.status,
    opensAt: d.opensAt.toISOString(),
    closesAt: d.closesAt.toISOString(),
    drawAt: d.drawAt.toISOString(),
    serverSeedHash: d.serverSeedHash,
    // The seed is secret until the draw is decided: before, it would tell the result.
    serverSeed: decided ? d.serverSeed : null,
    result: decided ? d.result : null,
  };
}

export function ticketView(
  t: TicketRow & { gameCode: string; numero: string },
  money: { currency: string; scale: number },
): LotteryTicketView {
  return {
    ticketId: t.id,
    gameCode: t.gameCode,
    numero: t.numero,
    status: t.status,
    stake: formatMinor(t.stakeMinor, money.scale),
    stakeMinor: t.stakeMinor.toString(),
    payout: t.payoutMinor === null ? null : formatMinor(t.payoutMinor, money.scale),
    payoutMinor: t.payoutMinor === null ? null : t.payoutMinor.toString(),
    maxPayoutMinor: t.maxPayoutMinor.toString(),
    selections: t.selections,
    placedAt: t.placedAt.toISOString(),
    settledAt: t.settledAt?.toISOString() ?? null,
    currency: money.currency,
  };
}

export function createLotteryReads(ctx: ReadsContext) {
  const { db, now } = ctx;

  /**
   * The games' menu entries, each with the draw it is taking bets for and its last result (one
   * read of each for all of them), and the server's time the lobby's countdowns run on.
   */
  async function menusOf(games: GameRow[]): Promise<LotteryGameMenu[]> {
    const at = now();
    const codes = games.map((g) => g.code);
    const [open, last] = await Promise.all([findOpenDraws(db, codes, at), findLastResults(db, codes)]);
    return games.map((g) => {
      const current = open.get(g.code);
      const lastDraw = last.get(g.code);
      return {
        gameCode: g.code,
        gameName: g.name,
        family: g.family,
        prizeMode: g.prizeMode,
        region: g.region,
        intervalSeconds: g.intervalSeconds,
        drawTime: g.drawTime,
        current: current ? drawView(current) : null,
        last: lastDraw ? drawView(lastDraw) : null,
        serverTime: at.toISOString(),
      };
    });
  }

  /** The games on sale, less a product the licence forbids: every menu and the popular and recent lists read these. */
  async function activeGames(prizeMode?: LotteryPrizeMode): Promise<GameRow[]> {
    const forbidden: readonly ProductClass[] = (await ctx.forbidden?.()) ?? [];
    return (await findGames(db)).filter(
      (g) =>
        g.status === 'active' &&
        (prizeMode === undefined || g.prizeMode === prizeMode) &&
        !lotteryGameHidden(g, forbidden),
    );
  }

  /** GET /lgw/games/game_menus: the games by their menu group. */
  async function gameMenus(prizeMode?: LotteryPrizeMode): Promise<LotteryMenuGroup[]> {
    const games = await activeGames(prizeMode);
    const menus = await menusOf(games);
    const groups = new Map<string, LotteryMenuGroup>();
    games.forEach((g, i) => {
      const group = groups.get(g.groupCode) ?? {
        gameGroupCode: g.groupCode,
        labelName: g.groupCode,
        accountTypeName: g.prizeMode === 'Elott' ? 'ELOTT' : 'VN',
        gameMenus: [],
      };
      group.gameMenus.push(menus[i]!);
      groups.set(g.groupCode, group);
    });
    return [...groups.values()];
  }

  /** GET /lgw/vn/games/game_menu: the daily draws by region, each with the draw taking bets. */
  async function vnGameMenu(prizeMode: LotteryPrizeMode): Promise<LotteryMenuGroup[]> {
    const games = await activeGames(prizeMode);
    const menus = await menusOf(games);
    const regions = new Map<string, LotteryMenuGroup>();
    games.forEach((g, i) => {
      const region = g.region ?? g.groupCode;
      const group = regions.get(region) ?? {
        gameGroupCode: region,
        labelName: REGION_LABELS[region] ?? region,
        accountTypeName: 'VN',
        gameMenus: [],
      };
      group.gameMenus.push(menus[i]!);
      regions.set(region, group);
    });
    return [...regions.values()];
  }

  /** GET /lgw/vn/games/game_menu/recent: the games the player bet on, latest first. */
  async function recentMenus(memberId: string): Promise<LotteryGameMenu[]> {
    const codes = await findRecentCodes(db, memberId, 10);
    const games = new Map((await activeGames()).map((g) => [g.code, g]));
    return menusOf(codes.filter((c) => games.has(c)).map((c) => games.get(c)!));
  }

  /** GET /lgw/games/popular: games by tickets in the last day, then the rest in menu order, up to count. */
  async function popular(count: number): Promise<(LotteryGameMenu & { tickets: number })[]> {
    const games = await activeGames();
    const counted = await findPopularCodes(db, new Date(now().getTime() - POPULAR_WINDOW_MS), count);
    const byCode = new Map(games.map((g) => [g.code, g]));
    const order = [
      ...counted.filter((c) => byCode.has(c.code)),
      ...games.filter((g) => !counted.some((c) => c.code === g.code)).map((g) => ({ code: g.code, tickets: 0 })),
    ];
    const picked = order.slice(0, count);
    const menus = await menusOf(picked.map((c) => byCode.get(c.code)!));
    return menus.map((menu, i) => ({ ...menu, tickets: picked[i]!.tickets }));
  }

  async function requireGame(code: string): Promise<GameRow> {
    const game = await findGame(db, code);
    if (!game) throw new AppError(ErrorCode.LOTTERY_GAME_NOT_FOUND, 'No such lottery game', { gameCode: code });
    return game;
  }

  /** GET /lgw/vn/numeros/opened/game: a game's decided draws, newest first. */
  async function openedNumeros(code: string, count: number): Promise<LotteryDrawView[]> {
    await requireGame(code);
    return (await findRecentResults(db, code, count)).map(drawView);
  }

  /** GET /lgw/games/paytable: the odds a ticket on the game is placed at now (the slip's potential payouts). */
  async function paytable(
    code: string,
  ): Promise<{ gameCode: string; family: string; paytable: Record<string, unknown> }> {
    const game = await requireGame(code);
    return { gameCode: game.code, family: game.family, paytable: game.paytable as Record<string, unknown> };
  }

  /** GET /lotto/lgw/games/opened/numero: the draw taking bets now, the last result and the server's time (for the countdown). */
  async function openedNumero(
    code: string,
  ): Promise<{ current: LotteryDrawView | null; last: LotteryDrawView | null; serverTime: string }> {
    await requireGame(code);
    const at = now();
    const [current, last] = await Promise.all([findOpenDraw(db, code, at), findRecentResults(db, code, 1)]);
    return {
      current: current ? drawView(current) : null,
      last: last[0] ? drawView(last[0]) : null,
      serverTime: at.toISOString(),
    };
  }

  /** GET /lgw/tickets: the player's open or settled tickets, newest first. */
  async function tickets(
    memberId: string,
    q: { status: 'open' | 'settled'; before?: string | undefined; size: number },
  ): Promise<{ list: LotteryTicketView[]; next: string | null }> {
    const money = await ctx.money();
    const rows = await findMemberTickets(db, memberId, q.status === 'open', q.before ?? null, q.size + 1);
    const page = rows.slice(0, q.size);
    return {
      list: page.map((t) => ticketView(t, money)),
      next: rows.length > q.size ? page[page.length - 1]!.id : null,
    };
  }

  async function favourites(memberId: string): Promise<string[]> {
    return findFavouriteCodes(db, memberId);
  }

  async function markFavourite(memberId: string, code: string, on: boolean): Promise<string[]> {
    await requireGame(code);
    await setFavourite(db, memberId, code, on);
    return findFavouriteCodes(db, memberId);
  }

  return {
    gameMenus,
    vnGameMenu,
    recentMenus,
    popular,
    openedNumeros,
    openedNumero,
    paytable,
    tickets,
    favourites,
    markFavourite,
    requireGame,
  };
}

export type LotteryReads = ReturnType<typeof createLotteryReads>;
