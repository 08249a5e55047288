import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What happens to a player, as the rewards engine hears it (migration 0240). The first five are
 * written by triggers in the transaction of the change; the others by the module that makes the
 * change, through `RewardEventStream.record` in its transaction.
 */
export const REWARD_EVENT_KINDS = [
  'registered',
  'login',
  'deposit_credited',
  'withdrawal_requested',
  'round_settled',
  'level_changed',
  'application_approved',
  'promotion_joined',
  'referral_qualified',
] as const;
export type RewardEventKind = (typeof REWARD_EVENT_KINDS)[number];

/**
 * One event. Amounts in `data` are minor units as decimal strings. By kind:
 * - registered: `{ type, referrerId, uplineId }`
 * - login: `{ sessionId }`
 * - deposit_credited: `{ orderId, amount, credit, currency, first }`
 * - withdrawal_requested: `{ orderId, amount, currency }`
 * - round_settled: `{ roundId, vassalage, nodeId, currency, bet, win, refund }` (turnover = bet − refund)
 * - the others: what their writer documents where it records them.
 */
export type RewardEvent = {
  id: string;
  /** The writer's transaction id (xid8 as text): the stream's order is (tx, id). */
  tx: string;
  kind: RewardEventKind;
  memberId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
};

/**
 * A consumer of the stream. `handle` runs inside the transaction that also moves the consumer's
 * place, so its writes and the move commit together: each event is applied once per consumer,
 * across restarts, a kill -9 and several instances. It must write only through `trx`.
 */
export type EventSubscriber = {
  /** Stable: the consumer's place is stored under it. */
  name: string;
  /** The kinds it wants; all when absent. */
  kinds?: readonly RewardEventKind[];
  /** Events per transaction (default 500). */
  batchSize?: number;
  /**
   * Read what `handle` needs from outside the database transaction (an in-memory copy another
   * module keeps, loaded from the database when cold). On PGlite, with its one connection, such a
   * read inside `handle` would wait for the transaction it runs in.
   */
  beforeBatch?: () => Promise<void>;
  /**
   * Work that follows a batch's commit, outside its transaction (the rules consumer pays the
   * grants its batch queued). Run after every batch attempt, also an empty one, so what a crash
   * left behind is done on the next tick; it must be safe to repeat.
   */
  afterBatch?: () => Promise<void>;
  handle(trx: Kysely<Database>, events: RewardEvent[]): Promise<void>;
};
