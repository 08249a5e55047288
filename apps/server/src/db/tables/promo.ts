import type { ColumnType, Generated } from 'kysely';

type GeneratedInt8 = ColumnType<string, never, never>;
type Int8 = ColumnType<string, string | bigint, string | bigint>;
type NullableInt8 = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

/** Tables owned by the promo module: promotions' activity (migration 0270) and raffles (0271). */
/** awaiting_approval: its prizes passed a set-up ceiling (migration 0501); rejected: a second operator refused it. */
export type RaffleStatus = 'awaiting_approval' | 'open' | 'drawn' | 'rejected';

export type PromoTables = {
  promo_settings: {
    promotion_id: Int8;
    mode: 'join' | 'apply' | 'auto';
    period: 'once' | 'daily' | 'weekly' | 'semimonthly' | 'monthly';
    starts_at: NullableTimestamp;
    ends_at: NullableTimestamp;
    reward_kind: ColumnType<
      'cash' | 'bonus' | 'points' | null,
      'cash' | 'bonus' | 'points' | null | undefined,
      'cash' | 'bonus' | 'points' | null
    >;
    reward_amount: NullableInt8;
    version: Generated<number>;
    updated_at: Generated<Date>;
  };
  promo_joins: {
    id: GeneratedInt8;
    promotion_id: Int8;
    member_id: Int8;
    period_key: string;
    joined_at: Generated<Date>;
  };
  /** The reward rules that pay what a promotion promises (migration 0687). */
  promo_reward_rules: {
    promotion_id: Int8;
    rule_id: Int8;
    linked_at: Generated<Date>;
  };
  promo_applications: {
    id: GeneratedInt8;
    promotion_id: Int8;
    member_id: Int8;
    period_key: string;
    comment: string;
    status: Generated<'applying' | 'approved' | 'rejected'>;
    reason: NullableText;
    reviewed_by: NullableInt8;
    reviewed_at: NullableTimestamp;
    grant_id: NullableText;
    claimed_at: NullableTimestamp;
    created_at: Generated<Date>;
    /** An approval waiting for a second operator (migration 0520): who asked, when, the thresholds passed, why. */
    approval_asked_by: Generated<string | null>;
    approval_asked_at: NullableTimestamp;
    approval_wait_reasons: Generated<string[]>;
    approval_reason: Generated<string | null>;
    approval_reward_kind: Generated<'cash' | 'bonus' | null>;
    approval_reward_amount: Generated<string | null>;
    approved_by: Generated<string | null>;
  };
  promo_application_images: {
    application_id: Int8;
    position: number;
    content_type: 'image/png' | 'image/jpeg';
    bytes: Buffer;
    size_bytes: number;
  };
  raffles: {
    id: GeneratedInt8;
    promotion_id: Int8;
    title: string;
    draw_at: Date;
    status: Generated<RaffleStatus>;
    server_seed: string;
    server_seed_hash: string;
    ticket_count: Generated<number>;
    created_by: NullableInt8;
    created_at: Generated<Date>;
    drawn_at: NullableTimestamp;
    ceiling_reasons: Generated<string[]>;
    approved_by: NullableInt8;
    approved_at: NullableTimestamp;
  };
  raffle_prizes: {
    raffle_id: Int8;
    rank: number;
    reward_kind: 'cash' | 'bonus' | 'points';
    amount: Int8;
  };
  raffle_entitlements: {
    grant_id: string;
    raffle_id: Int8;
    member_id: Int8;
    tickets: number;
    claimed_at: NullableTimestamp;
    created_at: Generated<Date>;
  };
  raffle_tickets: {
    raffle_id: Int8;
    number: number;
    member_id: Int8;
    grant_id: string;
  };
  raffle_winners: {
    raffle_id: Int8;
    rank: number;
    number: number;
    member_id: Int8;
    grant_id: string;
  };
};
