-- Agent contract settlement (docs/agents.md, "Settlement"): each contract type's periods are
-- settled once per contract, from the round records and the ledger, and paid through the ledger.
--
-- Which period a round counts in. A round's settled_at is the time of the statement that settled
-- it, but its transaction can commit later, after a settlement has already read the period: a
-- cut-off by time alone would miss it for good. So the transaction that settles a round is
-- stamped on it (settled_tx, xid8), and each settlement run records a mark: the oldest
-- transaction still running when it read (pg_snapshot_xmin). Every round whose settled_tx is
-- below the mark has committed (or never will); none can appear there later. A run counts the
-- rounds with settled_at before its period's end AND settled_tx below its mark that the previous
-- run of the same stream did not count (settled_at before that run's end and settled_tx below its
-- mark). Both bounds only grow, so every round is counted by exactly one run: the first whose end
-- and mark are both past it. A round settled after the cut-off (or committed after the mark) goes
-- to the next period and never rewrites a settled one. The same holds for the bonuses and rebates
-- paid (ledger_transactions.settle_tx).

ALTER TABLE game_rounds ADD COLUMN settled_tx xid8;
-- Rounds settled before this migration are old enough to count as committed long ago.
UPDATE game_rounds SET settled_tx = '0'::xid8 WHERE status = 'settled';

CREATE FUNCTION game_rounds_stamp_settled_tx() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'settled' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'settled') THEN
    NEW.settled_tx := pg_current_xact_id();
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER game_rounds_settled_tx BEFORE INSERT OR UPDATE OF status ON game_rounds
  FOR EACH ROW EXECUTE FUNCTION game_rounds_stamp_settled_tx();
-- A run reads its window by time, and the late rounds of the previous window by transaction.
CREATE INDEX game_rounds_settled_at_idx ON game_rounds (settled_at) WHERE status = 'settled';
CREATE INDEX game_rounds_settled_tx_idx ON game_rounds (settled_tx) WHERE status = 'settled';

-- Bonuses and rebates paid to players lower a dividend's base: stamped the same way. No volatile
-- default on ADD COLUMN (that would rewrite the ledger); older rows stay NULL and count as old.
ALTER TABLE ledger_transactions ADD COLUMN settle_tx xid8;
ALTER TABLE ledger_transactions ALTER COLUMN settle_tx SET DEFAULT pg_current_xact_id();
CREATE INDEX ledger_transactions_bonus_time_idx ON ledger_transactions (created_at)
  WHERE kind IN ('reward_cash', 'bonus_conversion', 'points_conversion', 'points_redeem_cash');
CREATE INDEX ledger_transactions_bonus_tx_idx ON ledger_transactions (settle_tx)
  WHERE kind IN ('reward_cash', 'bonus_conversion', 'points_conversion', 'points_redeem_cash');

-- One run per stream (a contract type and its period kind: daily_salary:day, dividend:weekly, …)
-- and period. The run's end and mark bound what it counted (above); the next run starts from them.
CREATE TABLE agent_settlement_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream text NOT NULL,
  type text NOT NULL CHECK (type IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  period_key text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  -- pending: computing; computed: statements written, payments under way; done: all paid or held;
  -- failed: the computation or a payment failed (error), re-run by the job or an operator;
  -- superseded: a later period of the stream was computed first, its rounds went there.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'computed', 'done', 'failed', 'superseded')),
  cutoff_mark xid8,
  contracts integer NOT NULL DEFAULT 0,
  statements integer NOT NULL DEFAULT 0,
  paid integer NOT NULL DEFAULT 0,
  held integer NOT NULL DEFAULT 0,
  total_minor bigint NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  computed_at timestamptz,
  finished_at timestamptz,
  CONSTRAINT agent_settlement_runs_period_key UNIQUE (stream, period_key)
);
CREATE INDEX agent_settlement_runs_list_idx ON agent_settlement_runs (period_start DESC, id DESC);
-- The stream's latest computed run: where the next one starts.
CREATE INDEX agent_settlement_runs_stream_idx ON agent_settlement_runs (stream, period_end DESC) WHERE cutoff_mark IS NOT NULL;

-- What one contract pays its agent (the payee) for one period, with the lines it was computed from.
CREATE TABLE agent_statements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id bigint NOT NULL REFERENCES agent_settlement_runs (id),
  contract_id bigint NOT NULL REFERENCES agent_contracts (id),
  member_id bigint NOT NULL REFERENCES members (id),
  type text NOT NULL,
  period_key text NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  -- The team's figures in the period (turnover, or net loss for a dividend) and active players.
  team_base bigint NOT NULL,
  active_players integer NOT NULL,
  -- The figures the tiers chose the rate by (a real-time salary: the day so far).
  tier_base bigint NOT NULL,
  tier_active integer NOT NULL,
  -- Dividend only: the deficit carried in from the previous period (<= 0) and out to the next.
  carry_in bigint NOT NULL DEFAULT 0 CHECK (carry_in <= 0),
  carry_out bigint NOT NULL DEFAULT 0 CHECK (carry_out <= 0),
  -- The contract's tier rate, and the rate used (capped by the uplines').
  tier_rate_bp integer NOT NULL,
  rate_bp integer NOT NULL,
  -- Paid through this agent (its rate on its team's base), less what its downline agents were paid.
  gross_minor bigint NOT NULL,
  downline_minor bigint NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  lines jsonb NOT NULL,
  -- none: nothing to pay; pending: to pay; held: the payee is held; paid.
  status text NOT NULL CHECK (status IN ('none', 'pending', 'held', 'paid')),
  ledger_transaction_id bigint,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT agent_statements_contract_period_key UNIQUE (contract_id, period_key),
  CHECK ((status = 'paid') = (ledger_transaction_id IS NOT NULL))
);
CREATE INDEX agent_statements_member_idx ON agent_statements (member_id, period_start DESC, id DESC);
CREATE INDEX agent_statements_run_idx ON agent_statements (run_id, id);
CREATE INDEX agent_statements_unpaid_idx ON agent_statements (member_id) WHERE status IN ('pending', 'held');

-- A payee held by an operator: its statements stay unpaid (held) until the hold is released.
CREATE TABLE agent_payee_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  reason text NOT NULL,
  created_by bigint NOT NULL REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz,
  released_by bigint REFERENCES operators (id),
  release_reason text
);
CREATE UNIQUE INDEX agent_payee_holds_active_key ON agent_payee_holds (member_id) WHERE released_at IS NULL;
