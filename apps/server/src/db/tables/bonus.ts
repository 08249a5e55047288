import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type GeneratedInt8 = ColumnType<string, never, never>;
type Int8 = ColumnType<string, string, string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type BonusStatus = 'queued' | 'active' | 'converted' | 'forfeited' | 'expired' | 'cancelled';

export type BonusGrantRequestStatus = 'waiting' | 'granted' | 'rejected';

/** Tables owned by the bonus module (migration 0250). */
export type BonusTables = {
  bonus_settings: {
    id: Defaulted<boolean>;
    spend_order: Defaulted<'real_first' | 'bonus_first'>;
    contributions: JSONColumnType<Record<string, number>, string | undefined, string>;
    default_wagering_multiple: Defaulted<number>;
    default_expiry_hours: Defaulted<number>;
    default_max_stake_minor: Defaulted<string>;
    default_max_conversion_multiple: Defaulted<number>;
    updated_at: Generated<Date>;
    updated_by: Nullable<string>;
  };
  bonuses: {
    id: GeneratedInt8;
    member_id: Int8;
    grant_id: Int8;
    source: string;
    source_ref: string;
    currency: string;
    amount: Int8;
    wagering_multiple: number;
    requirement: Int8;
    wagered: Defaulted<string>;
    max_conversion: Int8;
    max_stake: Int8;
    expires_at: Date;
    status: BonusStatus;
    created_at: Generated<Date>;
    activated_at: Nullable<Date>;
    ended_at: Nullable<Date>;
    end_reason: Nullable<string>;
    ended_by: Nullable<string>;
    converted: Defaulted<string>;
    returned: Defaulted<string>;
  };
  bonus_wagers: {
    bonus_id: Int8;
    round_id: Int8;
    vassalage: string;
    category: string | null;
    turnover: Int8;
    contribution_pct: number;
    counted: Int8;
    created_at: Generated<Date>;
  };
  /** A bonus an operator gives, as the operator money policy decided it (migration 0520). */
  bonus_grant_requests: {
    id: GeneratedInt8;
    member_id: Int8;
    amount: Int8;
    currency: string;
    params: JSONColumnType<Record<string, unknown>, string, string>;
    reason: string;
    request_key: string;
    status: BonusGrantRequestStatus;
    wait_reasons: Defaulted<string[]>;
    requested_by: Int8;
    requested_at: Generated<Date>;
    decided_by: Nullable<string>;
    decided_at: Nullable<Date>;
    decision_reason: Nullable<string>;
    grant_id: Nullable<string>;
  };
};
