-- bonus_stamp_staking_bonus: Stamps a round or bet with the player's active bonus when it is staked, so its win or refund returns to the right account.
-- Owner: gateway (a BEFORE trigger on the gateway's round_bets and game_rounds that only sets columns of the row it reacts to (it reads the bonus through bonus_active_id)).
--
-- As migration 0496_bonus_round_owner explained it:

-- requires: bonus_active_id
CREATE OR REPLACE FUNCTION bonus_stamp_staking_bonus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.bonus_id := bonus_active_id(NEW.member_id);
  RETURN NEW;
END;
$$;
