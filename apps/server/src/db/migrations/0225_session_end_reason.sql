-- Why a player's session was revoked, so the next call it makes can say why it ended ("your
-- session ended because ..."): the player signed out (in another tab sharing the token), the
-- password was changed or reset, an operator ended it, or the account was disabled. Expiry
-- (idle or absolute) needs no column: the session's own times tell it. Null on sessions revoked
-- before this column existed.
ALTER TABLE member_sessions
  ADD COLUMN revoke_reason text CHECK (revoke_reason IN ('logged_out', 'password_changed', 'operator', 'account_disabled'));
