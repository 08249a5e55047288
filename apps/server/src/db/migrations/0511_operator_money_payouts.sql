-- Payouts under the operator money policy (modules/operator-money, docs/decisions.md "Withdrawal
-- approvals and the operator money policy"). A withdrawal pays the player's own money out: it is
-- not a credit into the wallet and does not count in the credit totals of 0450. What one operator
-- may let out alone is its own running total: withdrawals approved over the last 24 hours, asked
-- by that operator, held to the policy's operator threshold (the per-request threshold holds each
-- one). Written by the policy in the transaction that pays, so a payout that rolls back counts
-- nothing; reference is the paying path's key (withdrawal:42), so a payout counts once.
CREATE TABLE operator_money_payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z_]{1,39}$'),
  reference text NOT NULL UNIQUE CHECK (length(reference) BETWEEN 1 AND 200),
  member_id bigint NOT NULL REFERENCES members (id),
  asked_by bigint NOT NULL REFERENCES operators (id),
  approved_by bigint REFERENCES operators (id),
  amount bigint NOT NULL CHECK (amount > 0),
  decided_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operator_money_payouts_four_eyes CHECK (approved_by IS NULL OR approved_by <> asked_by)
);
CREATE INDEX operator_money_payouts_operator_idx ON operator_money_payouts (asked_by, decided_at);
CREATE INDEX operator_money_payouts_member_idx ON operator_money_payouts (member_id, decided_at);

-- An operator who approves a payout to a player they credited by hand within the last 7 days
-- (operator_money_credits: asked or approved by them) raises an alert: the approval still follows
-- the policy, and the back office shows the alert on the withdrawal. One per payout and operator
-- (the first approver and the second may each raise one). figures: what the credits were.
CREATE TABLE operator_money_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('credited_then_paid_out')),
  reference text NOT NULL CHECK (length(reference) BETWEEN 1 AND 200),
  member_id bigint NOT NULL REFERENCES members (id),
  operator_id bigint NOT NULL REFERENCES operators (id),
  figures jsonb NOT NULL,
  raised_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT operator_money_alerts_once UNIQUE (reference, operator_id, kind)
);
CREATE INDEX operator_money_alerts_raised_idx ON operator_money_alerts (raised_at DESC, id DESC);
