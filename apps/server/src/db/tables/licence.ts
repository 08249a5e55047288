import type { ColumnType, Generated } from 'kysely';
import type { JurisdictionProfile } from '@wps/shared/licence';

type Int8 = ColumnType<string, string | bigint, string | bigint>;
type NullableInt8 = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export type LicenceChangeStatus = 'pending' | 'applied' | 'rejected' | 'refused';

/** Tables owned by the licence module (migrations 0560_operator_licence.sql and 0692_licence_chosen.sql). */
export type LicenceTables = {
  operator_licence: {
    singleton: Generated<boolean>;
    profile: JurisdictionProfile;
    changed_at: ColumnType<Date, Date | undefined, Date>;
    changed_by: NullableInt8;
    /** When a switch or the console last chose the profile; null: the migration's default (0692). */
    chosen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  };
  licence_changes: {
    id: Generated<string>;
    profile_from: JurisdictionProfile;
    profile_to: JurisdictionProfile;
    reason: string;
    status: LicenceChangeStatus;
    requested_by: Int8;
    requested_at: Generated<Date>;
    decided_by: NullableInt8;
    decided_at: NullableTimestamp;
    decision_reason: NullableText;
    blockers: ColumnType<unknown, string | undefined, string>;
  };
};
