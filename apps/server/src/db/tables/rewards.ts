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
  reward_settings: {
    id: ColumnType<boolean, never, never>;
    time_zone: string;
    updated_at: ColumnType<Date, never, Date>;
    updated_by: string | null;
  };
  reward_rules: {
    id: GeneratedInt8;
    name: string;
    promotion_id: string | null;
    status: ColumnType<string, string | undefined, string>;
    trigger: string;
    conditions: JSONColumnType<Record<string, unknown>, string, string>;
    reward: JSONColumnType<Record<string, unknown>, string, string>;
    delivery: string;
    starts_at: Date | null;
    ends_at: Date | null;
    per_player_cap: number | null;
    cap_period: string;
    total_cap_count: number | null;
    total_cap_amount: string | null;
    granted_count: ColumnType<number, never, number>;
    granted_amount: ColumnType<string, never, string>;
    version: ColumnType<number, never, number>;
    created_by: string;
    created_at: Generated<Date>;
    updated_at: ColumnType<Date, never, Date>;
  };
  reward_rule_usage: {
    rule_id: string;
    member_id: string;
    period_key: string;
    grants: number;
  };
  reward_grants: {
    id: GeneratedInt8;
    member_id: string;
    kind: string;
    amount: string;
    currency: string;
    source: string;
    source_ref: string;
    key: string;
    params: JSONColumnType<Record<string, unknown>, string, string>;
    title: JSONColumnType<{ PT: string; EN: string } | null, string | null, string | null>;
    status: string;
    hold_reason: string | null;
    claim_until: Date | null;
    created_at: Generated<Date>;
    paid_at: Date | null;
    resolved_at: Date | null;
    resolved_by: string | null;
    resolve_reason: string | null;
    /** A release waiting for a second operator (migration 0520): who asked, when, the thresholds passed, why. */
    release_asked_by: ColumnType<string | null, string | null | undefined, string | null>;
    release_asked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    release_wait_reasons: ColumnType<string[], string[] | undefined, string[]>;
    release_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  reward_member_totals: {
    member_id: string;
    day: ColumnType<string, string, string>;
    metric: string;
    amount: string;
  };
};
