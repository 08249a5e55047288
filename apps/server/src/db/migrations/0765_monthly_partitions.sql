-- Monthly partitions of game_rounds, round_bets and ledger_entries on created_at (UTC months), so
-- the working set is the current month and five years of records are archived by detaching months
-- (records_month_detach) rather than by deleting rows (docs/decisions.md, "Monthly partitions of
-- the rounds and the ledger"). Every row is copied into its month in this one transaction: on a
-- large database it needs a maintenance window (docs/operations.md, capacity step 5).
--
-- A unique key on a partitioned table must hold its partition key, and a vendor's round or
-- transaction id must stay unique across months (a replay a month later must find the first
-- answer). The ids move to two unpartitioned key tables, claimed in the statement that writes the
-- row; each key carries its row's id and created_at, so a lookup by a vendor id reads the key and
-- then one month by the row's primary key (id, created_at).
-- ledger_entries gets created_at (its transaction's, as ledger_post writes both with one now());
-- its transaction's idempotency key stays unique on the unpartitioned ledger_transactions.

CREATE TABLE game_round_keys (
  vassalage text NOT NULL,
  round_id text NOT NULL,
  id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (vassalage, round_id)
);
CREATE TABLE round_bet_keys (
  vassalage text NOT NULL,
  vendor_tx_id text NOT NULL,
  id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (vassalage, vendor_tx_id)
);
CREATE TRIGGER game_round_keys_no_change BEFORE UPDATE OR DELETE ON game_round_keys FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER game_round_keys_no_truncate BEFORE TRUNCATE ON game_round_keys FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bet_keys_no_change BEFORE UPDATE OR DELETE ON round_bet_keys FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bet_keys_no_truncate BEFORE TRUNCATE ON round_bet_keys FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();

-- The old tables step aside (their sequences too, so the new ones keep the names code uses).
ALTER TABLE game_rounds RENAME TO game_rounds_unpartitioned;
ALTER TABLE round_bets RENAME TO round_bets_unpartitioned;
ALTER TABLE ledger_entries RENAME TO ledger_entries_unpartitioned;
ALTER SEQUENCE game_rounds_id_seq RENAME TO game_rounds_unpartitioned_id_seq;
ALTER SEQUENCE round_bets_id_seq RENAME TO round_bets_unpartitioned_id_seq;
ALTER SEQUENCE ledger_entries_id_seq RENAME TO ledger_entries_unpartitioned_id_seq;

CREATE TABLE game_rounds (LIKE game_rounds_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY)
  PARTITION BY RANGE (created_at);
CREATE TABLE round_bets (LIKE round_bets_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY)
  PARTITION BY RANGE (created_at);
CREATE TABLE ledger_entries (
  LIKE ledger_entries_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now()
) PARTITION BY RANGE (created_at);

CREATE FUNCTION records_month_partitions(p_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz := (date_trunc('month', p_month::timestamp) AT TIME ZONE 'UTC');
  v_to timestamptz := ((date_trunc('month', p_month::timestamp) + interval '1 month') AT TIME ZONE 'UTC');
  v_table text;
  v_part text;
  v_refusal text;
  v_made integer := 0;
BEGIN
  FOREACH v_table IN ARRAY ARRAY['game_rounds', 'round_bets', 'ledger_entries'] LOOP
    v_part := v_table || '_' || to_char(p_month, '"y"YYYY"m"MM');
    CONTINUE WHEN to_regclass(v_part) IS NOT NULL;
    v_refusal := CASE WHEN v_table = 'ledger_entries' THEN 'ledger_reject_change' ELSE 'records_refuse_delete' END;
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', v_part, v_table, v_from, v_to);
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      v_part || '_no_delete', v_part, v_refusal);
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %I()',
      v_part || '_no_truncate', v_part, v_refusal);
    v_made := v_made + 1;
  END LOOP;
  RETURN v_made;
END;
$$;

-- Every month holding a row, the current month and the next (the daily job makes each next month
-- from then on). _default takes a row of a month not made (a job that has not run, a test's or an
-- import's old date) rather than refusing the write.
SELECT records_month_partitions(m::date)
FROM generate_series(
  date_trunc('month', least(
    (SELECT min(created_at) FROM game_rounds_unpartitioned),
    (SELECT min(created_at) FROM round_bets_unpartitioned),
    (SELECT min(t.created_at) FROM ledger_transactions AS t WHERE EXISTS (SELECT 1 FROM ledger_entries_unpartitioned AS e WHERE e.transaction_id = t.id)),
    now()) AT TIME ZONE 'UTC'),
  date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month',
  interval '1 month') AS m;
CREATE TABLE game_rounds_default PARTITION OF game_rounds DEFAULT;
CREATE TABLE round_bets_default PARTITION OF round_bets DEFAULT;
CREATE TABLE ledger_entries_default PARTITION OF ledger_entries DEFAULT;
CREATE TRIGGER game_rounds_default_no_delete BEFORE DELETE ON game_rounds_default FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER game_rounds_default_no_truncate BEFORE TRUNCATE ON game_rounds_default FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bets_default_no_delete BEFORE DELETE ON round_bets_default FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bets_default_no_truncate BEFORE TRUNCATE ON round_bets_default FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER ledger_entries_default_no_delete BEFORE DELETE ON ledger_entries_default FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_entries_default_no_truncate BEFORE TRUNCATE ON ledger_entries_default FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();

-- The rows, before any index or trigger (faster, and no deferred balance check per old entry).
INSERT INTO game_rounds OVERRIDING SYSTEM VALUE SELECT * FROM game_rounds_unpartitioned;
INSERT INTO round_bets OVERRIDING SYSTEM VALUE SELECT * FROM round_bets_unpartitioned;
INSERT INTO ledger_entries (id, transaction_id, account_id, amount, currency, created_at) OVERRIDING SYSTEM VALUE
SELECT e.id, e.transaction_id, e.account_id, e.amount, e.currency, t.created_at
FROM ledger_entries_unpartitioned AS e JOIN ledger_transactions AS t ON t.id = e.transaction_id;
INSERT INTO game_round_keys (vassalage, round_id, id, created_at) SELECT vassalage, round_id, id, created_at FROM game_rounds_unpartitioned;
INSERT INTO round_bet_keys (vassalage, vendor_tx_id, id, created_at) SELECT vassalage, vendor_tx_id, id, created_at FROM round_bets_unpartitioned;
SELECT setval('game_rounds_id_seq', last_value, is_called) FROM game_rounds_unpartitioned_id_seq;
SELECT setval('round_bets_id_seq', last_value, is_called) FROM round_bets_unpartitioned_id_seq;
SELECT setval('ledger_entries_id_seq', last_value, is_called) FROM ledger_entries_unpartitioned_id_seq;
DROP TABLE game_rounds_unpartitioned, round_bets_unpartitioned, ledger_entries_unpartitioned;

-- Indexes: the old ones, with the partition key added to the unique ones. A round's and a bet's
-- vendor id get no index here: the key tables are their index.
ALTER TABLE game_rounds ADD CONSTRAINT game_rounds_pkey PRIMARY KEY (id, created_at);
CREATE INDEX game_rounds_created_idx ON game_rounds (created_at DESC, id DESC);
CREATE INDEX game_rounds_member_id_idx ON game_rounds (member_id, id DESC);
CREATE INDEX game_rounds_member_idx ON game_rounds (member_id, created_at DESC);
CREATE INDEX game_rounds_settled_at_idx ON game_rounds (settled_at) WHERE status = 'settled';
CREATE INDEX game_rounds_settled_tx_idx ON game_rounds (settled_tx) WHERE status = 'settled';
CREATE INDEX game_rounds_vendor_round_idx ON game_rounds (vassalage, round_id);
ALTER TABLE game_rounds ADD CONSTRAINT game_rounds_member_id_fkey FOREIGN KEY (member_id) REFERENCES members (id);

ALTER TABLE round_bets ADD CONSTRAINT round_bets_pkey PRIMARY KEY (id, created_at);
CREATE INDEX round_bets_member_idx ON round_bets (member_id, created_at DESC);
CREATE INDEX round_bets_round_idx ON round_bets (round_id, vassalage);
ALTER TABLE round_bets ADD CONSTRAINT round_bets_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES ledger_transactions (id);
ALTER TABLE round_bets ADD CONSTRAINT round_bets_member_id_fkey FOREIGN KEY (member_id) REFERENCES members (id);

ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (id, created_at);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_fk FOREIGN KEY (account_id, currency) REFERENCES ledger_accounts (id, currency);
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_transaction_fk FOREIGN KEY (transaction_id, currency) REFERENCES ledger_transactions (id, currency);

-- Triggers, as the old tables had them (row triggers are cloned onto every month; the statement
-- refusals of DELETE and TRUNCATE are each month's own, above, and the parent's).
CREATE TRIGGER agent_member_daily_rounds AFTER UPDATE ON game_rounds REFERENCING OLD TABLE AS game_rounds_old NEW TABLE AS game_rounds_new
  FOR EACH STATEMENT WHEN (round_counters_by_trigger()) EXECUTE FUNCTION agent_member_daily_on_rounds_updated();
CREATE TRIGGER agent_member_daily_rounds_insert AFTER INSERT ON game_rounds
  FOR EACH ROW WHEN (round_counters_by_trigger()) EXECUTE FUNCTION agent_member_daily_on_round();
CREATE TRIGGER game_rounds_closed_no_update BEFORE UPDATE ON game_rounds
  FOR EACH ROW WHEN (OLD.status = 'settled') EXECUTE FUNCTION records_refuse_closed_update();
CREATE TRIGGER game_rounds_no_delete BEFORE DELETE ON game_rounds FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER game_rounds_no_truncate BEFORE TRUNCATE ON game_rounds FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER game_rounds_settled_tx BEFORE INSERT OR UPDATE OF status ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION game_rounds_stamp_settled_tx();
CREATE TRIGGER game_rounds_staking_bonus_insert BEFORE INSERT ON game_rounds
  FOR EACH ROW WHEN (NEW.bonus_bet > 0) EXECUTE FUNCTION bonus_stamp_staking_bonus();
CREATE TRIGGER game_rounds_staking_bonus_update BEFORE UPDATE OF bonus_bet ON game_rounds
  FOR EACH ROW WHEN (OLD.bonus_id IS NULL AND NEW.bonus_bet > OLD.bonus_bet) EXECUTE FUNCTION bonus_stamp_staking_bonus();
CREATE TRIGGER reporting_game_rounds AFTER UPDATE ON game_rounds REFERENCING OLD TABLE AS game_rounds_old NEW TABLE AS game_rounds_new
  FOR EACH STATEMENT WHEN (round_counters_by_trigger()) EXECUTE FUNCTION reporting_on_rounds_updated();
CREATE TRIGGER reporting_game_rounds_insert AFTER INSERT ON game_rounds
  FOR EACH ROW WHEN (round_counters_by_trigger()) EXECUTE FUNCTION reporting_on_round();
CREATE TRIGGER reward_events_game_rounds AFTER UPDATE ON game_rounds REFERENCING OLD TABLE AS game_rounds_old NEW TABLE AS game_rounds_new
  FOR EACH STATEMENT WHEN (round_counters_by_trigger()) EXECUTE FUNCTION reward_events_on_rounds_updated();

CREATE TRIGGER round_bets_closed_no_update BEFORE UPDATE ON round_bets
  FOR EACH ROW WHEN (OLD.status <> 'pending') EXECUTE FUNCTION round_bets_guard_update();
CREATE TRIGGER round_bets_no_delete BEFORE DELETE ON round_bets FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bets_no_truncate BEFORE TRUNCATE ON round_bets FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER round_bets_staking_bonus BEFORE INSERT ON round_bets
  FOR EACH ROW WHEN (NEW.kind = 'bet' AND NEW.bonus_amount > 0) EXECUTE FUNCTION bonus_stamp_staking_bonus();

CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_reject_change();
CREATE TRIGGER ledger_entries_no_update BEFORE DELETE OR UPDATE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_reject_change();
CREATE FUNCTION records_month_detach(p_month date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_suffix text := to_char(p_month, '"_y"YYYY"m"MM');
  v_done integer := 0;
BEGIN
  IF to_regclass('game_rounds' || v_suffix) IS NOT NULL THEN
    EXECUTE format('ALTER TABLE game_rounds DETACH PARTITION %I', 'game_rounds' || v_suffix);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW WHEN (OLD.status = %L) EXECUTE FUNCTION records_refuse_closed_update()',
      'game_rounds' || v_suffix || '_closed_no_update', 'game_rounds' || v_suffix, 'settled');
    v_done := v_done + 1;
  END IF;
  IF to_regclass('round_bets' || v_suffix) IS NOT NULL THEN
    EXECUTE format('ALTER TABLE round_bets DETACH PARTITION %I', 'round_bets' || v_suffix);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW WHEN (OLD.status <> %L) EXECUTE FUNCTION round_bets_guard_update()',
      'round_bets' || v_suffix || '_closed_no_update', 'round_bets' || v_suffix, 'pending');
    v_done := v_done + 1;
  END IF;
  IF to_regclass('ledger_entries' || v_suffix) IS NOT NULL THEN
    EXECUTE format('ALTER TABLE ledger_entries DETACH PARTITION %I', 'ledger_entries' || v_suffix);
    EXECUTE format('CREATE TRIGGER %I BEFORE DELETE OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION ledger_reject_change()',
      'ledger_entries' || v_suffix || '_no_update', 'ledger_entries' || v_suffix);
    v_done := v_done + 1;
  END IF;
  RETURN v_done;
END;
$$;

-- round_counters_add reads the rounds a batch settled by their id and month (its file,
-- modules/gateway/sql/round_counters_add.sql, takes their created_at as a ninth argument, applied
-- after the migrations): the eight-argument version, which probes every month per round, goes.
DROP FUNCTION round_counters_add(bigint[], text[], text[], bigint[], bigint[], bigint[], integer[], bigint[]);
