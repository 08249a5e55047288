-- bonus_is_active: Whether a member has an active bonus.
-- Owner: bonus (reads only bonus tables).
--
-- As migration 0250_bonuses explained it:

CREATE OR REPLACE FUNCTION bonus_is_active(p_member bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM bonuses AS b WHERE b.member_id = p_member AND b.status = 'active');
$$;
