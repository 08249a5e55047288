import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { CatalogueStatus } from '@wps/shared/schemas/catalogue';
import { INHOUSE_GAMES, INHOUSE_MAX_STAKE_MINOR, type InhouseGameKind } from '@wps/shared/schemas/inhouse';
import {
  INHOUSE_MAX_PAYOUT_MINOR,
  findMaxStakeProblem,
  hasOperatorRtp,
  inhouseRtp,
  inhouseRtpBps,
  inhouseStakeRules,
  type InhouseGameSettingsBody,
  type InhouseGameSettingsChange,
  type InhouseStakeRules,
  type InhouseStoredSettings,
  type OpsInhouseGame,
} from '@wps/shared/schemas/inhouse-settings';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import {
  findAllGameSettings,
  findGameSettings,
  upsertGameSettings,
  type StoredGameSettings,
} from './inhouse-settings.repository';

/** A catalogue game as the in-house games read it: name, status and minimum bet. */
type CatalogueGame = { nodeId: string; name: string; minBetMinor: bigint | string; status: CatalogueStatus };

/** What the in-house games need from the catalogue: a game a player may open now, and a game whatever its status. */
export type InhouseCataloguePort = {
  /** Throws GAME_NOT_FOUND, VENDOR_MAINTENANCE or GAME_MAINTENANCE. */
  getGame(nodeId: string): Promise<{ game: CatalogueGame }>;
  /** Undefined when the catalogue has no such game. */
  findGame(nodeId: string): Promise<{ game: CatalogueGame } | undefined>;
  /** State an original's RTP in the catalogue, inside the settings change's transaction. */
  stateInhouseRtp(trx: Kysely<Database>, nodeId: string, rtpBps: number): Promise<void>;
  /** Games' own bonus wagering weights (the catalogue keeps them: the bonus module reads them there). */
  findWageringWeights(nodeIds: readonly string[], trx?: Kysely<Database>): Promise<Map<string, number>>;
  stateWageringWeight(trx: Kysely<Database>, nodeId: string, weightPct: number | null): Promise<void>;
};

/** Who changes a game's settings (audit log). */
export type InhouseActor = { actorType: AuditActorType; actorId: string | null };

type SettingsContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  catalogue: InhouseCataloguePort;
  /** A game's playable settings are kept in memory while it listens (none kept without it). */
  changeFeed?: Pick<ChangeFeed, 'subscribe' | 'onReset' | 'isLive' | 'announce'>;
};

/** The kind of an in-house game by its node id; GAME_NOT_FOUND for any other id. */
export function requireInhouseGame(nodeId: string): InhouseGameKind {
  const game = INHOUSE_GAMES[nodeId as keyof typeof INHOUSE_GAMES];
  if (!game) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such in-house game', { nodeId });
  return game;
}

/** What a round is placed under: the stake rules, the RTP in force and (originals) the maximum payout. */
export type PlayableGame = {
  name: string;
  rules: InhouseStakeRules;
  rtpBps: number;
  /** Null for the slot and the dice, whose stake limit bounds their payout. */
  maxPayoutMinor: bigint | null;
};

function storedView(s: StoredGameSettings, wageringWeightPct: number | null): InhouseStoredSettings {
  return {
    maxStakeMinor: s.maxStakeMinor?.toString() ?? null,
    rtpBps: s.rtpBps,
    maxPayoutMinor: s.maxPayoutMinor?.toString() ?? null,
    wageringWeightPct,
  };
}

/**
 * The in-house games' settings: the stake rules every session and round is checked against (the
 * catalogue's minimum bet, the operator's maximum), an original's RTP and maximum payout, and the
 * operator's list and change of them. The slot's and the dice's RTP is shown, never set: each has
 * one paytable and one house edge.
 */
export function createInhouseSettings({ db, audit, catalogue, changeFeed: feed }: SettingsContext) {
  // Every round placed reads its game's settings: a game, its vendor and the operator's settings
  // row, three statements. They change only by an operator's hand, so a game that is playable is
  // kept in memory while the change feed listens, and dropped on any write to the catalogue's games
  // or vendors or to inhouse_game_settings (their triggers notify wps_catalogue_change, migrations
  // 0040 and 0755), on this instance at once by the writer's announcement, on the others when the
  // notification arrives. A refusal (maintenance, disabled) is not kept: it is read again next time.
  const playable = new Map<string, PlayableGame>();
  // Bumped on every eviction, so a read that raced a change is not kept.
  let generation = 0;
  const evict = () => {
    generation++;
    playable.clear();
  };
  feed?.subscribe(CHANGE_CHANNELS.catalogueChange, evict);
  feed?.onReset(evict);

  async function readPlayableGame(nodeId: string, game: InhouseGameKind): Promise<PlayableGame> {
    const [{ game: row }, stored] = await Promise.all([catalogue.getGame(nodeId), findGameSettings(db, nodeId)]);
    return {
      name: row.name,
      rules: inhouseStakeRules(game, BigInt(row.minBetMinor), stored.maxStakeMinor),
      rtpBps: inhouseRtpBps(game, stored.rtpBps),
      maxPayoutMinor: hasOperatorRtp(game) ? (stored.maxPayoutMinor ?? INHOUSE_MAX_PAYOUT_MINOR) : null,
    };
  }

  return {
    /**
     * A game a player may open now (catalogue.getGame's refusals apply) with its name and stake
     * rules; from memory while the change feed listens. Callers must not change what it returns.
     */
    async getPlayableGame(nodeId: string, game: InhouseGameKind): Promise<PlayableGame> {
      const key = `${nodeId}:${game}`;
      const live = feed?.isLive === true;
      const kept = live ? playable.get(key) : undefined;
      if (kept) return kept;
      const started = generation;
      const read = await readPlayableGame(nodeId, game);
      if (live && feed?.isLive === true && started === generation) playable.set(key, read);
      return read;
    },

    /** GET /ops/inhouse-games: every in-house game in the catalogue with its RTP and stake rules. */
    async listGames(): Promise<Omit<OpsInhouseGame, 'needsCertificate' | 'certificate' | 'hiddenByLicence'>[]> {
      const stored = await findAllGameSettings(db);
      const weights = await catalogue.findWageringWeights(Object.keys(INHOUSE_GAMES));
      const games: Omit<OpsInhouseGame, 'needsCertificate' | 'certificate' | 'hiddenByLicence'>[] = [];
      for (const [nodeId, game] of Object.entries(INHOUSE_GAMES) as [string, InhouseGameKind][]) {
        const found = await catalogue.findGame(nodeId);
        if (!found) continue;
        const set = stored.get(nodeId) ?? { maxStakeMinor: null, rtpBps: null, maxPayoutMinor: null };
        const rules = inhouseStakeRules(game, BigInt(found.game.minBetMinor), set.maxStakeMinor);
        const isOriginal = hasOperatorRtp(game);
        games.push({
          nodeId,
          name: found.game.name,
          game,
          status: found.game.status,
          rtp: inhouseRtp(game, set.rtpBps),
          minStakeMinor: rules.min.toString(),
          maxStakeMinor: rules.max.toString(),
          stakeStepMinor: rules.step.toString(),
          maxStakeSetMinor: set.maxStakeMinor?.toString() ?? null,
          isOriginal,
          rtpBps: inhouseRtpBps(game, set.rtpBps),
          rtpBpsSet: set.rtpBps,
          maxPayoutMinor: isOriginal ? (set.maxPayoutMinor ?? INHOUSE_MAX_PAYOUT_MINOR).toString() : null,
          maxPayoutSetMinor: set.maxPayoutMinor?.toString() ?? null,
          wageringWeightPct: weights.get(nodeId) ?? null,
        });
      }
      return games;
    },

    /**
     * PUT /ops/inhouse-games/:nodeId/settings: the game's maximum stake, at least its minimum, at
     * most the house limit, a whole step; for an original also its RTP and maximum payout (the
     * schema holds them to the band and the house limit; left out, the stored ones stay); for any
     * of them its bonus wagering weight (kept in the catalogue, which the bonus module reads). Refused
     * (400, nothing written) otherwise, and for the slot and the dice when they carry an RTP or a
     * maximum payout. The change and its audit entry (before and after) commit together.
     */
    async setGameSettings(
      actor: InhouseActor,
      nodeId: string,
      { maxStakeMinor, rtpBps, maxPayoutMinor, wageringWeightPct, reason }: InhouseGameSettingsBody,
    ): Promise<InhouseGameSettingsChange> {
      const game = requireInhouseGame(nodeId);
      const found = await catalogue.findGame(nodeId);
      if (!found) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such in-house game', { nodeId });
      if (!hasOperatorRtp(game) && (rtpBps !== undefined || maxPayoutMinor !== undefined)) {
        const field = rtpBps !== undefined ? 'rtpBps' : 'maxPayoutMinor';
        throw new AppError(ErrorCode.VALIDATION_FAILED, `${field}: this game's RTP and payout are fixed`, {
          fields: [{ field: `body.${field}`, message: 'fixed' }],
        });
      }
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
      const change = await db.transaction().execute(async (t) => {
        const before = await findGameSettings(t, nodeId, { lock: true });
        const weightBefore = (await catalogue.findWageringWeights([nodeId], t)).get(nodeId) ?? null;
        const weightAfter = wageringWeightPct === undefined ? weightBefore : wageringWeightPct;
        const after: StoredGameSettings = {
          maxStakeMinor: max,
          rtpBps: rtpBps ?? before.rtpBps,
          maxPayoutMinor: maxPayoutMinor === undefined ? before.maxPayoutMinor : BigInt(maxPayoutMinor),
        };
        await upsertGameSettings(t, nodeId, after);
        if (after.rtpBps !== null && after.rtpBps !== before.rtpBps)
          await catalogue.stateInhouseRtp(t, nodeId, after.rtpBps);
        if (weightAfter !== weightBefore) await catalogue.stateWageringWeight(t, nodeId, weightAfter);
        const change = {
          nodeId,
          before: storedView(before, weightBefore),
          after: storedView(after, weightAfter),
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
      // This instance's next round sees the change at once; the others when the trigger's
      // notification arrives (migration 0755).
      feed?.announce(CHANGE_CHANNELS.catalogueChange, 'inhouse_game_settings');
      return change;
    },
  };
}

export type InhouseSettings = ReturnType<typeof createInhouseSettings>;
