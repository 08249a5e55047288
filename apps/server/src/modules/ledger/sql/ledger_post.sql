-- ledger_post: Posts one balanced ledger transaction (idempotent by key): inserts the transaction and its entries and moves the balances.
-- Owner: ledger (writes only ledger tables).
--
-- As migration 0009_ledger_post_lean explained it:
-- ledger_post, rewritten to do less per post (same signature and answers as 0008).
-- Measured with pgbench on a 2-core machine, 16 clients: 2,850 posts/s before, about 5,000 after.
-- What changed, and why it is still safe:
--   * A replay is found by one index read of the key before anything is locked or written.
--   * Each account is locked by the UPDATE that moves it (in id order, so two posts never wait
--     on each other in a cycle), instead of a SELECT … FOR UPDATE followed by an UPDATE.
--     The UPDATE's own guard refuses to take a player balance below zero.
--   * The key is claimed after the balances moved. A concurrent post with the same key that
--     committed in between makes the claim find nothing; the function then raises LE004, which
--     rolls the whole statement back (balances included), and the service calls it again, when the
--     first read finds the stored transaction.
-- Errors raised (SQLSTATE LE001–LE004) roll the statement back; nothing is half-written.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text,
  p_idempotency_key text,
  p_request_hash text,
  p_reference text,
  p_metadata jsonb,
  p_account_ids bigint[],
  p_amounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_existing record;
  v_id bigint;
  v_delta bigint;
  v_balance bigint;
  v_account_currency text;
  v_currency text;
  v_balances jsonb := '{}'::jsonb;
  v_tx_id bigint;
  v_result jsonb;
BEGIN
  -- 1. A replay: the stored result, or a conflict when the request differs.
  SELECT t.id, t.request_hash, t.result INTO v_existing
  FROM ledger_transactions AS t WHERE t.idempotency_key = p_idempotency_key;
  IF FOUND THEN
    IF v_existing.request_hash <> p_request_hash THEN
      RETURN jsonb_build_object('status', 'conflict');
    END IF;
    RETURN jsonb_build_object('status', 'replayed', 'transactionId', v_existing.id::text, 'result', v_existing.result);
  END IF;

  -- 2. Move each account by its net delta, in id order; the UPDATE takes the row lock.
  FOR v_id, v_delta IN
    SELECT e.id, sum(e.amount)::bigint
    FROM unnest(p_account_ids, p_amounts) AS e(id, amount)
    GROUP BY e.id
    ORDER BY e.id
  LOOP
    UPDATE ledger_accounts AS a SET balance = a.balance + v_delta
    WHERE a.id = v_id AND (NOT a.is_player OR a.balance + v_delta >= 0)
    RETURNING a.balance, a.currency INTO v_balance, v_account_currency;
    IF NOT FOUND THEN
      SELECT a.balance INTO v_balance FROM ledger_accounts AS a WHERE a.id = v_id;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger: unknown account in entries' USING ERRCODE = 'LE001';
      END IF;
      RAISE EXCEPTION 'ledger: insufficient funds' USING ERRCODE = 'LE003', DETAIL = v_balance::text;
    END IF;
    IF v_currency IS NULL THEN
      v_currency := v_account_currency;
    ELSIF v_currency <> v_account_currency THEN
      RAISE EXCEPTION 'ledger: all entries of a transaction use one currency' USING ERRCODE = 'LE002';
    END IF;
    v_balances := v_balances || jsonb_build_object(v_id::text, v_balance::text);
  END LOOP;

  -- 3. Claim the key with the result this post has.
  v_tx_id := nextval('ledger_transactions_id_seq');
  v_result := jsonb_build_object('transactionId', v_tx_id::text, 'balances', v_balances);
  INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, result)
  OVERRIDING SYSTEM VALUE
  VALUES (v_tx_id, p_kind, p_idempotency_key, p_request_hash, v_currency, p_reference, p_metadata, v_result)
  ON CONFLICT (idempotency_key) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger: idempotency key claimed concurrently' USING ERRCODE = 'LE004';
  END IF;

  -- 4. Append the entries, in the caller's order.
  INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
  SELECT v_tx_id, e.id, e.amount, v_currency
  FROM unnest(p_account_ids, p_amounts) WITH ORDINALITY AS e(id, amount, n)
  ORDER BY e.n;

  RETURN jsonb_build_object('status', 'posted', 'transactionId', v_tx_id::text, 'result', v_result);
END;
$$;
