-- Each instance keeps the player balances it has shown in memory (modules/ledger/balance-cache.ts);
-- any change to a player account's balance evicts it on every instance, whoever writes it
-- (ledger_post from the service, the seamless callbacks' SQL, an operator's script). The
-- notification is sent at commit and carries the account id; repeats within one transaction are
-- sent once. System accounts (house, clearing, budgets) move on nearly every post and are never
-- shown to a player, so they send nothing.
CREATE FUNCTION ledger_accounts_notify_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_balance_change', NEW.id::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER ledger_accounts_notify_balance AFTER UPDATE OF balance ON ledger_accounts
  FOR EACH ROW WHEN (NEW.is_player AND NEW.balance IS DISTINCT FROM OLD.balance)
  EXECUTE FUNCTION ledger_accounts_notify_balance();
