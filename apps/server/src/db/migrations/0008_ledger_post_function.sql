-- The whole posting of a ledger transaction as one server-side call, so a post costs one round
-- trip instead of eight. The steps and rules are those of docs/architecture.md
-- "How a ledger transaction flows" and of ledger.service.ts (which hashes the request and checks its shape before calling):
--   1. lock the accounts in id order (a concurrent duplicate waits here);
--   2. claim the idempotency key together with the result: a replay returns the stored result,
--      a different request hash is a conflict;
--   3. check player funds against the locked balances;
--   4. move the cached balances and append the entries.
-- Errors that must undo the claimed key are raised (SQLSTATE LE001–LE003) and roll the
-- statement back.
CREATE FUNCTION ledger_post(
  p_kind text,
  p_idempotency_key text,
  p_request_hash text,
  p_reference text,
  p_metadata jsonb,
  p_account_ids bigint[],
  p_amounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
  v_deltas bigint[];
  v_found integer;
  v_currencies integer;
  v_currency text;
  v_tx_id bigint;
  v_existing record;
  v_short_balance bigint;
  v_balances jsonb;
  v_result jsonb;
BEGIN
  -- Net movement per account: an account named twice is locked and moved once.
  SELECT array_agg(s.id ORDER BY s.id), array_agg(s.delta ORDER BY s.id) INTO v_ids, v_deltas
  FROM (
    SELECT e.id, sum(e.amount)::bigint AS delta
    FROM unnest(p_account_ids, p_amounts) AS e(id, amount)
    GROUP BY e.id
  ) AS s;

  SELECT count(*), count(DISTINCT a.currency), min(a.currency) INTO v_found, v_currencies, v_currency
  FROM ledger_accounts AS a WHERE a.id = ANY (v_ids);
  IF v_found <> cardinality(v_ids) THEN
    RAISE EXCEPTION 'ledger: unknown account in entries' USING ERRCODE = 'LE001';
  END IF;
  IF v_currencies <> 1 THEN
    RAISE EXCEPTION 'ledger: all entries of a transaction use one currency' USING ERRCODE = 'LE002';
  END IF;

  -- 1. Lock in id order. Everything below sees the current balances of these rows.
  PERFORM 1 FROM ledger_accounts AS a WHERE a.id = ANY (v_ids) ORDER BY a.id FOR UPDATE;
  SELECT jsonb_object_agg(a.id::text, (a.balance + d.delta)::text) INTO v_balances
  FROM ledger_accounts AS a JOIN unnest(v_ids, v_deltas) AS d(id, delta) ON d.id = a.id;

  -- 2. Claim the key, with the result this post will have. A concurrent duplicate waited on the
  --    account locks above and finds the key taken here: a replay, or a conflict.
  v_tx_id := nextval(pg_get_serial_sequence('ledger_transactions', 'id'));
  v_result := jsonb_build_object('transactionId', v_tx_id::text, 'balances', v_balances);
  INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, result)
  OVERRIDING SYSTEM VALUE
  VALUES (v_tx_id, p_kind, p_idempotency_key, p_request_hash, v_currency, p_reference, p_metadata, v_result)
  ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    SELECT t.id, t.request_hash, t.result INTO v_existing
    FROM ledger_transactions AS t WHERE t.idempotency_key = p_idempotency_key;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger: idempotency key conflict but no stored transaction';
    END IF;
    IF v_existing.request_hash <> p_request_hash THEN
      RETURN jsonb_build_object('status', 'conflict');
    END IF;
    RETURN jsonb_build_object('status', 'replayed', 'transactionId', v_existing.id::text, 'result', v_existing.result);
  END IF;

  -- 3. Player funds, checked on the locked rows; raising undoes the claimed key.
  SELECT a.balance INTO v_short_balance
  FROM ledger_accounts AS a JOIN unnest(v_ids, v_deltas) AS d(id, delta) ON d.id = a.id
  WHERE a.is_player AND a.balance + d.delta < 0
  ORDER BY a.id
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: insufficient funds' USING ERRCODE = 'LE003', DETAIL = v_short_balance::text;
  END IF;

  -- 4. Move balances by their deltas (never to a computed absolute value) and append the entries.
  UPDATE ledger_accounts AS a SET balance = a.balance + d.delta
  FROM unnest(v_ids, v_deltas) AS d(id, delta)
  WHERE a.id = d.id AND d.delta <> 0;

  INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
  SELECT v_tx_id, e.id, e.amount, v_currency
  FROM unnest(p_account_ids, p_amounts) WITH ORDINALITY AS e(id, amount, n)
  ORDER BY e.n;

  RETURN jsonb_build_object('status', 'posted', 'transactionId', v_tx_id::text, 'result', v_result);
END;
$$;
