-- ledger_post_batch: Many ledger posts in one statement for group commit, each answered as ledger_post would, short player accounts answered "insufficient".
-- Owner: ledger (posts through ledger_post).
--
-- As migration 0012_ledger_post_batch explained it:
-- Many posts in one statement (group commit): the ledger service sends the posts that arrive
-- while the database is busy together, so they share one round trip and one commit. Each post is
-- still its own balanced transaction with its own idempotency key and answer, as with ledger_post.
--
-- Every account of the batch is locked first, in id order, so batches and single posts never wait
-- on each other in a cycle. With the locks held, each post's funds are checked before it is
-- applied, so a refused post is an answer ('insufficient') and does not undo the others.
-- ledger_post's errors still raise and roll the whole batch back: LE004 (a key claimed by another
-- transaction meanwhile; the service runs the batch again) and LE001/LE002 (a malformed post;
-- the service then posts the batch one by one, so only that post fails).
--
-- p_posts: [{kind, key, hash, reference, metadata, accounts: [id…], amounts: [minor…]}, …]
-- Returns, in order, ledger_post's answer for each post, or
-- {"status": "insufficient", "balance": "<the short player account's balance>"}.
-- requires: ledger_post
CREATE OR REPLACE FUNCTION ledger_post_batch(p_posts jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_post jsonb;
  v_ids bigint[];
  v_amounts bigint[];
  v_short bigint;
  v_answers jsonb := '[]'::jsonb;
BEGIN
  PERFORM 1 FROM ledger_accounts AS a
  WHERE a.id IN (
    SELECT x::bigint FROM jsonb_array_elements(p_posts) AS p, jsonb_array_elements_text(p -> 'accounts') AS x
  )
  ORDER BY a.id
  FOR UPDATE;

  FOR v_post IN SELECT p FROM jsonb_array_elements(p_posts) AS p LOOP
    SELECT array_agg(x::bigint ORDER BY n) INTO v_ids FROM jsonb_array_elements_text(v_post -> 'accounts') WITH ORDINALITY AS t(x, n);
    SELECT array_agg(x::bigint ORDER BY n) INTO v_amounts FROM jsonb_array_elements_text(v_post -> 'amounts') WITH ORDINALITY AS t(x, n);

    -- A replay never needs funds; ledger_post answers it without touching a balance.
    IF NOT EXISTS (SELECT 1 FROM ledger_transactions AS t WHERE t.idempotency_key = v_post ->> 'key') THEN
      SELECT a.balance INTO v_short
      FROM ledger_accounts AS a
      JOIN (
        SELECT e.id, sum(e.amount) AS delta FROM unnest(v_ids, v_amounts) AS e(id, amount) GROUP BY e.id
      ) AS s ON s.id = a.id
      WHERE a.is_player AND a.balance + s.delta < 0
      ORDER BY a.id
      LIMIT 1;
      IF FOUND THEN
        v_answers := v_answers || jsonb_build_array(jsonb_build_object('status', 'insufficient', 'balance', v_short::text));
        CONTINUE;
      END IF;
    END IF;

    v_answers := v_answers || jsonb_build_array(ledger_post(
      v_post ->> 'kind', v_post ->> 'key', v_post ->> 'hash', v_post ->> 'reference',
      coalesce(v_post -> 'metadata', '{}'::jsonb), v_ids, v_amounts));
  END LOOP;
  RETURN v_answers;
END;
$$;
