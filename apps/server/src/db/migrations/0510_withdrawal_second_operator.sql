-- Withdrawal approvals go through the operator money policy (docs/decisions.md, "Withdrawal
-- approvals and the operator money policy"). An approval above one of the policy's thresholds pays
-- nothing: the order stays `pending` in the queue, marked as waiting for a second operator, with
-- the operator who asked (approved first), when, and which thresholds it passed. An operator other
-- than the asker completes it; `decided_by` then names that second operator.
ALTER TABLE withdrawal_orders
  ADD COLUMN approval_asked_by bigint REFERENCES operators (id),
  ADD COLUMN approval_asked_at timestamptz,
  ADD COLUMN approval_wait_reasons text[] NOT NULL DEFAULT '{}'
    CHECK (approval_wait_reasons <@ ARRAY['per_request', 'player_day', 'operator_day']::text[]),
  ADD CONSTRAINT withdrawal_orders_approval_asked
    CHECK ((approval_asked_by IS NULL) = (approval_asked_at IS NULL)),
  -- Four eyes in the table too: the operator who asked never decides the payout.
  ADD CONSTRAINT withdrawal_orders_approval_four_eyes
    CHECK (approval_asked_by IS NULL OR decided_by IS NULL OR decided_by <> 'operator:' || approval_asked_by::text);
