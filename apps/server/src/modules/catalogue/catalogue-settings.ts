import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { GameSettingsBody, VendorSettingsBody } from '@wps/shared/schemas/catalogue';
import { INHOUSE_GAMES } from '@wps/shared/schemas/inhouse';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import {
  findWageringWeights,
  updateGameSettings,
  updateVendorSettings,
  updateWageringWeight,
  type GameSettings,
  type VendorSettings,
} from './catalogue.repository';

/** Who changes a setting (audit log); the service's CatalogueActor, restated so this file does not import the service that spreads it. */
type CatalogueActor = { actorType: AuditActorType; actorId: string | null };

type SettingsContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  /** Drop this instance's catalogue copy; other instances hear the change through the change feed. */
  evict: () => void;
};

/** The fields of `patch` that were sent, over `before`. */
function merged<T extends object>(before: T, patch: Partial<T>): T {
  return { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as T;
}

/**
 * The operator's lobby settings of vendors (section, order, hot) and games (order, hot, minimum
 * bet, stated RTP): each change locks the row, writes the fields sent and its audit entry (the settings
 * before and after, and the reason) in one transaction.
 */
export function createCatalogueSettings({ db, audit, evict }: SettingsContext) {
  return {
    /** PUT /ops/vendors/:vassalage/settings. */
    async setVendorSettings(
      actor: CatalogueActor,
      vassalage: string,
      { reason, ...patch }: VendorSettingsBody,
    ): Promise<{ id: string; before: VendorSettings; after: VendorSettings }> {
      const result = await db.transaction().execute(async (trx) => {
        const before = await updateVendorSettings(trx, vassalage, patch);
        if (!before) throw new AppError(ErrorCode.VENDOR_NOT_FOUND, 'No such game vendor', { vassalage });
        const after = merged(before, patch);
        await audit.record(trx, {
          ...actor,
          action: 'game_vendor.settings',
          subjectType: 'game_vendor',
          subjectId: vassalage,
          reason,
          before,
          after,
        });
        return { id: vassalage, before, after };
      });
      evict();
      return result;
    },

    /** PUT /ops/games/:nodeId/settings. */
    async setGameSettings(
      actor: CatalogueActor,
      nodeId: string,
      { reason, ...patch }: GameSettingsBody,
    ): Promise<{ id: string; before: GameSettings; after: GameSettings }> {
      // An in-house game's RTP is its maths (inhouseRtp, stated by the seed), not a figure to type.
      if (patch.rtpBps !== undefined && nodeId in INHOUSE_GAMES) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'rtpBps: an in-house game states the RTP of its maths', {
          fields: [{ field: 'body.rtpBps', message: 'inhouse' }],
        });
      }
      const result = await db.transaction().execute(async (trx) => {
        const before = await updateGameSettings(trx, nodeId, patch);
        if (!before) throw new AppError(ErrorCode.GAME_NOT_FOUND, 'No such game', { nodeId });
        const after = merged(before, patch);
        await audit.record(trx, {
          ...actor,
          action: 'game.settings',
          subjectType: 'game',
          subjectId: nodeId,
          reason,
          before,
          after,
        });
        return { id: nodeId, before, after };
      });
      evict();
      return result;
    },

    /**
     * State an in-house original's RTP (basis points) as the operator set it in the in-house games'
     * settings, inside that change's transaction (its audit entry is the in-house one), so the lobby
     * shows the RTP rounds are placed at.
     */
    async stateInhouseRtp(trx: Kysely<Database>, nodeId: string, rtpBps: number): Promise<void> {
      await updateGameSettings(trx, nodeId, { rtpBps });
      evict();
    },

    /**
     * Games' own bonus wagering weights (percent) by node id, read in the caller's transaction (bonus
     * wagering weighs a settled round by its game's weight, else by its category's share).
     */
    findWageringWeights(nodeIds: readonly string[], trx: Kysely<Database> = db): Promise<Map<string, number>> {
      return findWageringWeights(trx, nodeIds);
    },

    /** Set or clear (null) a game's own wagering weight inside the caller's audited transaction. */
    async stateWageringWeight(trx: Kysely<Database>, nodeId: string, weightPct: number | null): Promise<void> {
      await updateWageringWeight(trx, nodeId, weightPct);
    },
  };
}
