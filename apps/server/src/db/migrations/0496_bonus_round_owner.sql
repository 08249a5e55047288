-- Which bonus a round's bonus money belongs to (docs/decisions.md, "Bonus money", "A late win
-- goes to the bonus that staked its round"). A round staked partly with bonus money can be settled
-- after that bonus ended and another started; the bonus part of its win, or of a refund, must go
-- to the bonus that staked it while that bonus still runs, and stay with the house once it ended,
-- never to whichever bonus runs at the time. The win path asked only whether the player had an
-- active bonus (bonus_is_active, migration 0250), so a late win paid the next bonus.
--
-- Each bet that spends bonus money, and each round its first such bet stakes, now records the
-- bonus then active (`bonus_id`). The bet path holds the player's bonus account locked when it
-- writes them, and a bonus ends only under that same lock, so the bonus read is the one whose
-- money the bet spent. The rows are written by seamless_apply, seamless_bet_many and the lottery,
-- so the stamp is a trigger of the bonus module's, fired only for rows that hold bonus stake (the
-- WHEN clauses), and it reads the bonuses without locking them, as the bet path always did. No
-- foreign key: its check would lock the bonus row from the bet path.
--
-- A round keeps the bonus of its first bonus stake: a round left open across one bonus's end and
-- staked again with the next one's money is settled with the first (its bonus part kept by the
-- house), which only a vendor round open across a bonus's end can meet.
--
-- bonus_takes_round_money(bonus) is the question the win path and the rollback ask: is this the
-- bonus still running? The rollback (seamless-rollback.ts) asks it of the refunded bet's bonus.
-- seamless_apply's win branch still asks bonus_is_active(member) until its next definition reads
-- the round's bonus_id and asks this function instead.

ALTER TABLE game_rounds ADD COLUMN bonus_id bigint;
ALTER TABLE round_bets ADD COLUMN bonus_id bigint;

-- The player's active bonus, if any (one at most: bonuses_one_active_idx).
CREATE FUNCTION bonus_active_id(p_member bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT b.id FROM bonuses AS b WHERE b.member_id = p_member AND b.status = 'active';
$$;

-- Whether the bonus that staked a round (or a bet) still runs: the only case in which the bonus
-- part of its win or refund goes to the bonus account. False for no bonus (NULL).
CREATE FUNCTION bonus_takes_round_money(p_bonus bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM bonuses AS b WHERE b.id = p_bonus AND b.status = 'active');
$$;

CREATE FUNCTION bonus_stamp_staking_bonus() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.bonus_id := bonus_active_id(NEW.member_id);
  RETURN NEW;
END;
$$;
CREATE TRIGGER round_bets_staking_bonus BEFORE INSERT ON round_bets
  FOR EACH ROW WHEN (NEW.kind = 'bet' AND NEW.bonus_amount > 0)
  EXECUTE FUNCTION bonus_stamp_staking_bonus();
CREATE TRIGGER game_rounds_staking_bonus_insert BEFORE INSERT ON game_rounds
  FOR EACH ROW WHEN (NEW.bonus_bet > 0)
  EXECUTE FUNCTION bonus_stamp_staking_bonus();
CREATE TRIGGER game_rounds_staking_bonus_update BEFORE UPDATE OF bonus_bet ON game_rounds
  FOR EACH ROW WHEN (OLD.bonus_id IS NULL AND NEW.bonus_bet > OLD.bonus_bet)
  EXECUTE FUNCTION bonus_stamp_staking_bonus();

-- Rounds still open with bonus stake: the bonus that was active when the round began (its first
-- bet), the only record there is. Their bets keep no bonus: a refund of one asks the round's.
UPDATE game_rounds AS r
SET bonus_id = b.id
FROM bonuses AS b
WHERE r.status = 'open' AND r.bonus_bet > 0 AND r.bonus_id IS NULL
  AND b.member_id = r.member_id AND b.activated_at <= r.created_at
  AND (b.ended_at IS NULL OR b.ended_at > r.created_at);
