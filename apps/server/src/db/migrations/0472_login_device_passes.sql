-- A way in for accounts no login code can reach (docs/decisions.md, "Login from a new device").
--
-- While the operator asks for a code at logins from new devices, an account with neither a mobile
-- nor an e-mail (every account an agent makes in the register centre) receives no code, so it
-- could never log in by password from a new device. Its agent (the direct upline) grants a pass:
-- the next right-password login from a device not remembered, within a day, is let through once
-- and remembers that device. A pass is used by one conditional update (used_at IS NULL), so of
-- two logins at once one takes it.
CREATE TABLE login_device_passes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  -- The agent who granted it.
  granted_by bigint NOT NULL REFERENCES members (id),
  granted_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_ip text,
  CHECK (expires_at > granted_at)
);
CREATE INDEX login_device_passes_unused_idx ON login_device_passes (member_id) WHERE used_at IS NULL;

-- The back office's note under the switch counts the active accounts with no contact; this
-- partial index holds only those, so the count reads them alone, however many players there are.
CREATE INDEX members_without_contact_idx ON members (id) WHERE status = 'active' AND mobile IS NULL AND email IS NULL;
