-- The database's functions now live one per file in the module that owns them
-- (apps/server/src/modules/<owner>/sql/<name>.sql). After the numbered migrations, the runner
-- (db/function-files.ts) applies each file whose text changed since it was last applied; this
-- table records, per function, the checksum (sha256 of the file's text) of what was applied.
CREATE TABLE schema_functions (
  name text PRIMARY KEY,
  checksum text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
