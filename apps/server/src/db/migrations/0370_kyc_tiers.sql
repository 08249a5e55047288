-- Identity tiers and facial re-verification (docs/compliance.md, "KYC"; Law 14.790/2023 arts. 22
-- and 23). Until a player's identity check has passed, the player may deposit only up to a low
-- cumulative amount the operator sets; a verified player is asked again for a selfie and liveness
-- check at login on the operator's schedule, and cannot play, deposit or withdraw until it passes.

-- The operator's settings: one row. The cap is in minor units of the operator's currency (200.00
-- by default); re-verification every 30 days by default (0 turns it off).
CREATE TABLE kyc_settings (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  unverified_deposit_cap_minor bigint NOT NULL DEFAULT 20000 CHECK (unverified_deposit_cap_minor >= 0),
  reverify_days integer NOT NULL DEFAULT 30 CHECK (reverify_days BETWEEN 0 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO kyc_settings (id) VALUES (1);

-- A player's identity standing the module keeps beside its checks: the row is also the lock that
-- counts one player's deposit orders against the cap one at a time (taken after the responsible-
-- gaming module's row, before the order's). face_checked_at: the last passed face check on the
-- operator's calendar clock; reverify_due_at: set at a login that found a re-verification due,
-- cleared when one passes (the player is restricted meanwhile).
CREATE TABLE kyc_members (
  member_id bigint PRIMARY KEY REFERENCES members(id),
  face_checked_at timestamptz,
  reverify_due_at timestamptz
);
CREATE INDEX kyc_members_due_idx ON kyc_members (member_id) WHERE reverify_due_at IS NOT NULL;

-- The sandbox provider's re-verification sessions skip the document: a selfie and liveness only.
ALTER TABLE kyc_sandbox_sessions ADD COLUMN purpose text NOT NULL DEFAULT 'onboarding' CHECK (purpose IN ('onboarding', 'reverification'));
