import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;
type NullableInt8 = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export type MoneyLimitChangeStatus = 'pending' | 'applied' | 'rejected';

/** Tables owned by the operator-money module (the operator money policy, migration 0450_operator_money_policy.sql). */
export type OperatorMoneyTables = {
  operator_money_limits: {
    singleton: Generated<boolean>;
    per_request_minor: Int8;
    player_day_minor: Int8;
    operator_day_minor: Int8;
    setup_item_minor: Int8;
    setup_period_minor: Int8;
    updated_at: Generated<Date>;
  };
  operator_money_limit_changes: {
    id: Generated<string>;
    per_request_minor: NullableInt8;
    player_day_minor: NullableInt8;
    operator_day_minor: NullableInt8;
    setup_item_minor: NullableInt8;
    setup_period_minor: NullableInt8;
    before: ColumnType<unknown, string, string>;
    reason: string;
    status: MoneyLimitChangeStatus;
    requested_by: Int8;
    requested_at: Generated<Date>;
    decided_by: NullableInt8;
    decided_at: NullableTimestamp;
    decision_reason: NullableText;
  };
  operator_money_credits: {
    id: Generated<string>;
    kind: string;
    reference: string;
    member_id: Int8;
    asked_by: Int8;
    approved_by: NullableInt8;
    amount: Int8;
    decided_at: Generated<Date>;
  };
  operator_money_locks: {
    scope: 'operator' | 'player';
    subject_id: Int8;
  };
  /** Payouts (withdrawals) the policy let through: the operators' 24-hour payout totals (0511). */
  operator_money_payouts: {
    id: Generated<string>;
    kind: string;
    reference: string;
    member_id: Int8;
    asked_by: Int8;
    approved_by: NullableInt8;
    amount: Int8;
    decided_at: Generated<Date>;
  };
  /** An operator who paid out to a player they credited by hand shortly before (0511). */
  operator_money_alerts: {
    id: Generated<string>;
    kind: 'credited_then_paid_out';
    reference: string;
    member_id: Int8;
    operator_id: Int8;
    figures: ColumnType<unknown, string, never>;
    raised_at: Generated<Date>;
  };
};
