-- bonus_takes_round_money: Whether the bonus that staked a round still runs, so its money goes to the bonus account.
-- Owner: bonus (reads only bonus tables).
--
-- As migration 0496_bonus_round_owner explained it:
-- Whether the bonus that staked a round (or a bet) still runs: the only case in which the bonus
-- part of its win or refund goes to the bonus account. False for no bonus (NULL).
CREATE OR REPLACE FUNCTION bonus_takes_round_money(p_bonus bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM bonuses AS b WHERE b.id = p_bonus AND b.status = 'active');
$$;
