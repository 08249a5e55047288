import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | null, string | null>;

export type OperatorRoleColumn = 'finance' | 'support' | 'admin' | 'marketing';
export type OperatorStatus = 'active' | 'disabled';

/** Tables of the operator, audit and messages modules (migration 0020_operators_audit_notices.sql). */
export type OperatorTables = {
  operators: {
    id: Generated<string>;
    username: string;
    password_hash: string;
    role: OperatorRoleColumn;
    status: ColumnType<OperatorStatus, OperatorStatus | undefined, OperatorStatus>;
    created_at: Timestamp;
    last_login_at: NullableTimestamp;
    /** Encrypted TOTP secret (migration 0120); null until enrolled. */
    totp_secret: string | null;
    totp_enrolled_at: NullableTimestamp;
    totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
    /** Wrong TOTP codes in a row, the last one's time and address (migration 0471). */
    totp_failures: ColumnType<number, number | undefined, number>;
    totp_failed_at: NullableTimestamp;
    totp_failed_ip: string | null;
  };
  operator_totp_enrolments: {
    id: Generated<string>;
    token_hash: string;
    operator_id: string;
    secret: string;
    created_at: Timestamp;
    expires_at: Timestamp;
    used_at: NullableTimestamp;
  };
  operator_sessions: {
    id: Generated<string>;
    token_hash: string;
    operator_id: string;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    expires_at: Timestamp;
    revoked_at: NullableTimestamp;
    ip: string | null;
    user_agent: string | null;
    /** When the session passed TOTP (migration 0120); sessions without it are refused. */
    totp_passed_at: NullableTimestamp;
  };
  audit_log: {
    id: Generated<string>;
    at: Timestamp;
    actor_type: 'operator' | 'system' | 'member';
    actor_id: string | null;
    action: string;
    subject_type: string;
    subject_id: string;
    reason: string | null;
    before: Json;
    after: Json;
  };
  member_notices: {
    id: Generated<string>;
    member_id: string;
    kind: string;
    params: JSONColumnType<Record<string, string>, string, string>;
    created_at: Timestamp;
    read_at: NullableTimestamp;
  };
};
