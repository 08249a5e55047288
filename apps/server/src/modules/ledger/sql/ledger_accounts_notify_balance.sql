-- ledger_accounts_notify_balance: Announces a player account's balance change at commit so every instance evicts its cached balance.
-- Owner: ledger (a trigger function on its own tables).
--
-- As migration 0150_balance_change_notify explained it:
-- Each instance keeps the player balances it has shown in memory (modules/ledger/balance-cache.ts);
-- any change to a player account's balance evicts it on every instance, whoever writes it
-- (ledger_post from the service, the seamless callbacks' SQL, an operator's script). The
-- notification is sent at commit and carries the account id; repeats within one transaction are
-- sent once. System accounts (house, clearing, budgets) move on nearly every post and are never
-- shown to a player, so they send nothing.
CREATE OR REPLACE FUNCTION ledger_accounts_notify_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_balance_change', NEW.id::text);
  RETURN NULL;
END;
$$;
