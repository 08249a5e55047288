-- seamless_post_plan: The ledger transactions of a seamless batch's plain bets or wins, as
-- seamless_bet_many and seamless_win_many planned them, handed to the ledger's ledger_post_set.
-- Owner: gateway (it turns the gateway's plan into posts; it writes nothing itself, the ledger does).
--
-- Each planned op is one transaction as seamless_apply posts it: kind 'bet' or 'win', key
-- seamless:<vassalage>:<tx>, the op's hash, reference round:<vassalage>:<round>, the round's
-- metadata, and a result with both accounts' balances after it (the plan's running balances).
-- Its two entries: a bet moves its amount from the wallet to the house (wallet entry first), a win
-- from the house to the wallet (house entry first). The plan's elements carry n (the op's place in
-- the batch), vassalage, tx, round_id, member_id, hash, node_id, currency, wallet, house, amount,
-- ledger_tx (an id already taken from ledger_transactions_id_seq), wallet_after and house_after.
-- The caller has locked the accounts in id order and checked the funds.
-- requires: ledger_post_set
CREATE OR REPLACE FUNCTION seamless_post_plan(p_plan jsonb, p_kind text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledger_post_set(t.ids, t.kinds, t.keys, t.hashes, t.currencies, t.refs, t.metadata, t.results,
    e.txs, e.accounts, e.amounts, e.currencies)
  FROM (
    SELECT array_agg(p.ledger_tx ORDER BY p.n) AS ids, array_agg(p_kind ORDER BY p.n) AS kinds,
      array_agg('seamless:' || p.vassalage || ':' || p.tx ORDER BY p.n) AS keys, array_agg(p.hash ORDER BY p.n) AS hashes,
      array_agg(p.currency ORDER BY p.n) AS currencies, array_agg('round:' || p.vassalage || ':' || p.round_id ORDER BY p.n) AS refs,
      array_agg(jsonb_build_object('memberId', p.member_id::text, 'vassalage', p.vassalage, 'roundId', p.round_id, 'gameId', p.node_id)
        ORDER BY p.n) AS metadata,
      array_agg(jsonb_build_object('transactionId', p.ledger_tx::text, 'balances',
        jsonb_build_object(p.wallet::text, p.wallet_after::bigint::text, p.house::text, p.house_after::bigint::text)) ORDER BY p.n) AS results
    FROM jsonb_to_recordset(p_plan) AS p(n bigint, vassalage text, tx text, round_id text, member_id bigint, hash text, node_id text,
      currency text, house bigint, wallet bigint, ledger_tx bigint, house_after numeric, wallet_after numeric)
  ) AS t,
  (
    SELECT array_agg(p.ledger_tx ORDER BY p.n, x.k) AS txs, array_agg(x.account ORDER BY p.n, x.k) AS accounts,
      array_agg(x.amount ORDER BY p.n, x.k) AS amounts, array_agg(p.currency ORDER BY p.n, x.k) AS currencies
    FROM jsonb_to_recordset(p_plan) AS p(n bigint, ledger_tx bigint, house bigint, wallet bigint, amount bigint, currency text),
      LATERAL (VALUES
        (1, CASE p_kind WHEN 'bet' THEN p.wallet ELSE p.house END, -p.amount),
        (2, CASE p_kind WHEN 'bet' THEN p.house ELSE p.wallet END, p.amount)) AS x(k, account, amount)
  ) AS e;
END;
$$;
