-- seamless_win_many: Many plain seamless wins in one set-based pass (group commit), with the same answers as seamless_apply gives each.
-- Owner: gateway (writes round_bets and game_rounds; its ledger transactions go through the ledger's ledger_post_set, by seamless_post_plan).
--
-- As migration 0317_seamless_win_many explained it:
-- Many wins in one set-based pass: what seamless_apply (migration 0251) does to each plain win,
-- done one statement per table for the whole batch instead of a function loop per win. Built for
-- the lottery, whose settlement pays a draw's winners in batches of hundreds (docs/lottery.md,
-- "Settlement at scale"), and used by the wallet's bulk queue (seamless.service.ts winMany) only.
--
-- A win is taken here when it is plain: a win (not closing its round) of a positive amount, its
-- transaction id seen nowhere before nor twice in the batch, its round open, the player's, staked
-- without bonus money, holding the accepted bet it names, and within the gateway's cap; and every
-- earlier op of its wallet in the batch is plain too. Those are exactly the wins for which
-- seamless_apply posts house → main wallet and writes its rows without a branch. Every other op
-- of the batch (a replay, a refusal, a bonus-staked round, a win that closes its round, any
-- overflow, and whatever follows one of these in the same wallet) is handed to seamless_apply
-- itself, in the same transaction and after the plain ones, so it is answered and stored exactly
-- as before, and each player's answers report the balances a loop would have (only the house
-- shard's running balance in a ledger result may count the batch's moves in another order).
--
-- The rows are seamless_apply's, one for one: per win a ledger transaction ('win', key
-- seamless:<vassalage>:<tx>, the same hash, reference, metadata, and result with the two accounts'
-- balances after this post), its two entries (house −, wallet +, in that order), the round_bets
-- row 'done' with the same answer; the accounts move by their summed deltas, a round's total_win
-- by the sum of its wins (its triggers add the same figures). Balances in the results and answers
-- are running balances in the batch's order, as a loop would have left them.
--
-- Locks, in the documented order (docs/architecture.md, "How a ledger transaction flows"): every
-- account of the batch in id order first, then the batch's rounds in id order. Two batches that
-- share a round share its player's wallet, so they serialize on the accounts before either takes a
-- round. A transaction id or ledger key claimed by another transaction meanwhile raises LE004 and
-- the caller runs the batch again, as with seamless_apply.
--
-- Since migration 0765_monthly_partitions: the vendor's transaction and round ids are claimed in
-- their key tables by the statements that write the rows, and the batch's rounds are found through
-- those keys and read in their months only.
-- requires: format_minor
-- requires: seamless_apply
-- requires: seamless_post_plan
CREATE OR REPLACE FUNCTION seamless_win_many(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_plan jsonb;
  v_planned integer;
  v_count integer;
  v_fast bigint[];
  v_rest jsonb;
  v_rest_n bigint[];
  v_rest_answers jsonb := '[]'::jsonb;
  v_lo timestamptz;
  v_hi timestamptz;
BEGIN
  IF jsonb_array_length(p_ops) = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  -- 1. Every account of the batch, in id order (seamless_apply's first step).
  PERFORM 1 FROM ledger_accounts AS a
  WHERE a.id IN (
    SELECT (o ->> 'walletId')::bigint FROM jsonb_array_elements(p_ops) AS o
    UNION SELECT (o ->> 'houseId')::bigint FROM jsonb_array_elements(p_ops) AS o
    UNION SELECT (o ->> 'bonusWalletId')::bigint FROM jsonb_array_elements(p_ops) AS o
  )
  ORDER BY a.id
  FOR UPDATE;
  -- 2. The batch's rounds, in id order: found by their keys, each locked in its month (migration 0765).
  PERFORM 1
  FROM (
    SELECT rk.id, rk.created_at FROM game_round_keys AS rk
    WHERE (rk.vassalage, rk.round_id) IN (SELECT o ->> 'vassalage', o ->> 'roundId' FROM jsonb_array_elements(p_ops) AS o)
    ORDER BY rk.id OFFSET 0
  ) AS k
  CROSS JOIN LATERAL (SELECT g.id FROM game_rounds AS g WHERE g.id = k.id AND g.created_at = k.created_at OFFSET 0 FOR UPDATE) AS r;
  -- 3. The plain wins, with their ledger ids and the running balances after each.
  WITH o AS (
    SELECT t.n,
      t.x ->> 'op' AS op,
      t.x ->> 'vassalage' AS vassalage,
      t.x ->> 'txId' AS tx,
      t.x ->> 'roundId' AS round_id,
      (t.x ->> 'memberId')::bigint AS member_id,
      (t.x ->> 'amount')::bigint AS amount,
      t.x ->> 'hash' AS hash,
      t.x ->> 'betTxId' AS bet_tx,
      coalesce((t.x ->> 'settle')::boolean, false) AS settle,
      (t.x ->> 'winMultiple')::numeric AS win_multiple,
      (t.x ->> 'winMax')::numeric AS win_max,
      (t.x ->> 'walletId')::bigint AS wallet,
      (t.x ->> 'houseId')::bigint AS house,
      (t.x ->> 'bonusWalletId')::bigint AS bonus,
      t.x ->> 'currency' AS currency,
      (t.x ->> 'scale')::integer AS scale,
      count(*) OVER (PARTITION BY t.x ->> 'vassalage', t.x ->> 'txId') AS copies
    FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t(x, n)
  ),
  c AS (
    SELECT o.*, r.id AS round_pk, r.created_at AS round_at, r.node_id, r.total_win, w.currency AS account_currency,
      w.balance AS wallet_balance, h.balance AS house_balance, coalesce(b.balance, 0) AS bonus_balance,
      coalesce(
        o.op = 'win' AND NOT o.settle AND o.copies = 1 AND o.amount > 0 AND h.id IS NOT NULL
        AND r.member_id = o.member_id AND r.status = 'open' AND r.bonus_bet - r.bonus_refund = 0
        AND NOT EXISTS (SELECT 1 FROM round_bet_keys AS x WHERE x.vassalage = o.vassalage AND x.vendor_tx_id = o.tx OFFSET 0)
        AND EXISTS (
          SELECT 1 FROM round_bets AS x
          WHERE x.vassalage = o.vassalage AND x.round_id = o.round_id AND x.kind = 'bet' AND x.status = 'accepted'
            AND x.created_at >= r.created_at
            AND (o.bet_tx IS NULL OR x.vendor_tx_id = o.bet_tx))
        AND (o.win_multiple IS NULL OR o.amount <= o.win_multiple * (r.total_bet - r.total_refund))
        AND (o.win_max IS NULL OR o.amount <= o.win_max),
        false) AS candidate
    FROM o
    -- Each a lateral subquery of its own (OFFSET 0): an index probe per op, where a join of the
    -- whole key table would be planned as a scan of it.
    LEFT JOIN LATERAL (
      SELECT g.* FROM game_round_keys AS rk
      CROSS JOIN LATERAL (SELECT x.* FROM game_rounds AS x WHERE x.id = rk.id AND x.created_at = rk.created_at OFFSET 0) AS g
      WHERE rk.vassalage = o.vassalage AND rk.round_id = o.round_id OFFSET 0
    ) AS r ON true
    LEFT JOIN ledger_accounts AS w ON w.id = o.wallet
    LEFT JOIN ledger_accounts AS h ON h.id = o.house AND h.currency = w.currency
    LEFT JOIN ledger_accounts AS b ON b.id = o.bonus
  ),
  -- A wallet's ops stay in the batch's order: once one of them must go the careful way, so do all
  -- its later ones, and every answer reports the balance a loop would have reported.
  ordered AS (
    SELECT c.*, bool_and(c.candidate) OVER (PARTITION BY c.wallet ORDER BY c.n) AS plain_so_far FROM c
  ),
  plain AS (
    SELECT q.*, nextval('ledger_transactions_id_seq') AS ledger_tx,
      q.wallet_balance + sum(q.amount) OVER (PARTITION BY q.wallet ORDER BY q.n) AS wallet_after,
      q.house_balance - sum(q.amount) OVER (PARTITION BY q.house ORDER BY q.n) AS house_after,
      q.total_win + sum(q.amount) OVER (PARTITION BY q.round_pk ORDER BY q.n) AS round_win_after
    FROM ordered AS q
    WHERE q.candidate AND q.plain_so_far
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'n', p.n, 'vassalage', p.vassalage, 'tx', p.tx, 'round_id', p.round_id, 'member_id', p.member_id,
      'amount', p.amount, 'hash', p.hash, 'bet_tx', p.bet_tx, 'wallet', p.wallet, 'house', p.house,
      'currency', p.account_currency, 'round_pk', p.round_pk, 'round_at', p.round_at, 'node_id', p.node_id, 'ledger_tx', p.ledger_tx,
      'wallet_after', p.wallet_after, 'house_after', p.house_after, 'round_win_after', p.round_win_after,
      'answer', jsonb_build_object('playerId', p.member_id::text, 'currency', p.currency,
        -- least(): past the range the plan is dropped below; this only keeps the cast from failing first.
        'balance', format_minor(least(p.wallet_after + p.bonus_balance, 9223372036854775807)::bigint, p.scale),
        'balanceMinor', (p.wallet_after + p.bonus_balance)::text, 'transactionId', p.ledger_tx::text, 'roundStatus', 'open'))
    ORDER BY p.n), '[]'::jsonb)
  INTO v_plan
  FROM plain AS p;
  -- Any sum past the bigint range: the whole batch goes the careful way (seamless_apply refuses
  -- exactly the op that would overflow).
  IF EXISTS (
    SELECT 1 FROM jsonb_to_recordset(v_plan) AS p(wallet_after numeric, house_after numeric, round_win_after numeric)
    WHERE p.wallet_after > 9223372036854775807 OR p.house_after < -9223372036854775808 OR p.round_win_after > 9223372036854775807
  ) THEN
    v_plan := '[]'::jsonb;
  END IF;
  v_planned := jsonb_array_length(v_plan);
  IF v_planned > 0 THEN
    -- 4–6. The ledger's part (transactions, entries house then wallet, as seamless_apply posts them, balances of the accounts
    -- already locked in id order), through the ledger's set-based writer. A key claimed
    -- meanwhile undoes the batch (LE004, run again).
    PERFORM seamless_post_plan(v_plan, 'win');
    -- 7. The wins' rows, each with its answer (a replay gets it); claimed meanwhile: LE004.
    -- Each id claimed in round_bet_keys by the same statement that writes its row (migration 0765).
    WITH p AS (
      SELECT * FROM jsonb_to_recordset(v_plan) AS p(n bigint, vassalage text, tx text, round_id text, member_id bigint, amount bigint,
        bet_tx text, hash text, ledger_tx bigint, answer jsonb, round_at timestamptz)
    ),
    -- Each win dated no earlier than its round, as its bets are (seamless_apply's bet says why).
    k AS (
      INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at)
      SELECT p.vassalage, p.tx, nextval('round_bets_id_seq'), greatest(now(), p.round_at) FROM p ORDER BY p.n
      ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING
      RETURNING vassalage, vendor_tx_id, id, created_at
    )
    INSERT INTO round_bets (id, created_at, vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, ref_tx_id, status,
      request_hash, ledger_transaction_id, response, bonus_amount, bonus_kept) OVERRIDING SYSTEM VALUE
    SELECT k.id, k.created_at, p.vassalage, p.tx, 'win', p.round_id, p.member_id, '', p.amount, p.bet_tx, 'done', p.hash, p.ledger_tx, p.answer, 0, 0
    FROM p JOIN k ON k.vassalage = p.vassalage AND k.vendor_tx_id = p.tx
    ORDER BY p.n;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> v_planned THEN
      RAISE EXCEPTION 'seamless: a transaction id of the batch was claimed concurrently' USING ERRCODE = 'LE004';
    END IF;
    -- 8. The rounds' win totals, in the months of the batch's rounds only.
    SELECT min(p.round_at), max(p.round_at) INTO v_lo, v_hi FROM jsonb_to_recordset(v_plan) AS p(round_at timestamptz);
    UPDATE game_rounds AS r SET total_win = r.total_win + s.amount, updated_at = now()
    FROM (
      SELECT p.round_pk, sum(p.amount)::bigint AS amount
      FROM jsonb_to_recordset(v_plan) AS p(round_pk bigint, amount bigint)
      GROUP BY p.round_pk
    ) AS s
    WHERE r.id = s.round_pk AND r.created_at BETWEEN v_lo AND v_hi;
  END IF;
  -- 9. Everything else, the careful way, after the plain wins.
  SELECT array_agg((e ->> 'n')::bigint) INTO v_fast FROM jsonb_array_elements(v_plan) AS e;
  SELECT jsonb_agg(t.x ORDER BY t.n), array_agg(t.n ORDER BY t.n) INTO v_rest, v_rest_n
  FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t(x, n)
  WHERE v_fast IS NULL OR NOT (t.n = ANY (v_fast));
  IF v_rest IS NOT NULL THEN
    v_rest_answers := seamless_apply(v_rest);
  END IF;
  RETURN (
    SELECT jsonb_agg(s.answer ORDER BY s.n)
    FROM (
      -- `plain`: written set-based (what the tests and the bulk queue's metrics look at).
      SELECT (e ->> 'n')::bigint AS n, jsonb_build_object('ok', e -> 'answer', 'replayed', false, 'plain', true) AS answer
      FROM jsonb_array_elements(v_plan) AS e
      UNION ALL
      SELECT v_rest_n[i], v_rest_answers -> (i - 1)
      FROM generate_subscripts(v_rest_n, 1) AS i
    ) AS s
  );
END;
$$;
