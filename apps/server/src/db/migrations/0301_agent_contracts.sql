-- Agent contracts (docs/agents.md, "Contracts"): between an upline agent and a direct downline
-- agent (upline_id NULL: a top agent's contract with the house, set by an operator). A row is one
-- contract from its offer to its end; the tiers are validated by the shared schema before they
-- are stored.

CREATE TABLE agent_contracts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  upline_id bigint REFERENCES members (id),
  downline_id bigint NOT NULL REFERENCES members (id),
  -- [{ minAmountMinor, minActivePlayers, rateBp }]: the highest rate among the tiers reached applies.
  tiers jsonb NOT NULL,
  -- The settlement period: a dividend's is chosen; each salary type has its own fixed one.
  period text NOT NULL CHECK (
    (type = 'dividend' AND period IN ('daily', 'weekly', 'semimonthly', 'monthly'))
    OR (type = 'daily_salary' AND period = 'day')
    OR (type = 'hourly_salary' AND period = 'hour')
    OR (type = 'realtime_salary' AND period = '5min')
  ),
  status text NOT NULL CHECK (status IN ('offered', 'rejected', 'cancelled', 'active', 'termination_requested', 'terminated')),
  offered_at timestamptz NOT NULL DEFAULT now(),
  -- 'member' (the upline agent) or 'operator' (a contract with the house).
  offered_by_type text NOT NULL CHECK (offered_by_type IN ('member', 'operator')),
  offered_by_id text NOT NULL,
  -- Accepted or rejected (an operator's contract is active from its offer).
  answered_at timestamptz,
  termination_requested_at timestamptz,
  termination_requested_by text CHECK (termination_requested_by IN ('upline', 'downline')),
  terminated_at timestamptz,
  -- agreed: the other side accepted a termination request; replaced: a newer contract of the type
  -- was accepted; rate_cap: the upline's own contract fell under this one; moved: the downline
  -- moved to another upline; operator: the house ended it. 'cancelled' offers carry the reason too.
  end_reason text CHECK (end_reason IN ('agreed', 'replaced', 'rate_cap', 'moved', 'operator')),
  CHECK (upline_id IS NULL OR upline_id <> downline_id)
);
-- One live contract (active or with an open termination request) and one open offer per downline and type.
CREATE UNIQUE INDEX agent_contracts_live_key ON agent_contracts (downline_id, type) WHERE status IN ('active', 'termination_requested');
CREATE UNIQUE INDEX agent_contracts_offer_key ON agent_contracts (downline_id, type) WHERE status = 'offered';
-- What an upline gave its downlines (the cascade's and the agent centre's lookup).
CREATE INDEX agent_contracts_upline_idx ON agent_contracts (upline_id, type, status) WHERE upline_id IS NOT NULL;
