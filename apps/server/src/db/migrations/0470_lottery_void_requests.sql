-- A void once the result is known needs a second operator (docs/lottery.md, "Voiding").
--
-- Before the result is known (no result typed in, the draw not drawn) a void refunds a draw
-- nobody can yet call a loss, so one operator may do it. Once a result is known, a void is a way
-- to refund the stakes of a draw the house lost: the operator who asks is recorded with the known
-- result, and the draw is voided only when a different operator approves, like a typed-in result
-- (lottery_result_entries) and an adjustment above the threshold (player_adjustments).

CREATE TABLE lottery_void_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  draw_id bigint NOT NULL REFERENCES lottery_draws (id),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  -- The result known when the void was asked for: the draw's own, or the latest typed-in entry.
  known_result jsonb NOT NULL,
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  -- Four eyes: the requester never decides their own request, and a decision names its operator.
  CONSTRAINT lottery_void_requests_four_eyes CHECK (
    status = 'pending' AND decided_by IS NULL
    OR status <> 'pending' AND decided_by IS NOT NULL AND decided_by <> requested_by)
);
CREATE UNIQUE INDEX lottery_void_requests_pending_idx ON lottery_void_requests (draw_id) WHERE status = 'pending';

-- The waiting request on the draw's own row: while it is set the clock does not take the draw to
-- settle, so the draw is still voidable when the second operator approves. On the row (not looked
-- up in the table above) so that taking the settle lease and asking for a void order on the row
-- lock: the later of the two re-reads the row and sees the other.
ALTER TABLE lottery_draws ADD COLUMN void_request_id bigint REFERENCES lottery_void_requests (id);
