-- Periodic jobs claim each period before running it, so that with several server instances a
-- period runs on one of them only. The primary key is the claim: the first instance to insert
-- (job, period_key) runs it. A claim whose holder stops renewing its lease (a crash, kill -9)
-- can be taken over once lease_until has passed, as long as the period is not finished; the new
-- holder bumps attempt, which fences the old holder out of renewing or completing it.
CREATE TABLE job_runs (
  job text NOT NULL CHECK (length(job) BETWEEN 1 AND 60),
  -- The period's own name: for interval jobs the ISO time its window starts.
  period_key text NOT NULL CHECK (length(period_key) BETWEEN 1 AND 60),
  period_start timestamptz NOT NULL,
  -- The instance holding the claim (or that finished it), and the one it was taken over from.
  instance text NOT NULL,
  previous_instance text,
  attempt integer NOT NULL DEFAULT 1 CHECK (attempt >= 1),
  started_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz NOT NULL,
  finished_at timestamptz,
  -- How many items the finished run handled; the last failure's message while it is unfinished.
  handled integer,
  error text,
  PRIMARY KEY (job, period_key)
);
-- The scheduler's two look-ups per tick: the latest period of a job, and its unfinished claims.
CREATE INDEX job_runs_job_start_idx ON job_runs (job, period_start);
CREATE INDEX job_runs_unfinished_idx ON job_runs (job, lease_until) WHERE finished_at IS NULL;
