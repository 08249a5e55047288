import type { ColumnType, Generated } from 'kysely';
import type { RgLimitKind } from '@wps/shared/schemas/responsible-gaming';

/** bigint columns come back as strings from both drivers. */
type Int8 = ColumnType<string, string | bigint, string | bigint>;
type NullableInt8 = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;

export type RgExclusionKind = 'time_out' | 'self_exclusion';
export type RgBlockReason = 'session_limit' | 'daily_limit';

/** Responsible gambling (migration 0330; docs/compliance.md "Responsible gambling"). */
export type ResponsibleGamingTables = {
  rg_players: {
    member_id: Int8;
    reality_check_minutes: number | null;
    blocked_until: Date | null;
    blocked_reason: RgBlockReason | null;
    updated_at: Generated<Date>;
  };
  rg_limits: {
    member_id: Int8;
    kind: RgLimitKind;
    value: NullableInt8;
    pending_value: NullableInt8;
    pending_remove: Generated<boolean>;
    pending_requested_at: Date | null;
    pending_effective_at: Date | null;
    updated_at: Generated<Date>;
  };
  rg_history: {
    id: ColumnType<string, never, never>;
    member_id: Int8;
    kind: string;
    action: string;
    before_value: string | null;
    after_value: string | null;
    actor_type: 'member' | 'operator' | 'system';
    actor_id: string | null;
    at: Date;
  };
  rg_exclusions: {
    id: ColumnType<string, never, never>;
    member_id: Int8;
    kind: RgExclusionKind;
    starts_at: Date;
    ends_at: Date | null;
    reopen_requested_at: Date | null;
    cooling_off_until: Date | null;
    ended_at: Date | null;
    email_hash: string | null;
    phone_hash: string | null;
    cpf_hash: string | null;
  };
  rg_secrets: {
    id: number;
    secret: string;
  };
};
