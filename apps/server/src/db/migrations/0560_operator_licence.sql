-- The operator's licence (modules/licence, docs/compliance.md "The licence as one policy"): which
-- jurisdiction profile the operator runs under. It was a setting of the rewards engine
-- (reward_settings.jurisdiction), read by the few modules wired to it; it is now the operator's own
-- setting, read by one port at every door. A change waits for a second operator and is audited.

-- The profile in force: one row. Every door reads it in the transaction that decides (FOR SHARE),
-- and a switch writes it under FOR UPDATE, so no decision straddles a switch.
CREATE TABLE operator_licence (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  profile text NOT NULL CHECK (profile IN ('permissive', 'BR')),
  changed_at timestamptz NOT NULL DEFAULT now(),
  -- NULL: set by the migration or the ops console, which the audit names as the actor.
  changed_by bigint REFERENCES operators (id)
);
INSERT INTO operator_licence (profile, changed_at, changed_by)
SELECT jurisdiction, updated_at, updated_by FROM reward_settings;
INSERT INTO operator_licence (profile) SELECT 'permissive' WHERE NOT EXISTS (SELECT 1 FROM operator_licence);

-- A switch asked by one operator, waiting for another, or decided. The blockers found when it was
-- asked are kept for the approver; they are found again when it is approved.
CREATE TABLE licence_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile_from text NOT NULL CHECK (profile_from IN ('permissive', 'BR')),
  profile_to text NOT NULL CHECK (profile_to IN ('permissive', 'BR')),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status text NOT NULL CHECK (status IN ('pending', 'applied', 'rejected', 'refused')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  -- What stood in the way when it was decided (refused: the switch would have broken these).
  blockers jsonb NOT NULL DEFAULT '[]'::jsonb,
  CONSTRAINT licence_changes_moves CHECK (profile_from <> profile_to),
  -- Four eyes: an applied or rejected change names its decider, never the operator who asked.
  CONSTRAINT licence_changes_four_eyes CHECK (
    (status = 'pending') = (decided_at IS NULL)
    AND (status NOT IN ('applied', 'rejected') OR (decided_by IS NOT NULL AND decided_by <> requested_by))
  )
);
-- One switch waits at a time.
CREATE UNIQUE INDEX licence_changes_one_pending ON licence_changes ((true)) WHERE status = 'pending';

ALTER TABLE reward_settings DROP COLUMN jurisdiction;
