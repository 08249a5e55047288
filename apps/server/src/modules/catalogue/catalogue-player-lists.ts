import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { FavouriteList, GameCategory, GameItem, GameStrip } from '@wps/shared/schemas/catalogue';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import {
  deleteFavourite,
  findFavouriteIds,
  findGameRow,
  findRecentIds,
  insertFavourite,
  upsertRecentGame,
} from './catalogue.repository';
import { page, type Snapshot } from './catalogue-snapshot';

// A player's own lists: favourite games and recently launched ones. Both are stored as node ids
// and shown through the catalogue as players see it, so a game hidden since (disabled, its vendor
// disconnected, forbidden by the licence) drops out of them without being deleted.

type Db = Kysely<Database>;

type PlayerListsDeps = {
  db: Db;
  snapshot: () => Promise<Snapshot>;
  now: () => number;
};

export function createPlayerLists({ db, snapshot, now }: PlayerListsDeps) {
  async function requireVisibleGame(nodeId: string): Promise<GameItem> {
    const item = (await snapshot()).itemById.get(nodeId);
    if (!item) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId });
    return item;
  }

  async function itemsByIds(ids: string[]): Promise<GameItem[]> {
    const snap = await snapshot();
    return ids.map((id) => snap.itemById.get(id)).filter((i): i is GameItem => i !== undefined);
  }

  /** One page of a stored list's games that players can still see and `keep` keeps. */
  async function pageOf(ids: string[], keep: (i: GameItem) => boolean, q: { pageNo: number; pageSize: number }) {
    return page((await itemsByIds(ids)).filter(keep), q.pageNo, q.pageSize);
  }

  return {
    /** Put a launched game at the top of the player's recent games. */
    async recordRecentGame(memberId: string, nodeId: string, trx: Db = db): Promise<void> {
      const game = await findGameRow(trx, nodeId);
      if (!game) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId });
      await upsertRecentGame(trx, String(memberId), nodeId, new Date(now()));
    },

    /** Add a favourite (idempotent). `vendor`/`gameType`, when sent, must describe the same game. */
    async addFavourite(
      memberId: string,
      input: { nodeId: string; vendor?: string | undefined; gameType?: string | undefined },
    ) {
      const item = await requireVisibleGame(input.nodeId);
      if (
        (input.vendor !== undefined && input.vendor !== item.vassalage) ||
        (input.gameType !== undefined && input.gameType !== item.gameType)
      ) {
        throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game for that vendor', { nodeId: input.nodeId });
      }
      await insertFavourite(db, String(memberId), item.nodeId);
      return { nodeId: item.nodeId, isFavourite: true };
    },

    /** Remove a favourite (idempotent: removing one that is not there succeeds). */
    async removeFavourite(memberId: string, input: { nodeId: string }) {
      await deleteFavourite(db, String(memberId), input.nodeId);
      return { nodeId: input.nodeId, isFavourite: false };
    },

    /** MCSFE_getFavoriteGames: the node ids of the player's favourites that are still listed. */
    async listFavouriteIds(memberId: string): Promise<string[]> {
      return (await itemsByIds(await findFavouriteIds(db, String(memberId)))).map((i) => i.nodeId);
    },

    /** MCSFE_getFavoriteGamesList: the player's favourite games, newest first. */
    async listFavourites(
      memberId: string,
      q: { pageNo: number; pageSize: number; gameType?: GameCategory | undefined },
    ): Promise<FavouriteList> {
      const ids = await findFavouriteIds(db, String(memberId));
      const { rows, totalPages } = await pageOf(ids, (i) => q.gameType === undefined || i.gameType === q.gameType, q);
      return { content: rows, totalPages };
    },

    /** GCS_recentGame: the player's recently launched games, newest first. */
    async listRecentGames(
      memberId: string,
      q: { pageNo: number; pageSize: number; vassalage?: string | undefined },
    ): Promise<GameStrip> {
      const ids = await findRecentIds(db, String(memberId));
      const { rows, totalPages } = await pageOf(
        ids,
        (i) => q.vassalage === undefined || i.vassalage === q.vassalage,
        q,
      );
      return { list: rows, totalPages };
    },
  };
}
