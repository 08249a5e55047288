-- The operator money policy (modules/operator-money, docs/decisions.md "Operator money policy"):
-- no operator pays a player alone. A payment an operator decides is asked of one policy inside
-- the transaction that moves the money. It posts at once only while it stays within the amount of
-- one request and the credits of the last 24 hours stay within the player's total and the asking
-- operator's total; otherwise it waits for a second operator.

-- The thresholds in force, in the operator's currency's minor units: one row. Lowering one writes
-- here at once; raising one waits in operator_money_limit_changes for a second operator.
CREATE TABLE operator_money_limits (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  per_request_minor bigint NOT NULL CHECK (per_request_minor >= 0),
  player_day_minor bigint NOT NULL CHECK (player_day_minor >= 0),
  operator_day_minor bigint NOT NULL CHECK (operator_day_minor >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Defaults (BRL, scale 2): R$ 1.000,00 a request (the adjustments' approval threshold until now,
-- carried over when the operator had set one), R$ 2.000,00 to one player and R$ 5.000,00 by one
-- operator over 24 hours. The adjustments' own setting goes: one threshold, with one home.
INSERT INTO operator_money_limits (per_request_minor, player_day_minor, operator_day_minor)
SELECT
  COALESCE(
    (SELECT (value #>> '{}')::bigint FROM operator_settings
      WHERE key = 'adjustmentApprovalThresholdMinor' AND value #>> '{}' ~ '^[0-9]{1,18}$'),
    100000),
  200000,
  500000;
DELETE FROM operator_settings WHERE key = 'adjustmentApprovalThresholdMinor';

-- A raise of thresholds waiting for a second operator, or decided. It names only the thresholds
-- it raises (NULL leaves one alone), so approving it never undoes a lowering made meanwhile.
CREATE TABLE operator_money_limit_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  per_request_minor bigint CHECK (per_request_minor >= 0),
  player_day_minor bigint CHECK (player_day_minor >= 0),
  operator_day_minor bigint CHECK (operator_day_minor >= 0),
  -- The three values in force when it was asked (minor units as text), for the approver and the record.
  before jsonb NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'rejected')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  CONSTRAINT operator_money_limit_changes_raises_something
    CHECK (COALESCE(per_request_minor, player_day_minor, operator_day_minor) IS NOT NULL),
  -- Four eyes: a decided change names its decider, never the operator who asked for it.
  CONSTRAINT operator_money_limit_changes_four_eyes
    CHECK ((status = 'pending') = (decided_by IS NULL) AND (decided_by IS NULL OR decided_by <> requested_by))
);
CREATE INDEX operator_money_limit_changes_pending_idx ON operator_money_limit_changes (id) WHERE status = 'pending';

-- Each operator-decided credit that posted: what the 24-hour totals add up. Written by the policy
-- in the transaction that moves the money, so a payment that rolls back leaves no row. reference
-- is the paying path's own key (adjustment:42): a payment counts once.
CREATE TABLE operator_money_credits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{1,39}$'),
  reference text NOT NULL UNIQUE CHECK (length(reference) BETWEEN 1 AND 200),
  member_id bigint NOT NULL REFERENCES members (id),
  asked_by bigint NOT NULL REFERENCES operators (id),
  approved_by bigint REFERENCES operators (id),
  amount bigint NOT NULL CHECK (amount > 0),
  decided_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operator_money_credits_four_eyes CHECK (approved_by IS NULL OR approved_by <> asked_by)
);
CREATE INDEX operator_money_credits_member_idx ON operator_money_credits (member_id, decided_at);
CREATE INDEX operator_money_credits_operator_idx ON operator_money_credits (asked_by, decided_at);

-- One row per operator and per player the policy decides for. A decision locks the asking
-- operator's row, then the player's (the primary key's order), before it sums their credits: two
-- decisions for the same operator or player wait for each other, and the second sums the first's
-- credit. Rows are made on first use and never deleted.
CREATE TABLE operator_money_locks (
  scope text NOT NULL CHECK (scope IN ('operator', 'player')),
  subject_id bigint NOT NULL,
  PRIMARY KEY (scope, subject_id)
);

-- Which thresholds a waiting adjustment passed when it was asked (the approver sees why).
ALTER TABLE player_adjustments ADD COLUMN wait_reasons text[] NOT NULL DEFAULT '{}'
  CHECK (wait_reasons <@ ARRAY['per_request', 'player_day', 'operator_day']::text[]);
