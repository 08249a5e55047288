-- A bonus's maximum stake holds per round as well as per bet. While a player holds bonus money
-- under an active bonus, seamless_apply refused a single bet above the bonus's maximum stake
-- (migration 0251), but several bets of one round each under it passed: three lottery tickets on
-- one draw (one round per player and draw, `ld-<draw>-<player>`), or several seamless bets of one
-- round, added up past the maximum. Now a bet is refused BONUS_MAX_STAKE_EXCEEDED when the round's
-- stake so far (its bets less its rolled-back bets, read under the round's row lock) plus this bet
-- passes the maximum; a single bet is the case of a new round. The refusal carries the round's
-- stake so far (`roundStake`, `roundStakeMinor`) beside the maximum, and its message speaks of the
-- round (docs/decisions.md, "Bonus money").
--
-- The check itself is in seamless_apply's next definition, migration 0497 (0251's body, whole, with
-- this change and the win branch's staking bonus): the bet's round is read with its total_refund,
-- and the bonus check adds the round's stake. One copy of the function instead of two, since
-- neither migration had been applied anywhere when they were written. A stored refusal keeps the
-- answer it was given (a replay gets it unchanged).
--
-- seamless_bet_many (migrations 0390, 0430) needs no change: it writes set-based only the bets of
-- players whose bonus account is empty (`coalesce(b.balance, 0) = 0`), to whom no maximum stake
-- applies, and hands every other bet to seamless_apply, where this check is made.

UPDATE seamless_refusals
SET message = 'This stake would take the round past the maximum allowed while a bonus is active'
WHERE reason = 'bonus_max_stake';
