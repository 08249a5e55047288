-- seamless_apply: The seamless wallet's one bet, win or rollback: checks limits and bonus terms, records the round and the bet, posts its money through ledger_post and answers the vendor.
-- Owner: gateway (writes round_bets and game_rounds (gateway); money moves through the ledger's ledger_post).
--
-- As migration 0693_seamless_batch_counters explained it:
-- seamless_apply as in migration 0500, noting its round changes and counting them at the end.
--
-- Since migration 0765_monthly_partitions: a vendor's transaction or round id is claimed in its key
-- table (round_bet_keys, game_round_keys) in the statement that writes the row, and looked up
-- through it, so each lookup reads one month of the partitioned tables.
-- requires: bonus_bet_terms
-- requires: bonus_takes_round_money
-- requires: format_minor
-- requires: ledger_post
-- requires: rg_bet_refusal
-- requires: round_counters_add
-- requires: seamless_refusal
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
  -- Bonus money: the player's bonus account, its balance, the active bonus's terms, a stake's or
  -- win's split between the two accounts, and the bonus part of a win the house keeps.
  v_bonus_wallet bigint;
  v_bonus_bal bigint;
  v_max_stake bigint;
  v_round_stake bigint;
  v_bonus_first boolean;
  v_bonus_part bigint;
  v_real_part bigint;
  v_kept bigint;
  v_ids bigint[];
  v_amounts bigint[];
  v_rg_refusal jsonb;
  -- The batch's round changes, for the counters kept once per batch (this migration's header).
  v_c_member bigint[] := '{}';
  v_c_vassalage text[] := '{}';
  v_c_currency text[] := '{}';
  v_c_bet bigint[] := '{}';
  v_c_win bigint[] := '{}';
  v_c_first integer[] := '{}';
  v_settled bigint[] := '{}';
  v_settled_at timestamptz[] := '{}';
BEGIN
  -- The round triggers that keep counters stand aside while this batch writes its rounds.
  PERFORM set_config('wps.round_counters', 'batch', true);
  -- Lock every account of the batch in id order (as before), reading its balance on the way.
  SELECT coalesce(jsonb_object_agg(l.id::text, l.balance::text), '{}'::jsonb) INTO v_bal
  FROM (
    SELECT a.id, a.balance FROM ledger_accounts AS a
    WHERE a.id IN (
      SELECT (o ->> 'walletId')::bigint FROM jsonb_array_elements(p_ops) AS o
      UNION SELECT (o ->> 'houseId')::bigint FROM jsonb_array_elements(p_ops) AS o
      UNION SELECT (o ->> 'bonusWalletId')::bigint FROM jsonb_array_elements(p_ops) AS o
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
    v_bonus_wallet := (v_op ->> 'bonusWalletId')::bigint;
    v_bonus_bal := coalesce((v_bal ->> v_bonus_wallet::text)::bigint, 0);
    v_max_stake := NULL;
    v_bonus_first := false;
    v_bonus_part := 0;
    v_kept := 0;

    -- A vendor transaction id seen before (by an earlier batch, or earlier in this one).
    -- Through its key, then the one month its row is in (migration 0765).
    SELECT b.kind, b.status, b.request_hash, b.response INTO v_existing
    FROM round_bet_keys AS k
    CROSS JOIN LATERAL (SELECT x.* FROM round_bets AS x WHERE x.id = k.id AND x.created_at = k.created_at OFFSET 0) AS b
    WHERE k.vassalage = v_vassalage AND k.vendor_tx_id = v_tx;
    IF FOUND THEN
      IF v_existing.kind = 'bet' AND v_existing.status = 'cancelled' AND v_kind = 'bet' THEN
        v_answer := seamless_refusal('bet_cancelled', jsonb_build_object('transactionId', v_tx));
      ELSIF v_existing.request_hash <> v_op ->> 'hash' THEN
        v_answer := seamless_refusal('duplicate_transaction', jsonb_build_object('transactionId', v_tx));
      ELSIF v_existing.response ? 'error' THEN
        v_answer := jsonb_build_object('error', v_existing.response -> 'error', 'replayed', true);
      ELSE
        v_answer := jsonb_build_object('ok', v_existing.response, 'replayed', true);
      END IF;
      v_answers := v_answers || jsonb_build_array(v_answer);
      CONTINUE;
    END IF;

    IF v_kind = 'bet' THEN
      SELECT r.id, r.created_at, r.member_id, r.status, r.currency, r.total_bet, r.total_refund, r.refund_kept INTO v_round
      FROM game_round_keys AS k
      CROSS JOIN LATERAL (SELECT g.* FROM game_rounds AS g WHERE g.id = k.id AND g.created_at = k.created_at OFFSET 0 FOR UPDATE) AS r
      WHERE k.vassalage = v_vassalage AND k.round_id = v_round_id;
      IF FOUND AND v_round.member_id <> v_member THEN
        v_answers := v_answers || jsonb_build_array(seamless_refusal('round_mismatch', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;
      SELECT a.balance INTO v_balance FROM ledger_accounts AS a WHERE a.id = v_wallet;
      -- Bonus money is spendable only under an active bonus, whose maximum stake then applies.
      IF v_bonus_bal > 0 THEN
        SELECT t.max_stake, t.bonus_first INTO v_max_stake, v_bonus_first FROM bonus_bet_terms(v_member) AS t;
        IF v_max_stake IS NULL THEN
          v_bonus_bal := 0;
        END IF;
      END IF;
      -- The round's stake so far: its bets less what was rolled back (0 for a new round). The
      -- round's row is locked above, so two bets of one round decide one after the other.
      v_round_stake := coalesce(v_round.total_bet - v_round.total_refund - v_round.refund_kept, 0);
      v_rg_refusal := CASE WHEN v_op ? 'rg' THEN rg_bet_refusal(v_member, v_amount, v_op -> 'rg', v_scale) END;
      IF v_round.id IS NOT NULL AND v_round.status <> 'open' THEN
        v_answer := seamless_refusal('round_settled', jsonb_build_object('roundId', v_round_id));
      -- The player's own limits, decided here under the wallet's lock (this migration's header).
      ELSIF v_rg_refusal IS NOT NULL THEN
        v_answer := v_rg_refusal;
      -- The bonus's maximum stake holds per round as well as per bet: several bets of one round
      -- (a player's lottery tickets on one draw, a slot's side bets) may not add up past it.
      -- Summed as numeric: an amount near the bigint range is refused below, not overflowed here.
      ELSIF v_max_stake IS NOT NULL AND v_round_stake::numeric + v_amount > v_max_stake THEN
        v_answer := seamless_refusal('bonus_max_stake', jsonb_build_object(
          'maxStake', format_minor(v_max_stake, v_scale), 'maxStakeMinor', v_max_stake::text,
          'roundStake', format_minor(v_round_stake, v_scale), 'roundStakeMinor', v_round_stake::text,
          'currency', v_currency));
      ELSIF v_balance + v_bonus_bal < v_amount THEN
        v_answer := seamless_refusal('insufficient_funds', jsonb_build_object(
          'balance', format_minor(v_balance + v_bonus_bal, v_scale), 'balanceMinor', (v_balance + v_bonus_bal)::text, 'currency', v_currency));
      ELSIF (v_bal ->> v_house::text)::numeric + v_amount > 9223372036854775807
         OR coalesce(v_round.total_bet, 0)::numeric + v_amount > 9223372036854775807 THEN
        v_answer := seamless_refusal('amount_overflow', jsonb_build_object('amountMinor', v_amount::text));
      ELSE
        v_answer := NULL;
      END IF;
      IF v_answer IS NOT NULL THEN
        -- A stored refusal: a replay gets the same refusal, even once the player has funds.
        WITH k AS (
          INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at)
          VALUES (v_vassalage, v_tx, nextval('round_bets_id_seq'), greatest(now(), v_round.created_at))
          ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING
          RETURNING id, created_at
        )
        INSERT INTO round_bets (id, created_at, vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, response) OVERRIDING SYSTEM VALUE
        SELECT k.id, k.created_at, v_vassalage, v_tx, 'bet', v_round_id, v_member, v_op ->> 'nodeId', v_amount, 'refused', v_op ->> 'hash', v_answer FROM k;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
        END IF;
        v_answers := v_answers || jsonb_build_array(v_answer || jsonb_build_object('replayed', false));
        CONTINUE;
      END IF;

      -- The split (docs/decisions.md "Bonus money"): real money first unless the operator chose
      -- bonus first; the funds check above guarantees both parts are covered.
      IF v_bonus_bal = 0 THEN
        v_bonus_part := 0;
      ELSIF v_bonus_first THEN
        v_bonus_part := least(v_amount, v_bonus_bal);
      ELSE
        v_bonus_part := v_amount - least(v_amount, v_balance);
      END IF;
      v_real_part := v_amount - v_bonus_part;
      IF v_bonus_part = 0 THEN
        v_ids := ARRAY[v_wallet, v_house]; v_amounts := ARRAY[-v_amount, v_amount];
      ELSIF v_real_part = 0 THEN
        v_ids := ARRAY[v_bonus_wallet, v_house]; v_amounts := ARRAY[-v_amount, v_amount];
      ELSE
        v_ids := ARRAY[v_wallet, v_bonus_wallet, v_house]; v_amounts := ARRAY[-v_real_part, -v_bonus_part, v_amount];
      END IF;
      v_posted := ledger_post('bet', 'seamless:' || v_vassalage || ':' || v_tx, v_op ->> 'hash', 'round:' || v_vassalage || ':' || v_round_id,
        jsonb_build_object('memberId', v_member::text, 'vassalage', v_vassalage, 'roundId', v_round_id, 'gameId', v_op ->> 'nodeId'),
        v_ids, v_amounts);
      IF v_posted ->> 'status' = 'conflict' THEN
        RAISE EXCEPTION 'seamless: ledger key of % taken by another request', v_tx USING ERRCODE = 'LE004';
      END IF;
      v_ledger_tx := (v_posted ->> 'transactionId')::bigint;
      v_bal := v_bal || (v_posted -> 'result' -> 'balances');
      -- What the vendor sees: real money plus bonus money.
      v_balance := (v_bal ->> v_wallet::text)::bigint + coalesce((v_bal ->> v_bonus_wallet::text)::bigint, 0);
      v_answer := jsonb_build_object('playerId', v_member::text, 'currency', v_currency, 'balance', format_minor(v_balance, v_scale),
        'balanceMinor', v_balance::text, 'transactionId', v_ledger_tx::text, 'roundStatus', 'open');

      -- Dated no earlier than its round: now() is this transaction's start, and a round another
      -- transaction created (and committed) while this one waited for the wallet's lock is dated
      -- later. A win finds its bet from the round's date on (the month's partitions only).
      WITH k AS (
        INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at)
        VALUES (v_vassalage, v_tx, nextval('round_bets_id_seq'), greatest(now(), v_round.created_at))
        ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING
        RETURNING id, created_at
      )
      INSERT INTO round_bets (id, created_at, vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, ledger_transaction_id, response, bonus_amount) OVERRIDING SYSTEM VALUE
      SELECT k.id, k.created_at, v_vassalage, v_tx, 'bet', v_round_id, v_member, v_op ->> 'nodeId', v_amount, 'accepted', v_op ->> 'hash', v_ledger_tx, v_answer, v_bonus_part FROM k;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
      END IF;
      IF v_round.id IS NOT NULL THEN
        UPDATE game_rounds SET total_bet = total_bet + v_amount, bonus_bet = bonus_bet + v_bonus_part, updated_at = now()
          WHERE id = v_round.id AND created_at = v_round.created_at;
        v_c_member := v_c_member || v_member; v_c_vassalage := v_c_vassalage || v_vassalage;
        v_c_currency := v_c_currency || v_round.currency; v_c_bet := v_c_bet || v_amount; v_c_win := v_c_win || 0::bigint;
        v_c_first := v_c_first || CASE WHEN v_round.total_bet = 0 THEN 1 ELSE 0 END;
      ELSE
        WITH k AS (
          INSERT INTO game_round_keys (vassalage, round_id, id, created_at)
          VALUES (v_vassalage, v_round_id, nextval('game_rounds_id_seq'), now())
          ON CONFLICT (vassalage, round_id) DO NOTHING
          RETURNING id, created_at
        )
        INSERT INTO game_rounds (id, created_at, vassalage, round_id, member_id, node_id, currency, total_bet, bonus_bet) OVERRIDING SYSTEM VALUE
        SELECT k.id, k.created_at, v_vassalage, v_round_id, v_member, v_op ->> 'nodeId', v_currency, v_amount, v_bonus_part FROM k;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seamless: round % created concurrently', v_round_id USING ERRCODE = 'LE004';
        END IF;
        v_c_member := v_c_member || v_member; v_c_vassalage := v_c_vassalage || v_vassalage;
        v_c_currency := v_c_currency || v_currency; v_c_bet := v_c_bet || v_amount; v_c_win := v_c_win || 0::bigint;
        v_c_first := v_c_first || 1;
      END IF;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('ok', v_answer, 'replayed', false));

    ELSIF v_kind = 'win' THEN
      -- Refusals for a missing bet, another player's or a settled round are not stored: the
      -- win may be retried once its bet exists.
      SELECT r.id, r.created_at, r.member_id, r.status, r.currency, r.node_id, r.total_bet, r.total_win, r.total_refund, r.refund_kept, r.bonus_bet, r.bonus_refund, r.bonus_id INTO v_round
      FROM game_round_keys AS k
      CROSS JOIN LATERAL (SELECT g.* FROM game_rounds AS g WHERE g.id = k.id AND g.created_at = k.created_at OFFSET 0 FOR UPDATE) AS r
      WHERE k.vassalage = v_vassalage AND k.round_id = v_round_id;
      IF NOT FOUND THEN
        v_answers := v_answers || jsonb_build_array(seamless_refusal('win_without_round', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;
      IF v_round.member_id <> v_member THEN
        v_answers := v_answers || jsonb_build_array(seamless_refusal('round_mismatch', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;
      SELECT EXISTS (
        SELECT 1 FROM round_bets AS b
        WHERE b.vassalage = v_vassalage AND b.round_id = v_round_id AND b.kind = 'bet' AND b.status = 'accepted'
          AND b.created_at >= v_round.created_at
          AND (v_bet_tx IS NULL OR b.vendor_tx_id = v_bet_tx)
      ) INTO v_has_bet;
      IF NOT v_has_bet THEN
        v_answers := v_answers || jsonb_build_array(seamless_refusal('win_without_bet',
          jsonb_build_object('roundId', v_round_id, 'betTransactionId', v_bet_tx)));
        CONTINUE;
      END IF;
      IF v_round.status <> 'open' THEN
        v_answers := v_answers || jsonb_build_array(seamless_refusal('round_settled', jsonb_build_object('roundId', v_round_id)));
        CONTINUE;
      END IF;

      -- The cap and the overflow guard: refusals that are stored, so a replay gets the same one.
      -- The round's stake: its bets less every cancelled stake, refunded or kept by the house.
      v_stake := v_round.total_bet - v_round.total_refund - v_round.refund_kept;
      -- least() skips nulls: the cap is whichever bounds are configured.
      v_cap := least((v_op ->> 'winMultiple')::numeric * v_stake, (v_op ->> 'winMax')::numeric);
      IF v_amount > 0 AND v_cap IS NOT NULL AND v_amount > v_cap THEN
        v_answer := seamless_refusal('win_limit_exceeded', jsonb_build_object(
          'roundId', v_round_id, 'maxWin', format_minor(v_cap::bigint, v_scale), 'maxWinMinor', v_cap::text));
      ELSIF (v_bal ->> v_wallet::text)::numeric + v_amount > 9223372036854775807
         OR v_bonus_bal::numeric + v_amount > 9223372036854775807
         OR (v_bal ->> v_house::text)::numeric - v_amount < -9223372036854775808
         OR v_round.total_win::numeric + v_amount > 9223372036854775807 THEN
        v_answer := seamless_refusal('amount_overflow', jsonb_build_object('amountMinor', v_amount::text));
      ELSE
        v_answer := NULL;
      END IF;
      IF v_answer IS NOT NULL THEN
        WITH k AS (
          INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at)
          VALUES (v_vassalage, v_tx, nextval('round_bets_id_seq'), greatest(now(), v_round.created_at))
          ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING
          RETURNING id, created_at
        )
        INSERT INTO round_bets (id, created_at, vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status, request_hash, response) OVERRIDING SYSTEM VALUE
        SELECT k.id, k.created_at, v_vassalage, v_tx, 'win', v_round_id, v_member, '', v_amount, v_bet_tx, 'refused', v_op ->> 'hash', v_answer FROM k;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
        END IF;
        v_answers := v_answers || jsonb_build_array(v_answer || jsonb_build_object('replayed', false));
        CONTINUE;
      END IF;

      -- A round staked partly with bonus money pays its win in the same proportion as its stake
      -- (bets less refunds): the real part to the main wallet (rounded down), the rest to the
      -- bonus account while the bonus that staked the round still runs, else the house keeps it
      -- (docs/decisions.md, "Bonus money").
      v_real_part := v_amount;
      IF v_amount > 0 AND v_round.bonus_bet - v_round.bonus_refund - v_round.refund_kept > 0 AND v_stake > 0 THEN
        v_real_part := div(v_amount::numeric * (v_stake - (v_round.bonus_bet - v_round.bonus_refund - v_round.refund_kept)), v_stake)::bigint;
        v_bonus_part := v_amount - v_real_part;
        IF v_bonus_wallet IS NULL OR NOT bonus_takes_round_money(v_round.bonus_id) THEN
          v_kept := v_bonus_part;
          v_bonus_part := 0;
        END IF;
      END IF;
      IF v_real_part + v_bonus_part > 0 THEN
        IF v_bonus_part = 0 THEN
          v_ids := ARRAY[v_house, v_wallet]; v_amounts := ARRAY[-v_real_part, v_real_part];
        ELSIF v_real_part = 0 THEN
          v_ids := ARRAY[v_house, v_bonus_wallet]; v_amounts := ARRAY[-v_bonus_part, v_bonus_part];
        ELSE
          v_ids := ARRAY[v_house, v_wallet, v_bonus_wallet]; v_amounts := ARRAY[-(v_real_part + v_bonus_part), v_real_part, v_bonus_part];
        END IF;
        v_posted := ledger_post('win', 'seamless:' || v_vassalage || ':' || v_tx, v_op ->> 'hash', 'round:' || v_vassalage || ':' || v_round_id,
          jsonb_build_object('memberId', v_member::text, 'vassalage', v_vassalage, 'roundId', v_round_id, 'gameId', v_round.node_id),
          v_ids, v_amounts);
        IF v_posted ->> 'status' = 'conflict' THEN
          RAISE EXCEPTION 'seamless: ledger key of % taken by another request', v_tx USING ERRCODE = 'LE004';
        END IF;
        v_ledger_tx := (v_posted ->> 'transactionId')::bigint;
        v_bal := v_bal || (v_posted -> 'result' -> 'balances');
        v_balance := (v_bal ->> v_wallet::text)::bigint;
      ELSE
        SELECT a.balance INTO v_balance FROM ledger_accounts AS a WHERE a.id = v_wallet;
      END IF;
      v_balance := v_balance + coalesce((v_bal ->> v_bonus_wallet::text)::bigint, 0);
      v_answer := jsonb_build_object('playerId', v_member::text, 'currency', v_currency, 'balance', format_minor(v_balance, v_scale),
        'balanceMinor', v_balance::text, 'transactionId', v_ledger_tx::text, 'roundStatus', CASE WHEN v_settle THEN 'settled' ELSE 'open' END);

      WITH k AS (
        INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at)
        VALUES (v_vassalage, v_tx, nextval('round_bets_id_seq'), greatest(now(), v_round.created_at))
        ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING
        RETURNING id, created_at
      )
      INSERT INTO round_bets (id, created_at, vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status, request_hash, ledger_transaction_id, response, bonus_amount, bonus_kept) OVERRIDING SYSTEM VALUE
      SELECT k.id, k.created_at, v_vassalage, v_tx, 'win', v_round_id, v_member, '', v_amount, v_bet_tx, 'done', v_op ->> 'hash', v_ledger_tx, v_answer, v_bonus_part, v_kept FROM k;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
      END IF;
      -- What was paid: the bonus part the house kept is no win of the player's (this migration's header).
      UPDATE game_rounds SET total_win = total_win + v_amount - v_kept, bonus_win = bonus_win + v_bonus_part, updated_at = now(),
        status = CASE WHEN v_settle THEN 'settled' ELSE status END,
        settled_at = CASE WHEN v_settle THEN now() ELSE settled_at END
      WHERE id = v_round.id AND created_at = v_round.created_at;
      v_c_member := v_c_member || v_member; v_c_vassalage := v_c_vassalage || v_vassalage;
      v_c_currency := v_c_currency || v_round.currency; v_c_bet := v_c_bet || 0::bigint; v_c_win := v_c_win || (v_amount - v_kept);
      v_c_first := v_c_first || 0;
      IF v_settle THEN
        v_settled := v_settled || v_round.id;
        v_settled_at := v_settled_at || v_round.created_at;
      END IF;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('ok', v_answer, 'replayed', false));

    ELSE
      RAISE EXCEPTION 'seamless_apply: unknown op %', v_kind;
    END IF;
  END LOOP;
  PERFORM set_config('wps.round_counters', '', true);
  IF cardinality(v_c_member) > 0 THEN
    PERFORM round_counters_add(v_c_member, v_c_vassalage, v_c_currency, v_c_bet,
      array_fill(0::bigint, ARRAY[cardinality(v_c_member)]), v_c_win, v_c_first, v_settled, v_settled_at);
  END IF;
  RETURN v_answers;
END;
$$;
