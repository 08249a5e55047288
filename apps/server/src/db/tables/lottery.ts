import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string, string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type LotteryPrizeMode = 'Elott' | 'Lott' | 'SEA';
export type LotteryRegion = 'north' | 'central' | 'south';
export type LotteryResultSource = 'fair' | 'operator' | 'feed';
export type LotteryDrawStatus = 'scheduled' | 'open' | 'closed' | 'drawn' | 'settled' | 'voided';
export type LotteryTicketStatus = 'open' | 'won' | 'lost' | 'refunded' | 'refused';
export type LotteryEntryStatus = 'pending' | 'approved' | 'rejected';

/** Tables owned by the lottery module (migration 0307_lottery.sql). */
export type LotteryTables = {
  lottery_games: {
    code: string;
    name: string;
    family: string;
    prize_mode: LotteryPrizeMode;
    group_code: string;
    region: Nullable<LotteryRegion>;
    interval_seconds: Nullable<number>;
    draw_time: Nullable<string>;
    draw_zone: Nullable<string>;
    /** A changed schedule waiting for its first local day (migration 0316). */
    next_interval_seconds: Nullable<number>;
    next_draw_time: Nullable<string>;
    schedule_from: Nullable<string>;
    close_before_seconds: number;
    result_source: LotteryResultSource;
    /** The country whose official draw gives the results (a foreign lottery's draw); null for our own (migration 0610). */
    result_country: Nullable<string>;
    paytable: Json;
    limits: Json;
    status: ColumnType<'active' | 'paused', 'active' | 'paused' | undefined, 'active' | 'paused'>;
    sort_order: ColumnType<number, number | undefined, number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  lottery_draws: {
    id: GeneratedInt8;
    game_code: string;
    numero: string;
    opens_at: Date;
    closes_at: Date;
    draw_at: Date;
    status: ColumnType<LotteryDrawStatus, LotteryDrawStatus | undefined, LotteryDrawStatus>;
    server_seed: Nullable<string>;
    server_seed_hash: Nullable<string>;
    result: NullableJson;
    result_entry_id: Nullable<string>;
    drawn_at: Timestamp;
    settled_at: Timestamp;
    voided_at: Timestamp;
    void_reason: Nullable<string>;
    void_request_id: Nullable<string>;
    settle_holder: Nullable<string>;
    settle_lease_until: Timestamp;
    payout_cap_minor: Nullable<string>;
    gross_payout_minor: Nullable<string>;
    ticket_count: ColumnType<number, number | undefined, number>;
    stake_minor: ColumnType<string, string | undefined, string>;
    payout_minor: ColumnType<string, string | undefined, string>;
  };
  lottery_tickets: {
    id: GeneratedInt8;
    draw_id: Int8;
    member_id: Int8;
    idempotency_key: string;
    selections: Json;
    stake_minor: Int8;
    max_payout_minor: Int8;
    odds: Json;
    payout_cap_minor: Int8;
    status: ColumnType<LotteryTicketStatus, LotteryTicketStatus | undefined, LotteryTicketStatus>;
    payout_minor: Nullable<string>;
    error_code: Nullable<string>;
    placed_at: Generated<Date>;
    settled_at: Timestamp;
  };
  lottery_exposure: {
    draw_id: Int8;
    key: string;
    payout_minor: Int8;
  };
  lottery_result_entries: {
    id: GeneratedInt8;
    draw_id: Int8;
    result: Json;
    entered_by: Int8;
    entered_at: Generated<Date>;
    status: ColumnType<LotteryEntryStatus, LotteryEntryStatus | undefined, LotteryEntryStatus>;
    reviewed_by: Nullable<string>;
    reviewed_at: Timestamp;
    reason: Nullable<string>;
  };
  lottery_void_requests: {
    id: GeneratedInt8;
    draw_id: Int8;
    reason: string;
    known_result: Json;
    requested_by: Int8;
    requested_at: Date;
    status: ColumnType<LotteryEntryStatus, LotteryEntryStatus | undefined, LotteryEntryStatus>;
    decided_by: Nullable<string>;
    decided_at: Timestamp;
    decision_reason: Nullable<string>;
  };
  lottery_favourites: {
    member_id: Int8;
    game_code: string;
    created_at: Generated<Date>;
  };
};
