-- ledger_post_set: Writes many balanced ledger transactions that a caller planned set-based, one
-- statement per table: the transactions (ids, keys, hashes, results given), their entries in the
-- order given, and the accounts moved by their summed deltas.
-- Owner: ledger (it writes only ledger tables; it is the one copy of the set-based posting core that
-- the seamless batch functions, seamless_bet_many and seamless_win_many, used to carry each).
--
-- Why a caller plans the posts: a seamless batch computes each post's running balances, answer and
-- ids together with its own rows (round_bets, game_rounds) in one pass, and only the ledger's
-- writes are left to do. What the caller must have done first, as ledger_post does for one post:
--   * locked every account the posts move, in id order (the documented lock order);
--   * checked the funds (player accounts keep CHECK (balance >= 0) as the last guard);
--   * taken each transaction id from ledger_transactions_id_seq and built its result.
-- A key claimed meanwhile by another transaction: nothing is written and LE004 is raised, so the
-- caller's statement rolls back and its service runs the batch again (as with ledger_post).
-- The deferred balance check (ledger_check_balanced) still checks every transaction at commit.
--
-- Posts: parallel arrays, one element per transaction, in posting order. Entries: parallel arrays,
-- one element per entry (its transaction id, account, amount, currency), in insertion order.
CREATE OR REPLACE FUNCTION ledger_post_set(
  p_ids bigint[], p_kinds text[], p_keys text[], p_hashes text[], p_currencies text[], p_references text[],
  p_metadata jsonb[], p_results jsonb[],
  p_entry_transactions bigint[], p_entry_accounts bigint[], p_entry_amounts bigint[], p_entry_currencies text[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, result)
  OVERRIDING SYSTEM VALUE
  SELECT t.id, t.kind, t.key, t.hash, t.currency, t.reference, t.metadata, t.result
  FROM unnest(p_ids, p_kinds, p_keys, p_hashes, p_currencies, p_references, p_metadata, p_results)
    WITH ORDINALITY AS t(id, kind, key, hash, currency, reference, metadata, result, n)
  ORDER BY t.n
  ON CONFLICT (idempotency_key) DO NOTHING;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count <> coalesce(cardinality(p_ids), 0) THEN
    RAISE EXCEPTION 'ledger: a key of the batch was taken by another request' USING ERRCODE = 'LE004';
  END IF;
  INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
  SELECT e.tx, e.account, e.amount, e.currency
  FROM unnest(p_entry_transactions, p_entry_accounts, p_entry_amounts, p_entry_currencies)
    WITH ORDINALITY AS e(tx, account, amount, currency, k)
  ORDER BY e.k;
  UPDATE ledger_accounts AS a SET balance = a.balance + d.delta
  FROM (
    SELECT e.account, sum(e.amount)::bigint AS delta
    FROM unnest(p_entry_accounts, p_entry_amounts) AS e(account, amount)
    GROUP BY e.account
  ) AS d
  WHERE a.id = ANY (p_entry_accounts) AND a.id = d.account;
END;
$$;
