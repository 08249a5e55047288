import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * What a reward can be. Every reward a player gets, whoever decides it (a rule of the engine, a
 * mission, the rebate, a referral, a VIP level, an operator), is a grant of one of these kinds,
 * paid by the sink of its kind in the transaction that pays it.
 */
export const REWARD_KINDS = ['cash', 'bonus', 'points', 'raffle_ticket', 'mission_step'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/** Who decided a grant: its `source` and `sourceRef` (the rule id, mission id, rebate period…). */
export const GRANT_SOURCES = [
  'rule',
  'mission',
  'rebate',
  'referral',
  'vip',
  'operator',
  'raffle',
  'points_mall',
] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

/**
 * A grant's life: `queued` is paid by the engine just after its maker's transaction commits (the
 * rules consumer's grants); `issued` waits for the player's claim; `held` waits for an operator (a
 * referral that looks abused); `paid` has reached its sink; `rejected` and `expired` never will.
 */
export const GRANT_STATUSES = ['queued', 'issued', 'held', 'paid', 'rejected', 'expired'] as const;
export type GrantStatus = (typeof GRANT_STATUSES)[number];

/**
 * A grant as its sink pays it. `amount`: minor units for cash and bonus, whole points for points,
 * tickets for a raffle ticket, steps for a mission step. `params` are the reward's own settings
 * (a bonus's wagering multiple and expiry, the raffle's id, the mission's id).
 */
export type RewardGrant = {
  grantId: string;
  memberId: string;
  kind: RewardKind;
  amount: bigint;
  currency: string;
  source: GrantSource;
  sourceRef: string;
  /** Stable for this grant: the sink's ledger key is `reward:<grantId>` or built from it. */
  idempotencyKey: string;
  params: Record<string, unknown>;
};

/** Pays grants of one kind, inside the caller's transaction, exactly once per grant id. */
export type RewardSink = {
  kind: RewardKind;
  pay(trx: Db, grant: RewardGrant): Promise<void>;
};

/** What a module asks the engine to give a player. */
export type GrantRequest = {
  memberId: string;
  kind: RewardKind;
  amount: bigint;
  source: GrantSource;
  sourceRef: string;
  /** Unique per grant across every source: a second request with the same key is the same grant. */
  key: string;
  params?: Record<string, unknown>;
  /**
   * `auto`: paid now, in the caller's transaction; `queue`: paid by the engine just after the
   * caller commits, in a short transaction of its own (a caller whose transaction is long, like a
   * consumer's batch, must not hold players' wallets meanwhile); `claim`: issued and waits for the
   * player; `hold`: waits for an operator.
   */
  delivery: 'claim' | 'auto' | 'queue' | 'hold';
  /** Shown to the player in the reward centre (PT and EN). */
  title?: { PT: string; EN: string };
  /** A claimable grant not claimed by then expires. */
  claimUntil?: Date;
};
