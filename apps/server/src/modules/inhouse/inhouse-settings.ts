import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { CatalogueStatus } from '@wps/shared/schemas/catalogue';
import { INHOUSE_GAMES, INHOUSE_MAX_STAKE_MINOR, type InhouseGameKind } from '@wps/shared/schemas/inhouse';
import {
  findMaxStakeProblem,
  inhouseRtp,
  inhouseStakeRules,
  type InhouseGameSettingsBody,
  type InhouseGameSettingsChange,
  type InhouseStakeRules,
  type OpsInhouseGame,
} from '@wps/shared/schemas/inhouse-settings';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import { findMaxStake, findMaxStakes, upsertMaxStake } from './inhouse-settings.repository';

/** A catalogue game as the in-house games read it: name, status and minimum bet. */
type CatalogueGame = { nodeId: string; name: string; minBetMinor: bigint | string; status: CatalogueStatus };

/** What the in-house games need from the catalogue: a game a player may open now, and a game whatever its status. */
export type InhouseCataloguePort = {
  /** Throws GAME_NOT_FOUND, VENDOR_MAINTENANCE or GAME_MAINTENANCE. */
  getGame(nodeId: string): Promise<{ game: CatalogueGame }>;
  /** Undefined when the catalogue has no such game. */
  findGame(nodeId: string): Promise<{ game: CatalogueGame } | undefined>;
};

/** Who changes a game's settings (audit log). */
export type InhouseActor = { actorType: AuditActorType; actorId: string | null };

type SettingsContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  catalogue: InhouseCataloguePort;
};

/** The kind of an in-house game by its node id; GAME_NOT_FOUND for any other id. */
export function requireInhouseGame(nodeId: string): InhouseGameKind {
  const game = INHOUSE_GAMES[nodeId as keyof typeof INHOUSE_GAMES];
  if (!game) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such in-house game', { nodeId });
  return game;
}

/**
 * The in-house games' settings: the stake rules every session and round is checked against (the
 * catalogue's minimum bet, the operator's maximum), and the operator's list and change of them.
 * The RTP is shown, never set: each game has one paytable and one house edge.
 */
export function createInhouseSettings({ db, audit, catalogue }: SettingsContext) {
  return {
    /** A game a player may open now (catalogue.getGame's refusals apply) with its name and stake rules. */
    async getPlayableGame(nodeId: string, game: InhouseGameKind): Promise<{ name: string; rules: InhouseStakeRules }> {
      const [{ game: row }, maxStake] = await Promise.all([catalogue.getGame(nodeId), findMaxStake(db, nodeId)]);
      return { name: row.name, rules: inhouseStakeRules(game, BigInt(row.minBetMinor), maxStake) };
    },

    /** GET /ops/inhouse-games: every in-house game in the catalogue with its RTP and stake rules. */
    async listGames(): Promise<OpsInhouseGame[]> {
      const maxima = await findMaxStakes(db);
      const games: OpsInhouseGame[] = [];
      for (const [nodeId, game] of Object.entries(INHOUSE_GAMES) as [string, InhouseGameKind][]) {
        const found = await catalogue.findGame(nodeId);
        if (!found) continue;
        const maxStakeSet = maxima.get(nodeId) ?? null;
        const rules = inhouseStakeRules(game, BigInt(found.game.minBetMinor), maxStakeSet);
        games.push({
          nodeId,
          name: found.game.name,
          game,
          status: found.game.status,
          rtp: inhouseRtp(game),
          minStakeMinor: rules.min.toString(),
          maxStakeMinor: rules.max.toString(),
          stakeStepMinor: rules.step.toString(),
          maxStakeSetMinor: maxStakeSet?.toString() ?? null,
        });
      }
      return games;
    },

    /**
     * PUT /ops/inhouse-games/:nodeId/settings: the game's maximum stake, at least its minimum, at
     * most the house limit, a whole step. Refused (400, nothing written) otherwise; the change and
     * its audit entry (before and after) commit together.
     */
    async setGameSettings(
      actor: InhouseActor,
      nodeId: string,
      { maxStakeMinor, reason }: InhouseGameSettingsBody,
    ): Promise<InhouseGameSettingsChange> {
      const game = requireInhouseGame(nodeId);
      const found = await catalogue.findGame(nodeId);
      if (!found) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such in-house game', { nodeId });
      const max = BigInt(maxStakeMinor);
      const rules = inhouseStakeRules(game, BigInt(found.game.minBetMinor), null);
      const problem = findMaxStakeProblem(max, rules);
      if (problem) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, `maxStakeMinor: ${problem}`, {
          fields: [{ field: 'body.maxStakeMinor', message: problem }],
          minStakeMinor: rules.min.toString(),
          stakeStepMinor: rules.step.toString(),
          limitMinor: INHOUSE_MAX_STAKE_MINOR.toString(),
        });
      }
      return db.transaction().execute(async (t) => {
        const before = await findMaxStake(t, nodeId, { lock: true });
        await upsertMaxStake(t, nodeId, max);
        const change = {
          nodeId,
          before: { maxStakeMinor: before?.toString() ?? null },
          after: { maxStakeMinor: max.toString() },
        };
        await audit.record(t, {
          ...actor,
          action: 'inhouse_game.settings',
          subjectType: 'game',
          subjectId: nodeId,
          reason,
          before: change.before,
          after: change.after,
        });
        return change;
      });
    },
  };
}

export type InhouseSettings = ReturnType<typeof createInhouseSettings>;
