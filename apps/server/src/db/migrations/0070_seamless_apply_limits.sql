-- seamless_apply (migration 0051) again, with the vendor-boundary rules (docs/decisions.md "The vendor boundary"):
--
-- * No sum overflows. A bet or win whose amount would carry a balance (the player's wallet, the
--   house shard) or a round total past the bigint range is refused with AMOUNT_INVALID instead
--   of failing the statement with 22003 (which the service could only answer INTERNAL_ERROR).
-- * A win is capped. The op carries winMultiple (a win pays at most that many times the
--   round's stake: accepted bets less refunds) and winMax (an absolute maximum in minor units);
--   either may be null. A win over the cap is refused with WIN_LIMIT_EXCEEDED.
-- * Both refusals are stored under the vendor transaction id, like a refused bet: a replay of the
--   same id gets the same answer (a retry could otherwise succeed once balances moved).
--
-- The checks cost no extra query on the hot path: the statement that locks the batch's accounts
-- now also reads their balances into v_bal, which each post keeps current from ledger_post's
-- answer, and the round row already read under its lock now also returns its totals. The
-- comparisons are made in numeric, which cannot overflow.
--
-- Same signature, same locking order (accounts in id order, then rounds), same answers otherwise.

CREATE OR REPLACE FUNCTION seamless_apply(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_op jsonb;
  v_kind text;
  v_vassalage text;
  v_tx text;
  v_round_id text;
  v_member bigint;
  v_amount bigint;
  v_wallet bigint;
  v_house bigint;
  v_currency text;
  v_scale integer;
  v_bet_tx text;
  v_settle boolean;
  v_existing record;
  v_round record;
  v_has_bet boolean;
  v_balance bigint;
  v_posted jsonb;
  v_ledger_tx bigint;
  v_answer jsonb;
  v_answers jsonb := '[]'::jsonb;
  -- Balances of the batch's locked accounts, by id (text), kept current after every post.
  v_bal jsonb;
  v_stake bigint;
  v_cap numeric;
BEGIN
  -- Lock every account of the batch in id order (as before), reading its balance on the way.
  SELECT coalesce(jsonb_object_agg(l.id::text, l.balance::text), '{}'::jsonb) INTO v_bal
  FROM (
    SELECT a.id, a.balance FROM ledger_accounts AS a
    WHERE a.id IN (
      SELECT (o ->> 'walletId')::bigint FROM jsonb_array_elements(p_ops) AS o
      UNION SELECT (o ->> 'houseId')::bigint FROM jsonb_array_elements(p_ops) AS o
    )
    ORDER BY a.id
    FOR UPDATE
  ) AS l;

  FOR v_op IN SELECT o FROM jsonb_array_elements(p_ops) AS o LOOP
    v_kind := v_op ->> 'op';
    v_vassalage := v_op ->> 'vassalage';
    v_tx := v_op ->> 'txId';
    v_round_id := v_op ->> 'roundId';
    v_member := (v_op ->> 'memberId')::bigint;
    v_amount := (v_op ->> 'amount')::bigint;
    v_wallet := (v_op ->> 'walletId')::bigint;
    v_house := (v_op ->> 'houseId')::bigint;
    v_currency := v_op ->> 'currency';
    v_scale := (v_op ->> 'scale')::integer;
    v_bet_tx := v_op ->> 'betTxId';
    v_settle := coalesce((v_op ->> 'settle')::boolean, false);
    v_ledger_tx := NULL;

    -- A vendor transaction id seen before (by an earlier batch, or earlier in this one).
    SELECT b.kind, b.status, b.request_hash, b.response INTO v_existing
    FROM round_bets AS b WHERE b.vassalage = v_vassalage AND b.vendor_tx_id = v_tx;
    IF FOUND THEN
      IF v_existing.kind = 'bet' AND v_existing.status = 'cancelled' AND v_kind = 'bet' THEN
        v_answer := seamless_error('BET_CANCELLED', 'This bet was rolled back before it arrived', jsonb_build_object('transactionId', v_tx));
      ELSIF v_existing.request_hash <> v_op ->> 'hash' THEN
        v_answer := seamless_error('DUPLICATE_TRANSACTION', 'This transaction id was already used for a different request', jsonb_build_object('transactionId', v_tx));
      ELSIF v_existing.response ? 'error' THEN
        v_answer := jsonb_build_object('error', v_existing.response -> 'error', 'replayed', true);
      ELSE
        v_answer := jsonb_build_object('ok', v_existing.response, 'replayed', true);
      END IF;
      v_answers := v_answers || jsonb_build_array(v_answer);
      CONTINUE;
    END IF;

    IF v_kind = 'bet' THEN
      SELECT r.id, r.member_id, r.status, r.total_bet INTO v_round
      FROM game_rounds AS r WHERE r.vassalage = v_vassalage AND r.round_id = v_round_id
      FOR UPDATE;
      IF FOUND AND v_round.member_id <> v_member THEN
        v_answers := v_answers || jsonb_build_array(seamless_error('ROUND_MISMATCH', 'This round belongs to another player', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;
      SELECT a.balance INTO v_balance FROM ledger_accounts AS a WHERE a.id = v_wallet;
      IF v_round.id IS NOT NULL AND v_round.status <> 'open' THEN
        v_answer := seamless_error('ROUND_SETTLED', 'This round is already settled', jsonb_build_object('roundId', v_round_id));
      ELSIF v_balance < v_amount THEN
        v_answer := seamless_error('INSUFFICIENT_FUNDS', 'Insufficient funds', jsonb_build_object(
          'balance', format_minor(v_balance, v_scale), 'balanceMinor', v_balance::text, 'currency', v_currency));
      ELSIF (v_bal ->> v_house::text)::numeric + v_amount > 9223372036854775807
         OR coalesce(v_round.total_bet, 0)::numeric + v_amount > 9223372036854775807 THEN
        v_answer := seamless_error('AMOUNT_INVALID', 'The amount would overflow a balance', jsonb_build_object('amountMinor', v_amount::text));
      ELSE
        v_answer := NULL;
      END IF;
      IF v_answer IS NOT NULL THEN
        -- A stored refusal: a replay gets the same refusal, even once the player has funds.
        INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, response)
        VALUES (v_vassalage, v_tx, 'bet', v_round_id, v_member, v_op ->> 'nodeId', v_amount, 'refused', v_op ->> 'hash', v_answer)
        ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
        END IF;
        v_answers := v_answers || jsonb_build_array(v_answer || jsonb_build_object('replayed', false));
        CONTINUE;
      END IF;

      v_posted := ledger_post('bet', 'seamless:' || v_vassalage || ':' || v_tx, v_op ->> 'hash', 'round:' || v_vassalage || ':' || v_round_id,
        jsonb_build_object('memberId', v_member::text, 'vassalage', v_vassalage, 'roundId', v_round_id, 'gameId', v_op ->> 'nodeId'),
        ARRAY[v_wallet, v_house], ARRAY[-v_amount, v_amount]);
      IF v_posted ->> 'status' = 'conflict' THEN
        RAISE EXCEPTION 'seamless: ledger key of % taken by another request', v_tx USING ERRCODE = 'LE004';
      END IF;
      v_ledger_tx := (v_posted ->> 'transactionId')::bigint;
      v_bal := v_bal || (v_posted -> 'result' -> 'balances');
      v_balance := (v_posted -> 'result' -> 'balances' ->> v_wallet::text)::bigint;
      v_answer := jsonb_build_object('playerId', v_member::text, 'currency', v_currency, 'balance', format_minor(v_balance, v_scale),
        'balanceMinor', v_balance::text, 'transactionId', v_ledger_tx::text, 'roundStatus', 'open');

      INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, ledger_transaction_id, response)
      VALUES (v_vassalage, v_tx, 'bet', v_round_id, v_member, v_op ->> 'nodeId', v_amount, 'accepted', v_op ->> 'hash', v_ledger_tx, v_answer)
      ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
      END IF;
      IF v_round.id IS NOT NULL THEN
        UPDATE game_rounds SET total_bet = total_bet + v_amount, updated_at = now() WHERE id = v_round.id;
      ELSE
        INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, total_bet)
        VALUES (v_vassalage, v_round_id, v_member, v_op ->> 'nodeId', v_currency, v_amount)
        ON CONFLICT (vassalage, round_id) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seamless: round % created concurrently', v_round_id USING ERRCODE = 'LE004';
        END IF;
      END IF;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('ok', v_answer, 'replayed', false));

    ELSIF v_kind = 'win' THEN
      -- Refusals for a missing bet, another player's or a settled round are not stored: the
      -- win may be retried once its bet exists.
      SELECT r.id, r.member_id, r.status, r.node_id, r.total_bet, r.total_win, r.total_refund INTO v_round
      FROM game_rounds AS r WHERE r.vassalage = v_vassalage AND r.round_id = v_round_id
      FOR UPDATE;
      IF NOT FOUND THEN
        v_answers := v_answers || jsonb_build_array(seamless_error('BET_NOT_FOUND', 'No bet for this win', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;
      IF v_round.member_id <> v_member THEN
        v_answers := v_answers || jsonb_build_array(seamless_error('ROUND_MISMATCH', 'This round belongs to another player', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;
      SELECT EXISTS (
        SELECT 1 FROM round_bets AS b
        WHERE b.vassalage = v_vassalage AND b.round_id = v_round_id AND b.kind = 'bet' AND b.status = 'accepted'
          AND (v_bet_tx IS NULL OR b.vendor_tx_id = v_bet_tx)
      ) INTO v_has_bet;
      IF NOT v_has_bet THEN
        v_answers := v_answers || jsonb_build_array(seamless_error('BET_NOT_FOUND', 'No accepted bet for this win',
          jsonb_build_object('roundId', v_round_id, 'betTransactionId', v_bet_tx)));
        CONTINUE;
      END IF;
      IF v_round.status <> 'open' THEN
        v_answers := v_answers || jsonb_build_array(seamless_error('ROUND_SETTLED', 'This round is already settled', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;

      -- The cap and the overflow guard: refusals that are stored, so a replay gets the same one.
      v_stake := v_round.total_bet - v_round.total_refund;
      -- least() skips nulls: the cap is whichever bounds are configured.
      v_cap := least((v_op ->> 'winMultiple')::numeric * v_stake, (v_op ->> 'winMax')::numeric);
      IF v_amount > 0 AND v_cap IS NOT NULL AND v_amount > v_cap THEN
        v_answer := seamless_error('WIN_LIMIT_EXCEEDED', 'This win is above the maximum for the round', jsonb_build_object(
          'roundId', v_round_id, 'maxWin', format_minor(v_cap::bigint, v_scale), 'maxWinMinor', v_cap::text));
      ELSIF (v_bal ->> v_wallet::text)::numeric + v_amount > 9223372036854775807
         OR (v_bal ->> v_house::text)::numeric - v_amount < -9223372036854775808
         OR v_round.total_win::numeric + v_amount > 9223372036854775807 THEN
        v_answer := seamless_error('AMOUNT_INVALID', 'The amount would overflow a balance', jsonb_build_object('amountMinor', v_amount::text));
      ELSE
        v_answer := NULL;
      END IF;
      IF v_answer IS NOT NULL THEN
        INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status, request_hash, response)
        VALUES (v_vassalage, v_tx, 'win', v_round_id, v_member, '', v_amount, v_bet_tx, 'refused', v_op ->> 'hash', v_answer)
        ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
        END IF;
        v_answers := v_answers || jsonb_build_array(v_answer || jsonb_build_object('replayed', false));
        CONTINUE;
      END IF;

      IF v_amount > 0 THEN
        v_posted := ledger_post('win', 'seamless:' || v_vassalage || ':' || v_tx, v_op ->> 'hash', 'round:' || v_vassalage || ':' || v_round_id,
          jsonb_build_object('memberId', v_member::text, 'vassalage', v_vassalage, 'roundId', v_round_id, 'gameId', v_round.node_id),
          ARRAY[v_house, v_wallet], ARRAY[-v_amount, v_amount]);
        IF v_posted ->> 'status' = 'conflict' THEN
          RAISE EXCEPTION 'seamless: ledger key of % taken by another request', v_tx USING ERRCODE = 'LE004';
        END IF;
        v_ledger_tx := (v_posted ->> 'transactionId')::bigint;
        v_bal := v_bal || (v_posted -> 'result' -> 'balances');
        v_balance := (v_posted -> 'result' -> 'balances' ->> v_wallet::text)::bigint;
      ELSE
        SELECT a.balance INTO v_balance FROM ledger_accounts AS a WHERE a.id = v_wallet;
      END IF;
      v_answer := jsonb_build_object('playerId', v_member::text, 'currency', v_currency, 'balance', format_minor(v_balance, v_scale),
        'balanceMinor', v_balance::text, 'transactionId', v_ledger_tx::text, 'roundStatus', CASE WHEN v_settle THEN 'settled' ELSE 'open' END);

      INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status, request_hash, ledger_transaction_id, response)
      VALUES (v_vassalage, v_tx, 'win', v_round_id, v_member, '', v_amount, v_bet_tx, 'done', v_op ->> 'hash', v_ledger_tx, v_answer)
      ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
      END IF;
      UPDATE game_rounds SET total_win = total_win + v_amount, updated_at = now(),
        status = CASE WHEN v_settle THEN 'settled' ELSE status END,
        settled_at = CASE WHEN v_settle THEN now() ELSE settled_at END
      WHERE id = v_round.id;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('ok', v_answer, 'replayed', false));

    ELSE
      RAISE EXCEPTION 'seamless_apply: unknown op %', v_kind;
    END IF;
  END LOOP;
  RETURN v_answers;
END;
$$;
