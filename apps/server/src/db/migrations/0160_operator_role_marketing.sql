-- A fourth operator role, 'marketing' (content, promotions, rewards). What each role may do is
-- not stored: it is ROLE_PERMISSIONS in packages/shared/src/ops-permissions.ts, read by the
-- server's one access hook and by the back office.
ALTER TABLE operators DROP CONSTRAINT operators_role_check;
ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK (role IN ('admin', 'finance', 'support', 'marketing'));
