import type { ColumnType, Generated } from 'kysely';
import type { MonitoringOutcome, MonitoringRule } from '@wps/shared/schemas/monitoring';

type Json = ColumnType<unknown, string, string>;

/** Behaviour monitoring: the thresholds, the flags and the operators' notes (migration 0380). */
export type MonitoringTables = {
  monitoring_settings: {
    id: Generated<number>;
    settings: Json;
    updated_by: string | null;
    updated_at: Generated<Date>;
  };
  monitoring_flags: {
    id: Generated<string>;
    member_id: string;
    rule: MonitoringRule;
    period_key: string;
    window_start: Date;
    window_end: Date;
    figures: Json;
    detected_at: Date;
    created_at: Generated<Date>;
    status: Generated<'open' | 'closed'>;
    outcome: MonitoringOutcome | null;
    closed_by: string | null;
    closed_at: Date | null;
  };
  monitoring_notes: {
    id: Generated<string>;
    flag_id: string;
    operator_id: string;
    body: string;
    created_at: Generated<Date>;
  };
};
