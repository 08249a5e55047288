-- ledger_accounts_notify_created: Announces a new player account at commit so every instance drops its cached "no account yet".
-- Owner: ledger (a trigger function on its own tables).
--
-- As migration 0696_member_account_created_notify explained it:
-- The balance a player sees (modules/ledger/balance-cache.ts) is kept in memory on every instance,
-- and so is the fact that a member has no account of a purpose yet (a new player has no bonus
-- account until their first game, and the page shows its balance on every navigation). Creating a member's account tells every
-- instance at commit, with the member's id, whoever creates it; a change of balance afterwards is
-- told by the account's own notification (migration 0150). Accounts are created once per member
-- and purpose, so this costs nothing on the money path.
CREATE OR REPLACE FUNCTION ledger_accounts_notify_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_account_created', NEW.member_id::text);
  RETURN NULL;
END;
$$;
