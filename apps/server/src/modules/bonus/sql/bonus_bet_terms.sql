-- bonus_bet_terms: The bet path's bonus questions (maximum stake, operator rules) answered in one place.
-- Owner: bonus (reads only bonus tables).
--
-- As migration 0250_bonuses explained it:
-- The bet path's questions about a player's bonus, answered in one place for the seamless wallet
-- (seamless_apply and the rollback): the active bonus's maximum stake and whether the operator
-- spends bonus money first; no row without an active bonus.
CREATE OR REPLACE FUNCTION bonus_bet_terms(p_member bigint, OUT max_stake bigint, OUT bonus_first boolean)
LANGUAGE sql STABLE AS $$
  SELECT b.max_stake, s.spend_order = 'bonus_first'
  FROM bonuses AS b CROSS JOIN bonus_settings AS s
  WHERE b.member_id = p_member AND b.status = 'active';
$$;
