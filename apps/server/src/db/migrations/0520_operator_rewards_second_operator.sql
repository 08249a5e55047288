-- Rewards an operator decides directly go through the operator money policy (docs/decisions.md,
-- "Rewards decided by an operator and the operator money policy"): a bonus an operator gives, the
-- approval of a promotion application that pays money, and the release of a held grant of money.
-- Above one of the policy's thresholds nothing is paid: the payment waits, with the operator who
-- asked, when and which thresholds it passed, until an operator other than the asker approves it.

-- Every bonus an operator gives is a request first (the path's own row, inserted before the
-- policy decides, so a repeated request waits on the first and answers it): 'granted' with its
-- grant at once or after the second operator's approval, 'waiting' for that approval, or
-- 'rejected' by the second operator.
CREATE TABLE bonus_grant_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  -- The bonus's own settings as the grant's params (wagering multiple, expiry, caps).
  params jsonb NOT NULL DEFAULT '{}',
  reason text NOT NULL,
  request_key text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('waiting', 'granted', 'rejected')),
  wait_reasons text[] NOT NULL DEFAULT '{}'
    CHECK (wait_reasons <@ ARRAY['per_request', 'player_day', 'operator_day']::text[]),
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text,
  grant_id bigint,
  CHECK ((status = 'granted') = (grant_id IS NOT NULL)),
  CHECK ((status = 'waiting') = (decided_at IS NULL AND grant_id IS NULL)),
  -- Four eyes in the table too: the operator who asked never decides.
  CONSTRAINT bonus_grant_requests_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX bonus_grant_requests_waiting_idx ON bonus_grant_requests (id) WHERE status = 'waiting';

-- An application approved above a threshold stays 'applying' (the player reads it as still under
-- review) with the first approval's operator; the second operator's approval issues the grant and
-- `approved_by` names them (`reviewed_by` stays the asker).
ALTER TABLE promo_applications
  ADD COLUMN approval_asked_by bigint REFERENCES operators (id),
  ADD COLUMN approval_asked_at timestamptz,
  ADD COLUMN approval_wait_reasons text[] NOT NULL DEFAULT '{}'
    CHECK (approval_wait_reasons <@ ARRAY['per_request', 'player_day', 'operator_day']::text[]),
  ADD COLUMN approval_reason text,
  -- The reward as the asker approved it: the second operator pays this, not a setting changed since.
  ADD COLUMN approval_reward_kind text,
  ADD COLUMN approval_reward_amount bigint CHECK (approval_reward_amount > 0),
  ADD COLUMN approved_by bigint REFERENCES operators (id),
  ADD CONSTRAINT promo_applications_approval_asked
    CHECK ((approval_asked_by IS NULL) = (approval_asked_at IS NULL)),
  ADD CONSTRAINT promo_applications_approval_four_eyes
    CHECK (approved_by IS NULL OR approved_by <> approval_asked_by);

-- A release above a threshold leaves the grant 'held' with the operator who asked; the second
-- operator's approval pays it (`resolved_by` names the approver then). A rejection moves no money,
-- so the asker may still turn the grant down.
ALTER TABLE reward_grants
  ADD COLUMN release_asked_by bigint REFERENCES operators (id),
  ADD COLUMN release_asked_at timestamptz,
  ADD COLUMN release_wait_reasons text[] NOT NULL DEFAULT '{}'
    CHECK (release_wait_reasons <@ ARRAY['per_request', 'player_day', 'operator_day']::text[]),
  ADD COLUMN release_reason text,
  ADD CONSTRAINT reward_grants_release_asked
    CHECK ((release_asked_by IS NULL) = (release_asked_at IS NULL)),
  ADD CONSTRAINT reward_grants_release_four_eyes
    CHECK (status <> 'paid' OR release_asked_by IS NULL OR resolved_by <> release_asked_by);
