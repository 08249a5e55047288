import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GrantRequest, RewardKind, RewardSink } from '../rewards/reward-grants.types';
import { AppError } from '../../http/app-error';
import { ErrorCode } from '@wps/shared/error-codes';

/**
 * What the promo module needs of the rewards engine: issue a grant in the caller's transaction,
 * let the player claim one, and register the raffle tickets' sink. services.ts passes the engine.
 */
export type PromoRewards = {
  grants: {
    issue(trx: Kysely<Database>, request: GrantRequest): Promise<{ grantId: string; status: string; created: boolean }>;
    claim(memberId: string, grantId: string): Promise<unknown>;
    /** Whether a payer of this kind is registered (only cash is the engine's own). */
    hasSink(kind: RewardKind): boolean;
  };
  registerSink(sink: RewardSink): void;
  /** The operator's time zone, in which every reward period is cut (the rewards engine's setting). */
  timeZone(db: Kysely<Database>): Promise<string>;
};

/** Refuse a reward kind nobody pays yet (400 VALIDATION_FAILED on `field`), before anything is written. */
export function assertPayable(rewards: Pick<PromoRewards, 'grants'>, kind: RewardKind, field: string): void {
  if (!rewards.grants.hasSink(kind))
    throw new AppError(ErrorCode.VALIDATION_FAILED, `No payer for ${kind} rewards is set up`, {
      fields: [{ field, message: 'no payer for this reward kind' }],
    });
}
