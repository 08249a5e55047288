import type { ColumnType, Generated } from 'kysely';

type Json<T> = ColumnType<T, string, never>;

/** Tables owned by the records module (migration 0341): the daily regulator export's runs and files. */
export type RecordsTables = {
  regulator_export_days: {
    operator_day: string;
    latest_version: ColumnType<number, number | undefined, number>;
  };
  regulator_exports: {
    id: Generated<string>;
    operator_day: string;
    version: number;
    trigger: 'schedule' | 'rerun';
    requested_by: string | null;
    reason: string | null;
    time_zone: string;
    window_start: Date;
    window_end: Date;
    format: string;
    schema_version: number;
    counts: Json<Record<string, number>>;
    totals: Json<Record<string, string>>;
    checksum: string;
    started_at: Date;
    finished_at: Generated<Date>;
  };
  regulator_export_files: {
    export_id: string;
    name: string;
    content_type: string;
    rows: number;
    bytes: number;
    sha256: string;
    content: Buffer | Uint8Array;
  };
};
