import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;

/** Tables owned by the rebate module (migrations 0281_rebate.sql, 0495_rebate_rate_versions.sql, 0540_rate_setup_approvals.sql). */
export type RebateTables = {
  rebate_settings: {
    id: Generated<boolean>;
    enabled: boolean;
    period: 'daily' | 'weekly';
    mode: 'claim' | 'auto';
    rates: JSONColumnType<Record<string, number>, string, string>;
    updated_at: Generated<Date>;
    updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  };
  rebate_turnover: {
    member_id: Int8;
    period_key: string;
    category: string;
    period_end: Date;
    turnover: Int8;
  };
  rebate_payouts: {
    member_id: Int8;
    period_key: string;
    amount: Int8;
    lines: JSONColumnType<RebatePayoutLine[], string, string>;
    grant_id: string | null;
    paid_by: 'claim' | 'auto';
    paid_at: Generated<Date>;
  };
  /** Every change of the rates, with the moment it took effect (migration 0495); append-only. */
  rebate_rate_versions: {
    id: Generated<Int8>;
    rates: JSONColumnType<Record<string, number>, string, string>;
    effective_from: Date;
    created_by: ColumnType<string | null, string | null | undefined, string | null>;
  };
  /** A raise of the settings waiting for a second operator, or decided (migration 0540). */
  rebate_setting_changes: {
    id: Generated<string>;
    raises: JSONColumnType<RebateRaises, string, string>;
    before: JSONColumnType<Record<string, unknown>, string, string>;
    reason: string;
    status: ColumnType<RebateChangeStatus, RebateChangeStatus | undefined, RebateChangeStatus>;
    requested_by: Int8;
    requested_at: Generated<Date>;
    decided_by: ColumnType<string | null, string | null | undefined, string | null>;
    decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    decision_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  rebate_settlements: {
    period_key: string;
    payouts: number;
    settled_at: Generated<Date>;
  };
};

/** One category of a paid period, as stored with the payout. */
export type RebatePayoutLine = { category: string; turnoverMinor: string; rateBp: number; amountMinor: string };

export type RebateChangeStatus = 'pending' | 'applied' | 'rejected' | 'superseded';

/** What a waiting change raises, and only that (a key left out is left alone). */
export type RebateRaises = {
  enabled?: true;
  mode?: 'auto';
  period?: 'daily' | 'weekly';
  rates?: Record<string, number>;
};
