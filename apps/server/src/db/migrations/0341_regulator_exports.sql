-- The daily regulator export (docs/compliance.md, "Records, audit and reports"): for each operator
-- day, the files of bets, bettors, wallets and transactions, stored with their SHA-256. A day's
-- export is written in one transaction with its files (and, for the scheduled run, the job's
-- completion mark), so a run is either whole or absent. A re-run is a new version beside the old
-- one; the day row is locked (NOWAIT) by a run, so two runs of one day never overlap.
CREATE TABLE regulator_export_days (
  operator_day date PRIMARY KEY,
  latest_version integer NOT NULL DEFAULT 0
);

CREATE TABLE regulator_exports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_day date NOT NULL REFERENCES regulator_export_days (operator_day),
  version integer NOT NULL CHECK (version > 0),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'rerun')),
  requested_by text,
  reason text,
  time_zone text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  format text NOT NULL,
  schema_version integer NOT NULL,
  counts jsonb NOT NULL,
  totals jsonb NOT NULL,
  checksum text NOT NULL CHECK (checksum ~ '^[0-9a-f]{64}$'),
  started_at timestamptz NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (operator_day, version)
);
-- The schedule exports a day once; only an operator's re-run adds versions.
CREATE UNIQUE INDEX regulator_exports_scheduled_once ON regulator_exports (operator_day) WHERE trigger = 'schedule';

CREATE TABLE regulator_export_files (
  export_id bigint NOT NULL REFERENCES regulator_exports (id),
  name text NOT NULL,
  content_type text NOT NULL,
  rows integer NOT NULL,
  bytes integer NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  PRIMARY KEY (export_id, name)
);

-- Records are kept (Law 14.790/2023, SPA/MF 722/2024: at least five years): nothing deletes them.
CREATE FUNCTION regulator_exports_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% rejected)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER regulator_exports_no_change BEFORE UPDATE OR DELETE ON regulator_exports
  FOR EACH ROW EXECUTE FUNCTION regulator_exports_reject_change();
CREATE TRIGGER regulator_export_files_no_change BEFORE UPDATE OR DELETE ON regulator_export_files
  FOR EACH ROW EXECUTE FUNCTION regulator_exports_reject_change();
