import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type GeneratedInt8 = ColumnType<string, never, never>;

/** Tables owned by the rewards module (migration 0240 onwards). */
export type RewardsTables = {
  reward_events: {
    id: GeneratedInt8;
    /** The writer's transaction id (xid8), read as text. */
    tx: ColumnType<string, never, never>;
    kind: string;
    member_id: string;
    occurred_at: Generated<Date>;
    data: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  };
  reward_event_cursors: {
    subscriber: string;
    last_tx: ColumnType<string, string | undefined, string>;
    last_id: ColumnType<string, string | undefined, string>;
    applied: ColumnType<string, string | undefined, string>;
    updated_at: Generated<Date>;
  };
  reward_event_failures: {
    subscriber: string;
    event_id: string;
    error: string;
    failed_at: Generated<Date>;
  };
};
