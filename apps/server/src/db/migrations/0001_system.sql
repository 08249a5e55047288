-- System module: the operator's configuration and its region table.

-- One row per setting, each a typed JSON value. The server validates every value with the zod
-- schema of its key (modules/system/operator-settings.ts); a new setting is a new key with a
-- default there, so new settings need no migration.
CREATE TABLE operator_settings (
  key text PRIMARY KEY CHECK (key ~ '^[a-zA-Z][a-zA-Z0-9]*$'),
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The operator's CIDR -> country table. A caller's country is the most specific block that
-- contains its address (largest mask length).
CREATE TABLE region_cidrs (
  cidr cidr PRIMARY KEY,
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX region_cidrs_cidr_idx ON region_cidrs USING gist (cidr inet_ops);
