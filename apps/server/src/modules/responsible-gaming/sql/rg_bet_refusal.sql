-- rg_bet_refusal: The responsible-gaming refusal for a stake under the player's limits, or NULL.
-- Owner: responsible-gaming (answers from responsible-gaming rules; called by the seamless wallet).
--
-- As migration 0500_seamless_limits_and_paid_totals explained it:
-- The refusal for a stake of p_amount under the limits p_rg (seamless.repository.ts BetLimits), or
-- NULL. A loss limit's room is the limit less the period's net loss (stakes less wins less refunds,
-- never below zero), counting the money sent to transfer-wallet vendors and not yet back; a stake
-- that could take the loss past the limit if lost whole is refused. The caller holds the player's
-- wallet row lock.
-- requires: format_minor
-- requires: seamless_refusal
CREATE OR REPLACE FUNCTION rg_bet_refusal(p_member bigint, p_amount bigint, p_rg jsonb, p_scale integer) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_stake_max bigint := (p_rg ->> 'stakeMaxMinor')::bigint;
  v_limit record;
  v_lost numeric;
  v_room numeric;
BEGIN
  IF v_stake_max IS NOT NULL AND p_amount > v_stake_max THEN
    RETURN seamless_refusal('rg_stake_limit', jsonb_build_object(
      'limit', format_minor(v_stake_max, p_scale), 'limitMinor', v_stake_max::text));
  END IF;
  FOR v_limit IN
    SELECT l ->> 'period' AS period, (l ->> 'since')::timestamptz AS since, (l ->> 'limitMinor')::bigint AS amount
    FROM jsonb_array_elements(coalesce(p_rg -> 'loss', '[]'::jsonb)) AS l
  LOOP
    SELECT coalesce(sum(r.total_bet - r.total_win - r.total_refund), 0) INTO v_lost
    FROM game_rounds AS r WHERE r.member_id = p_member AND r.created_at >= v_limit.since;
    v_lost := v_lost + (
      SELECT coalesce(sum(CASE WHEN t.direction = 'in' THEN t.amount ELSE -t.amount END), 0)
      FROM vendor_transfers AS t
      WHERE t.member_id = p_member AND t.created_at >= v_limit.since
        AND (t.status = 'succeeded' OR (t.status = 'pending' AND t.direction = 'in')));
    v_room := v_limit.amount - greatest(v_lost, 0);
    IF p_amount > v_room THEN
      v_room := greatest(v_room, 0);
      RETURN seamless_refusal('rg_loss_limit', jsonb_build_object(
        'period', v_limit.period,
        'limit', format_minor(v_limit.amount, p_scale), 'limitMinor', v_limit.amount::text,
        'remaining', format_minor(v_room::bigint, p_scale), 'remainingMinor', v_room::bigint::text));
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
