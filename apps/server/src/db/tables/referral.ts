import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;

/** Tables owned by the referral module (migration 0282_referral.sql). */
export type ReferralTables = {
  referral_settings: {
    id: Generated<boolean>;
    enabled: boolean;
    min_first_deposit: Int8;
    min_turnover: Int8;
    within_days: number;
    reward_amount: Int8;
    updated_at: Generated<Date>;
    updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  };
  referral_invitees: {
    invitee_id: Int8;
    referrer_id: Int8;
    registered_at: Date;
    first_deposit: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
    turnover: ColumnType<string, string | bigint | undefined, string | bigint>;
    qualified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    reward: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
    grant_id: ColumnType<string | null, string | null | undefined, string | null>;
    hold_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
};
