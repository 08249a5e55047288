import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;
type NullableInt8 = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type AdjustmentDirection = 'credit' | 'debit';
export type AdjustmentKind = 'bonus' | 'correction' | 'goodwill' | 'chargeback';
export type AdjustmentStatus = 'pending' | 'posted' | 'rejected';

/** Tables owned by the players module (back-office player administration, migration 0180_player_admin.sql). */
export type PlayersTables = {
  player_adjustments: {
    id: Generated<string>;
    member_id: Int8;
    direction: AdjustmentDirection;
    kind: AdjustmentKind;
    amount: Int8;
    currency: string;
    reason: string;
    request_key: string;
    status: AdjustmentStatus;
    threshold: Int8;
    /** Which thresholds of the operator money policy it passed when asked (migration 0450). */
    wait_reasons: ColumnType<string[], string[] | undefined, string[]>;
    requested_by: Int8;
    requested_at: Generated<Date>;
    decided_by: NullableInt8;
    decided_at: NullableTimestamp;
    decision_reason: ColumnType<string | null, string | null | undefined, string | null>;
    ledger_transaction_id: NullableInt8;
  };
};
