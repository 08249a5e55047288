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
};
