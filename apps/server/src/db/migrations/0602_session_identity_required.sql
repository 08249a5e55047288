-- An account made before the operator switched to a licence that identifies players (BR: a CPF
-- and a date of birth) is asked for them at its next login (docs/compliance.md, "Identity"): the
-- session opens, as one whose password must change does, but answers IDENTITY_REQUIRED to every
-- call except the one that takes the CPF (POST /wps/member/identity) and logout. Set when the
-- session opens; cleared on every session of the member once the identity is written.
ALTER TABLE member_sessions ADD COLUMN identity_required boolean NOT NULL DEFAULT false;
