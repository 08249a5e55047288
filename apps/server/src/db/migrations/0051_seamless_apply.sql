-- Seamless bets and wins as one server-side call that applies a whole batch of callbacks in one
-- statement (and so one commit). The service groups callbacks that arrive together (group
-- commit); each callback still gets its own answer, its own ledger transaction and its own
-- idempotency record, exactly as if it had run alone. The rules are those of docs/decisions.md
-- "Seamless callbacks: one database transaction each, first answer stored" and of seamless.service.ts.
--
-- Locks: every wallet and house account of the batch is locked first, in id order; rounds are
-- locked after that. Every other seamless path (rollback, end round) also locks its accounts
-- before its round, so no two of them wait on each other in a cycle.
--
-- A refusal is an answer, not an error: it is returned for that callback and, when a retry
-- could otherwise turn it into a success, stored like a success. Only a lost race raises
-- (SQLSTATE LE004: another transaction claimed the same vendor transaction id, round or ledger
-- key first); that rolls the whole batch back and the service runs it again, when the race is
-- visible as a replay.

-- Rounds first: with vassalage leading both this index and the unique (vassalage, vendor_tx_id)
-- one, a plan made before the table had statistics could pick this one for a lookup by
-- transaction id and then read every row of the vendor (seen as 0.3 ms per lookup and growing).
DROP INDEX round_bets_round_idx;
CREATE INDEX round_bets_round_idx ON round_bets (round_id, vassalage);

-- Minor units as a decimal string, e.g. (12345, 2) → '123.45' (as formatMinor in packages/shared).
CREATE FUNCTION format_minor(p_minor bigint, p_scale integer) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE WHEN p_minor < 0 THEN '-' ELSE '' END
    || (abs(p_minor) / (10::bigint ^ p_scale)::bigint)::text
    || CASE WHEN p_scale > 0 THEN '.' || lpad((abs(p_minor) % (10::bigint ^ p_scale)::bigint)::text, p_scale, '0') ELSE '' END
$$;

CREATE FUNCTION seamless_error(p_code text, p_message text, p_value jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('error', jsonb_build_object('errorCode', p_code, 'message', p_message, 'value', p_value))
$$;

-- p_ops: an array of callbacks, applied in order. Each is an object:
--   op        'bet' | 'win'
--   vassalage, txId, roundId, memberId, hash   (hash: of the callback's request, for replays)
--   amount    minor units as a string
--   nodeId    (bet) the game
--   betTxId   (win) the bet it pays, or null
--   settle    (win) the win closes the round
--   walletId, houseId, currency, scale   (the player's main wallet and house shard)
-- Returns an array of answers, one per callback, in order:
--   {"ok": <answer>, "replayed": bool}  or  {"error": {errorCode, message, value}, "replayed": bool}
CREATE FUNCTION seamless_apply(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
BEGIN
  PERFORM 1 FROM ledger_accounts AS a
  WHERE a.id IN (
    SELECT (o ->> 'walletId')::bigint FROM jsonb_array_elements(p_ops) AS o
    UNION SELECT (o ->> 'houseId')::bigint FROM jsonb_array_elements(p_ops) AS o
  )
  ORDER BY a.id
  FOR UPDATE;

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
      SELECT r.id, r.member_id, r.status INTO v_round
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
      -- Refusals of a win are not stored: the win may be retried once its bet exists.
      SELECT r.id, r.member_id, r.status, r.node_id INTO v_round
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

      IF v_amount > 0 THEN
        v_posted := ledger_post('win', 'seamless:' || v_vassalage || ':' || v_tx, v_op ->> 'hash', 'round:' || v_vassalage || ':' || v_round_id,
          jsonb_build_object('memberId', v_member::text, 'vassalage', v_vassalage, 'roundId', v_round_id, 'gameId', v_round.node_id),
          ARRAY[v_house, v_wallet], ARRAY[-v_amount, v_amount]);
        IF v_posted ->> 'status' = 'conflict' THEN
          RAISE EXCEPTION 'seamless: ledger key of % taken by another request', v_tx USING ERRCODE = 'LE004';
        END IF;
        v_ledger_tx := (v_posted ->> 'transactionId')::bigint;
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
