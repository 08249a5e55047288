-- bonus_active_id: The member's active bonus, if any.
-- Owner: bonus (reads only bonus tables).
--
-- As migration 0496_bonus_round_owner explained it:
-- The player's active bonus, if any (one at most: bonuses_one_active_idx).
CREATE OR REPLACE FUNCTION bonus_active_id(p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT b.id FROM bonuses AS b WHERE b.member_id = p_member AND b.status = 'active';
$$;
