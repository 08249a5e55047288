-- seamless_bet_many: Many seamless bets in one set-based pass (group commit), with the same answers as seamless_apply gives each.
-- Owner: gateway (writes round_bets and game_rounds; its ledger transactions go through the ledger's ledger_post_set, by seamless_post_plan).
--
-- As migration 0694_seamless_bet_many_batch_counters explained it:
-- seamless_bet_many (migration 0430) counting the rounds it creates once per batch.
--
-- Why: a lottery placement batch (up to 32 tickets, most of them a player's first ticket on the
-- draw, so a new round each) inserted its new rounds in one statement, but the insert's row
-- triggers (the hourly game report, migration 0171; the member's day, 0305) ran once per round,
-- and each updated the same hourly counter row again. The insert now runs while
-- wps.round_counters is 'batch' (so those triggers stand aside, migration 0693), returns what it
-- wrote, and round_counters_add adds it once: one upsert per vendor and currency, one per member.
-- Figures, rows and lock order (counter rows last, in key order) are otherwise 0430's; the rounds
-- that existed before keep their one UPDATE, whose statement triggers already count the batch
-- at once.
--
-- Since migration 0765_monthly_partitions: the vendor's transaction and round ids are claimed in
-- their key tables by the statements that write the rows, and the batch's rounds are found through
-- those keys and read in their months only.
-- requires: format_minor
-- requires: round_counters_add
-- requires: seamless_apply
-- requires: seamless_post_plan
CREATE OR REPLACE FUNCTION seamless_bet_many(p_ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_plan jsonb;
  v_planned integer;
  v_count integer;
  v_new_rounds integer;
  v_fast bigint[];
  v_rest jsonb;
  v_rest_n bigint[];
  v_rest_answers jsonb := '[]'::jsonb;
  v_accounts bigint[];
  v_staked_rounds bigint[];
  v_c_member bigint[];
  v_c_vassalage text[];
  v_c_currency text[];
  v_c_bet bigint[];
  v_lo timestamptz;
  v_hi timestamptz;
BEGIN
  IF jsonb_array_length(p_ops) = 0 THEN
    RETURN '[]'::jsonb;
  END IF;
  -- 1. Every account of the batch, in id order (seamless_apply's first step).
  SELECT array_agg(DISTINCT k.id) INTO v_accounts
  FROM jsonb_array_elements(p_ops) AS o,
    LATERAL (VALUES ((o ->> 'walletId')::bigint), ((o ->> 'houseId')::bigint), ((o ->> 'bonusWalletId')::bigint)) AS k(id)
  WHERE k.id IS NOT NULL;
  PERFORM 1 FROM ledger_accounts AS a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR UPDATE;
  -- 2. The batch's existing rounds, in id order: found by their keys, each locked in its month
  -- (migration 0765).
  PERFORM 1
  FROM (
    SELECT rk.id, rk.created_at FROM game_round_keys AS rk
    WHERE (rk.vassalage, rk.round_id) IN (SELECT o ->> 'vassalage', o ->> 'roundId' FROM jsonb_array_elements(p_ops) AS o)
    ORDER BY rk.id OFFSET 0
  ) AS k
  CROSS JOIN LATERAL (SELECT g.id FROM game_rounds AS g WHERE g.id = k.id AND g.created_at = k.created_at OFFSET 0 FOR UPDATE) AS r;
  -- 3. The plain bets, with their ledger ids and the running balances after each.
  WITH o AS (
    SELECT t.n,
      t.x ->> 'op' AS op,
      t.x ->> 'vassalage' AS vassalage,
      t.x ->> 'txId' AS tx,
      t.x ->> 'roundId' AS round_id,
      (t.x ->> 'memberId')::bigint AS member_id,
      (t.x ->> 'amount')::bigint AS amount,
      t.x ->> 'hash' AS hash,
      t.x ->> 'nodeId' AS node_id,
      (t.x ->> 'walletId')::bigint AS wallet,
      (t.x ->> 'houseId')::bigint AS house,
      (t.x ->> 'bonusWalletId')::bigint AS bonus,
      t.x ->> 'currency' AS currency,
      (t.x ->> 'scale')::integer AS scale,
      count(*) OVER (PARTITION BY t.x ->> 'vassalage', t.x ->> 'txId') AS copies,
      -- A round staked in this batch by two players: seamless_apply refuses the second, so neither goes here.
      min((t.x ->> 'memberId')::bigint) OVER (PARTITION BY t.x ->> 'vassalage', t.x ->> 'roundId')
        = max((t.x ->> 'memberId')::bigint) OVER (PARTITION BY t.x ->> 'vassalage', t.x ->> 'roundId') AS one_player
    FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t(x, n)
  ),
  c AS (
    SELECT o.*, r.id AS round_pk, r.created_at AS round_at, r.total_bet, w.currency AS account_currency,
      w.balance AS wallet_balance, h.balance AS house_balance,
      coalesce(
        o.op = 'bet' AND o.copies = 1 AND o.one_player AND o.amount > 0 AND w.is_player AND h.id IS NOT NULL
        AND coalesce(b.balance, 0) = 0
        AND (r.id IS NULL OR (r.member_id = o.member_id AND r.status = 'open'))
        AND NOT EXISTS (SELECT 1 FROM round_bet_keys AS x WHERE x.vassalage = o.vassalage AND x.vendor_tx_id = o.tx OFFSET 0),
        false) AS candidate
    FROM o
    -- Each a lateral subquery of its own (OFFSET 0): an index probe per op, where a join of the
    -- whole key table would be planned as a scan of it.
    LEFT JOIN LATERAL (
      SELECT g.* FROM game_round_keys AS rk
      CROSS JOIN LATERAL (SELECT x.* FROM game_rounds AS x WHERE x.id = rk.id AND x.created_at = rk.created_at OFFSET 0) AS g
      WHERE rk.vassalage = o.vassalage AND rk.round_id = o.round_id OFFSET 0
    ) AS r ON true
    LEFT JOIN LATERAL (SELECT a.* FROM ledger_accounts AS a WHERE a.id = o.wallet OFFSET 0) AS w ON true
    LEFT JOIN LATERAL (SELECT a.* FROM ledger_accounts AS a WHERE a.id = o.house AND a.currency = w.currency OFFSET 0) AS h ON true
    LEFT JOIN LATERAL (SELECT a.* FROM ledger_accounts AS a WHERE a.id = o.bonus OFFSET 0) AS b ON true
  ),
  -- A wallet's ops stay in the batch's order: once one of them must go the careful way (or the
  -- wallet no longer covers it), so do all its later ones.
  covered AS (
    SELECT c.*, c.candidate AND c.wallet_balance - sum(c.amount) OVER (PARTITION BY c.wallet ORDER BY c.n) >= 0 AS fits FROM c
  ),
  ordered AS (
    SELECT v.*, bool_and(v.fits) OVER (PARTITION BY v.wallet ORDER BY v.n) AS plain_so_far FROM covered AS v
  ),
  plain AS (
    SELECT q.*, nextval('ledger_transactions_id_seq') AS ledger_tx,
      (q.wallet_balance - sum(q.amount) OVER (PARTITION BY q.wallet ORDER BY q.n))::bigint AS wallet_after,
      q.house_balance::numeric + sum(q.amount) OVER (PARTITION BY q.house ORDER BY q.n) AS house_after,
      coalesce(q.total_bet, 0)::numeric + sum(q.amount) OVER (PARTITION BY q.vassalage, q.round_id ORDER BY q.n) AS round_bet_after
    FROM ordered AS q
    WHERE q.candidate AND q.plain_so_far
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object(
      'n', p.n, 'vassalage', p.vassalage, 'tx', p.tx, 'round_id', p.round_id, 'member_id', p.member_id,
      'amount', p.amount, 'hash', p.hash, 'node_id', p.node_id, 'wallet', p.wallet, 'house', p.house,
      'currency', p.account_currency, 'op_currency', p.currency, 'round_pk', p.round_pk, 'round_at', p.round_at, 'ledger_tx', p.ledger_tx,
      'wallet_after', p.wallet_after, 'house_after', p.house_after, 'round_bet_after', p.round_bet_after,
      'answer', jsonb_build_object('playerId', p.member_id::text, 'currency', p.currency,
        'balance', format_minor(p.wallet_after, p.scale),
        'balanceMinor', p.wallet_after::text, 'transactionId', p.ledger_tx::text, 'roundStatus', 'open'))
    ORDER BY p.n), '[]'::jsonb)
  INTO v_plan
  FROM plain AS p;
  -- Any sum past the bigint range: the whole batch goes the careful way (seamless_apply refuses
  -- exactly the op that would overflow).
  IF EXISTS (
    SELECT 1 FROM jsonb_to_recordset(v_plan) AS p(house_after numeric, round_bet_after numeric)
    WHERE p.house_after > 9223372036854775807 OR p.round_bet_after > 9223372036854775807
  ) THEN
    v_plan := '[]'::jsonb;
  END IF;
  v_planned := jsonb_array_length(v_plan);
  IF v_planned > 0 THEN
    -- 4–6. The ledger's part (transactions, entries wallet then house, as seamless_apply posts them, balances of the accounts
    -- already locked in id order; the funds were checked above), through the ledger's set-based writer. A key claimed
    -- meanwhile undoes the batch (LE004, run again).
    PERFORM seamless_post_plan(v_plan, 'bet');
    -- 7. The bets' rows, each with its answer (a replay gets it); claimed meanwhile: LE004.
    -- Each id claimed in round_bet_keys by the same statement that writes its row (migration 0765).
    WITH p AS (
      SELECT * FROM jsonb_to_recordset(v_plan) AS p(n bigint, vassalage text, tx text, round_id text, member_id bigint, node_id text,
        amount bigint, hash text, ledger_tx bigint, answer jsonb, round_at timestamptz)
    ),
    -- Each bet dated no earlier than its round (seamless_apply's bet says why).
    k AS (
      INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at)
      SELECT p.vassalage, p.tx, nextval('round_bets_id_seq'), greatest(now(), p.round_at) FROM p ORDER BY p.n
      ON CONFLICT (vassalage, vendor_tx_id) DO NOTHING
      RETURNING vassalage, vendor_tx_id, id, created_at
    )
    INSERT INTO round_bets (id, created_at, vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash,
      ledger_transaction_id, response, bonus_amount) OVERRIDING SYSTEM VALUE
    SELECT k.id, k.created_at, p.vassalage, p.tx, 'bet', p.round_id, p.member_id, p.node_id, p.amount, 'accepted', p.hash, p.ledger_tx, p.answer, 0
    FROM p JOIN k ON k.vassalage = p.vassalage AND k.vendor_tx_id = p.tx
    ORDER BY p.n;
    GET DIAGNOSTICS v_count = ROW_COUNT;
    IF v_count <> v_planned THEN
      RAISE EXCEPTION 'seamless: a transaction id of the batch was claimed concurrently' USING ERRCODE = 'LE004';
    END IF;
    -- 8. The rounds: existing ones grow by their bets' sum (one UPDATE, whose statement triggers
    -- count the batch at once); new ones are inserted with it, under the first bet's game.
    SELECT array_agg(DISTINCT p.round_pk), min(p.round_at), max(p.round_at) INTO v_staked_rounds, v_lo, v_hi
    FROM jsonb_to_recordset(v_plan) AS p(round_pk bigint, round_at timestamptz)
    WHERE p.round_pk IS NOT NULL;
    IF v_staked_rounds IS NOT NULL THEN
      UPDATE game_rounds AS r SET total_bet = r.total_bet + s.amount, updated_at = now()
      FROM (
        SELECT p.round_pk, sum(p.amount)::bigint AS amount
        FROM jsonb_to_recordset(v_plan) AS p(round_pk bigint, amount bigint)
        WHERE p.round_pk IS NOT NULL
        GROUP BY p.round_pk
      ) AS s
      -- The months of the batch's rounds only.
      WHERE r.id = ANY (v_staked_rounds) AND r.id = s.round_pk AND r.created_at BETWEEN v_lo AND v_hi;
    END IF;
    -- The new rounds' counters are added once for the whole insert (migration 0693's
    -- round_counters_add), not by a row trigger per round.
    PERFORM set_config('wps.round_counters', 'batch', true);
    WITH p AS (
      SELECT DISTINCT ON (p.vassalage, p.round_id) p.vassalage, p.round_id, p.member_id, p.node_id, p.op_currency,
        sum(p.amount) OVER (PARTITION BY p.vassalage, p.round_id)::bigint AS total_bet
      FROM jsonb_to_recordset(v_plan) AS p(n bigint, vassalage text, round_id text, member_id bigint, node_id text, op_currency text, amount bigint, round_pk bigint)
      WHERE p.round_pk IS NULL
      ORDER BY p.vassalage, p.round_id, p.n
    ),
    k AS (
      INSERT INTO game_round_keys (vassalage, round_id, id, created_at)
      SELECT p.vassalage, p.round_id, nextval('game_rounds_id_seq'), now() FROM p
      ON CONFLICT (vassalage, round_id) DO NOTHING
      RETURNING vassalage, round_id, id, created_at
    ),
    inserted AS (
      INSERT INTO game_rounds (id, created_at, vassalage, round_id, member_id, node_id, currency, total_bet, bonus_bet) OVERRIDING SYSTEM VALUE
      SELECT k.id, k.created_at, p.vassalage, p.round_id, p.member_id, p.node_id, p.op_currency, p.total_bet, 0
      FROM p JOIN k ON k.vassalage = p.vassalage AND k.round_id = p.round_id
      ORDER BY k.id
      RETURNING member_id, vassalage, currency, total_bet
    )
    SELECT count(*), array_agg(i.member_id), array_agg(i.vassalage), array_agg(i.currency), array_agg(i.total_bet)
    INTO v_count, v_c_member, v_c_vassalage, v_c_currency, v_c_bet
    FROM inserted AS i;
    PERFORM set_config('wps.round_counters', '', true);
    IF v_count > 0 THEN
      PERFORM round_counters_add(v_c_member, v_c_vassalage, v_c_currency, v_c_bet,
        array_fill(0::bigint, ARRAY[v_count]), array_fill(0::bigint, ARRAY[v_count]),
        (SELECT array_agg(CASE WHEN b > 0 THEN 1 ELSE 0 END ORDER BY o) FROM unnest(v_c_bet) WITH ORDINALITY AS u(b, o)),
        '{}', '{}');
    END IF;
    SELECT count(DISTINCT (p.vassalage, p.round_id)) INTO v_new_rounds
    FROM jsonb_to_recordset(v_plan) AS p(vassalage text, round_id text, round_pk bigint)
    WHERE p.round_pk IS NULL;
    IF v_count <> v_new_rounds THEN
      RAISE EXCEPTION 'seamless: a round of the batch was created concurrently' USING ERRCODE = 'LE004';
    END IF;
  END IF;
  -- 9. Everything else, the careful way, after the plain bets.
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
      -- `plain`: written set-based (what the tests look at).
      SELECT (e ->> 'n')::bigint AS n, jsonb_build_object('ok', e -> 'answer', 'replayed', false, 'plain', true) AS answer
      FROM jsonb_array_elements(v_plan) AS e
      UNION ALL
      SELECT v_rest_n[i], v_rest_answers -> (i - 1)
      FROM generate_subscripts(v_rest_n, 1) AS i
    ) AS s
  );
END;
$$;
