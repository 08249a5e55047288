-- Anti-money-laundering basics (docs/compliance.md, "Anti-money laundering"; Portaria SPA/MF
-- 1.143/2024): politically exposed person (PEP) screening, a risk rating per player and a case
-- queue whose filed cases are reported to COAF. The PEP screening and the sending to COAF are
-- provider interfaces (modules/aml); the sandbox providers' tables are here too.

-- Each player's standing: the PEP answer last received and the rating last computed, with the
-- reasons it was computed from. A player with no row is unscreened and rated low.
CREATE TABLE aml_players (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  -- null: never answered (no CPF, or the provider could not be asked; the daily sweep asks again).
  is_pep boolean,
  pep_role text CHECK (pep_role IS NULL OR length(pep_role) <= 120),
  pep_checked_at timestamptz,
  rating text NOT NULL DEFAULT 'low' CHECK (rating IN ('low', 'medium', 'high')),
  points integer NOT NULL DEFAULT 0,
  -- [{ kind, rule, count, points, detail }]: what the rating was computed from.
  reasons jsonb NOT NULL DEFAULT '[]',
  rated_at timestamptz,
  CHECK ((is_pep IS NULL) = (pep_checked_at IS NULL))
);
CREATE INDEX aml_players_rated_idx ON aml_players (rating, member_id) WHERE rating <> 'low';

-- The case queue. Opened by the system (a PEP found, the rating turned high, an in-and-out
-- signal) or by an operator; taken for review, then dismissed, or proposed for filing by one
-- operator and approved by another (four eyes), which sends the report and records COAF's
-- protocol. The report sent is kept as it was sent (`report`).
CREATE TABLE aml_cases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  trigger text NOT NULL CHECK (trigger IN ('pep', 'high_risk', 'signal', 'operator')),
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'under_review', 'awaiting_approval', 'filed', 'dismissed')),
  summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 500),
  -- The rating's reasons when the case was opened: the evidence as it stood.
  opening_reasons jsonb NOT NULL DEFAULT '[]',
  opened_by bigint REFERENCES operators(id),
  opened_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  assignee_id bigint REFERENCES operators(id),
  narrative text CHECK (narrative IS NULL OR length(narrative) <= 4000),
  proposed_by bigint REFERENCES operators(id),
  proposed_at timestamptz,
  approved_by bigint REFERENCES operators(id),
  approved_at timestamptz,
  report jsonb,
  sender text,
  protocol text,
  filed_at timestamptz,
  dismissed_by bigint REFERENCES operators(id),
  dismissed_at timestamptz,
  dismiss_reason text CHECK (dismiss_reason IS NULL OR length(dismiss_reason) <= 500),
  -- Four eyes: whoever proposed a filing never approves it.
  CONSTRAINT aml_cases_four_eyes CHECK (approved_by IS NULL OR approved_by <> proposed_by),
  CONSTRAINT aml_cases_filed CHECK ((status = 'filed') = (protocol IS NOT NULL AND filed_at IS NOT NULL)),
  CONSTRAINT aml_cases_approved CHECK ((approved_by IS NULL) = (approved_at IS NULL) AND (approved_by IS NULL OR report IS NOT NULL)),
  CONSTRAINT aml_cases_dismissed CHECK ((status = 'dismissed') = (dismissed_at IS NOT NULL))
);
-- One live case per player and system trigger: a sweep that runs twice, or two instances, open it
-- once. Operators may open as many as they need.
CREATE UNIQUE INDEX aml_cases_one_live ON aml_cases (member_id, trigger)
  WHERE trigger <> 'operator' AND status IN ('open', 'under_review', 'awaiting_approval');
CREATE INDEX aml_cases_status_idx ON aml_cases (status, id DESC);
CREATE INDEX aml_cases_trigger_idx ON aml_cases (trigger, id DESC);
CREATE INDEX aml_cases_member_idx ON aml_cases (member_id, id DESC);

-- Operators' notes on a case, kept as written.
CREATE TABLE aml_case_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id bigint NOT NULL REFERENCES aml_cases(id),
  operator_id bigint NOT NULL REFERENCES operators(id),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX aml_case_notes_case_idx ON aml_case_notes (case_id, id);

-- The sandbox PEP provider's list: a CPF listed here is a PEP with the role given. Only the
-- sandbox reads it (modules/aml/sandbox-pep.ts); a real provider is an adapter over a PEP list.
CREATE TABLE aml_pep_sandbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cpf text NOT NULL UNIQUE CHECK (cpf ~ '^[0-9]{11}$'),
  role text NOT NULL CHECK (length(role) BETWEEN 2 AND 120),
  added_by bigint REFERENCES operators(id),
  added_at timestamptz NOT NULL DEFAULT now()
);

-- The sandbox COAF sender's received reports: one per idempotency key (the case), with the
-- protocol it answered, so a send repeated after a crash gets the same protocol.
CREATE TABLE aml_coaf_sandbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 100),
  protocol text NOT NULL UNIQUE,
  report jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
