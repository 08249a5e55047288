-- Two changes to the seamless wallet's bets and wins, in one new definition of seamless_apply.
--
-- 1. A player's stake and loss limits are decided in the bet's own transaction, under the wallet's row
-- lock. They were checked before the bet joined its batch (responsible-gaming/rg-guards.ts), from
-- the rounds committed so far: twenty bets sent together each saw the same loss and all passed, so
-- a 10.00 daily loss limit let 200.00 be lost on PostgreSQL. Now the guard hands the bet its
-- limits (the stake limit, and each loss limit with its period's start in the operator's zone, from
-- the player's settings) and seamless_apply asks rg_bet_refusal after locking the batch's accounts
-- (ledger_accounts in id order, as before; no new lock). Every bet and win of the player locks the
-- same wallet row, so the rounds read there include every bet accepted before, committed or made
-- earlier in this batch: stakes in flight count (a round's stake counts from its bet on, as if it
-- were lost whole, until its win or rollback comes).
--
-- The transfer wallet asks the same function when it sends money to a vendor, which counts as
-- staked until it comes back (docs/decisions.md, "Loss limits in the bet's transaction").
--
-- seamless_bet_many is unchanged: the service sends a batch holding a bet with limits to
-- seamless_apply whole (seamless.repository.ts applySeamlessBets). seamless_apply is 0497's, whole,
-- with the check between the round's state and the bonus's maximum stake. A refusal is stored like
-- the others, so a vendor's retry of the refused bet gets the same answer.

-- 2. A round's totals say what the player was paid. When the bonus that staked a round had ended,
-- the bonus part of its win went to the house (migrations 0251, 0497) but game_rounds.total_win
-- still grew by the whole win, and a rolled-back bet's bonus part the house kept still counted in
-- total_refund (seamless-rollback.ts): the betting record, the regulator export, loss limits,
-- agent settlement and monitoring all counted that money as the player's. Now total_win grows by
-- the win less what the house kept (round_bets.bonus_kept keeps the part), and a rollback adds to
-- total_refund and bonus_refund only what went back, the kept stake going to the new column
-- refund_kept. The round's stake for the win cap, a win's split and a bonus's maximum stake is
-- its bets less total_refund less refund_kept, as before. seamless_win_many needs no change: it
-- takes only rounds whose bonus stake less bonus_refund is zero, which a round with a kept refund
-- is not, and seamless_apply settles those. Rounds written before are corrected below: each
-- win's kept part comes off total_win (the reporting triggers of migration 0318 move the hourly
-- figures with it; they send no reward events for a settled round). Rollbacks written before did
-- not record the part they kept and stay as they were.

ALTER TABLE game_rounds ADD COLUMN refund_kept bigint NOT NULL DEFAULT 0 CHECK (refund_kept >= 0);

UPDATE game_rounds AS r SET total_win = r.total_win - k.kept
FROM (
  SELECT b.vassalage, b.round_id, sum(b.bonus_kept) AS kept
  FROM round_bets AS b WHERE b.kind = 'win' AND b.bonus_kept > 0
  GROUP BY b.vassalage, b.round_id
) AS k
WHERE r.vassalage = k.vassalage AND r.round_id = k.round_id;

INSERT INTO seamless_refusals (reason, error_code, message) VALUES
  ('rg_stake_limit', 'RG_STAKE_LIMIT_EXCEEDED', 'This stake is above your stake limit'),
  ('rg_loss_limit', 'RG_LOSS_LIMIT_REACHED', 'This stake could take you past your loss limit');

-- The refusal for a stake of p_amount under the limits p_rg (seamless.repository.ts BetLimits), or
-- NULL. A loss limit's room is the limit less the period's net loss (stakes less wins less refunds,
-- never below zero), counting the money sent to transfer-wallet vendors and not yet back; a stake
-- that could take the loss past the limit if lost whole is refused. The caller holds the player's
-- wallet row lock.
CREATE FUNCTION rg_bet_refusal(p_member bigint, p_amount bigint, p_rg jsonb, p_scale integer) RETURNS jsonb
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
BEGIN
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
    SELECT b.kind, b.status, b.request_hash, b.response INTO v_existing
    FROM round_bets AS b WHERE b.vassalage = v_vassalage AND b.vendor_tx_id = v_tx;
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
      SELECT r.id, r.member_id, r.status, r.total_bet, r.total_refund, r.refund_kept INTO v_round
      FROM game_rounds AS r WHERE r.vassalage = v_vassalage AND r.round_id = v_round_id
      FOR UPDATE;
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
        INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, response)
        VALUES (v_vassalage, v_tx, 'bet', v_round_id, v_member, v_op ->> 'nodeId', v_amount, 'refused', v_op ->> 'hash', v_answer)
        ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
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

      INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, ledger_transaction_id, response, bonus_amount)
      VALUES (v_vassalage, v_tx, 'bet', v_round_id, v_member, v_op ->> 'nodeId', v_amount, 'accepted', v_op ->> 'hash', v_ledger_tx, v_answer, v_bonus_part)
      ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
      END IF;
      IF v_round.id IS NOT NULL THEN
        UPDATE game_rounds SET total_bet = total_bet + v_amount, bonus_bet = bonus_bet + v_bonus_part, updated_at = now() WHERE id = v_round.id;
      ELSE
        INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, total_bet, bonus_bet)
        VALUES (v_vassalage, v_round_id, v_member, v_op ->> 'nodeId', v_currency, v_amount, v_bonus_part)
        ON CONFLICT (vassalage, round_id) DO NOTHING;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'seamless: round % created concurrently', v_round_id USING ERRCODE = 'LE004';
        END IF;
      END IF;
      v_answers := v_answers || jsonb_build_array(jsonb_build_object('ok', v_answer, 'replayed', false));

    ELSIF v_kind = 'win' THEN
      -- Refusals for a missing bet, another player's or a settled round are not stored: the
      -- win may be retried once its bet exists.
      SELECT r.id, r.member_id, r.status, r.node_id, r.total_bet, r.total_win, r.total_refund, r.refund_kept, r.bonus_bet, r.bonus_refund, r.bonus_id INTO v_round
      FROM game_rounds AS r WHERE r.vassalage = v_vassalage AND r.round_id = v_round_id
      FOR UPDATE;
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
        INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status, request_hash, response)
        VALUES (v_vassalage, v_tx, 'win', v_round_id, v_member, '', v_amount, v_bet_tx, 'refused', v_op ->> 'hash', v_answer)
        ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
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

      INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status, request_hash, ledger_transaction_id, response, bonus_amount, bonus_kept)
      VALUES (v_vassalage, v_tx, 'win', v_round_id, v_member, '', v_amount, v_bet_tx, 'done', v_op ->> 'hash', v_ledger_tx, v_answer, v_bonus_part, v_kept)
      ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'seamless: transaction id % claimed concurrently', v_tx USING ERRCODE = 'LE004';
      END IF;
      -- What was paid: the bonus part the house kept is no win of the player's (this migration's header).
      UPDATE game_rounds SET total_win = total_win + v_amount - v_kept, bonus_win = bonus_win + v_bonus_part, updated_at = now(),
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
