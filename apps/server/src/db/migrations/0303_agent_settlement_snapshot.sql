-- Agent settlement: a run's cut-off is the whole snapshot it read under, not only its oldest
-- running transaction. With the oldest running transaction alone (0302's cutoff_mark), one long
-- transaction anywhere on the database server (another database's included: transaction ids are
-- the server's) held back every round committed after it, even rounds whose transactions had long
-- committed. With the snapshot, a round counts when its settling transaction is visible in the
-- run's snapshot (committed before the run read), and only the transactions still running then are
-- left to the next run. Visibility in a later snapshot never goes away, so each round is still
-- counted by exactly one run (docs/agents.md, "Settlement").
ALTER TABLE agent_settlement_runs ADD COLUMN cutoff_snapshot pg_snapshot;
