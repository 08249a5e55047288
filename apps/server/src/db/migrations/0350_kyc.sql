-- Identity checks (KYC) through a provider (docs/compliance.md, "KYC"; Law 14.790/2023 art. 22 and
-- SPA/MF Ordinance 1.231/2024: the operator verifies who the bettor is, by document and face,
-- before money leaves the account). A check is opened at the provider, the player does its
-- steps there (document, selfie, liveness), and the provider answers passed, failed, or review
-- (an operator decides). The name the provider read from the document is the player's payee
-- name. One check open at a time per player; every decision is kept (5 years: "Records").
CREATE TABLE kyc_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  provider text NOT NULL,
  provider_ref text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('onboarding', 'reverification')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'review', 'passed', 'failed')),
  full_name text CHECK (full_name IS NULL OR length(full_name) BETWEEN 1 AND 200),
  reason text CHECK (reason IS NULL OR length(reason) <= 500),
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT kyc_checks_decided CHECK ((status IN ('pending', 'review')) = (decided_at IS NULL)),
  UNIQUE (provider, provider_ref)
);
CREATE INDEX kyc_checks_member_idx ON kyc_checks (member_id, id DESC);
CREATE UNIQUE INDEX kyc_checks_open_key ON kyc_checks (member_id) WHERE status IN ('pending', 'review');
CREATE INDEX kyc_checks_status_idx ON kyc_checks (status, id DESC);

-- The sandbox provider's own side of a check (what a real provider keeps at home): its steps as
-- the player does them. No image is kept: the sandbox only records that a step was done.
CREATE TABLE kyc_sandbox_sessions (
  ref text PRIMARY KEY,
  return_url text NOT NULL,
  document_name text,
  selfie_done boolean NOT NULL DEFAULT false,
  liveness_done boolean NOT NULL DEFAULT false,
  outcome text CHECK (outcome IN ('passed', 'failed', 'review')),
  created_at timestamptz NOT NULL DEFAULT now()
);
