-- A player's national identity under a jurisdiction that asks for one (the `BR` profile:
-- packages/shared/src/jurisdiction.ts; docs/compliance.md, "Identity"). One row per member who
-- registered with one. The CPF is stored as its 11 digits and is unique: one account per CPF
-- (Law 14.790/2023 art. 22). `full_name` is the name the KYC provider read from the player's
-- document; it is the only payee name a withdrawal may carry, so a player never types it.
CREATE TABLE member_identities (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  cpf text NOT NULL CHECK (cpf ~ '^[0-9]{11}$'),
  birth_date date NOT NULL,
  full_name text CHECK (full_name IS NULL OR length(full_name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX member_identities_cpf_key ON member_identities (cpf);
