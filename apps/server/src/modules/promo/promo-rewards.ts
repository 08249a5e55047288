import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { GrantRequest, RewardSink } from '../rewards/reward-grants.types';

/**
 * What the promo module needs of the rewards engine: issue a grant in the caller's transaction,
 * let the player claim one, and register the raffle tickets' sink. services.ts passes the engine.
 */
export type PromoRewards = {
  grants: {
    issue(trx: Kysely<Database>, request: GrantRequest): Promise<{ grantId: string; status: string; created: boolean }>;
    claim(memberId: string, grantId: string): Promise<unknown>;
  };
  registerSink(sink: RewardSink): void;
};
