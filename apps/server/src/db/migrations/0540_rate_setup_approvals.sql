-- Rate set-ups cannot raise what the operator pays on one operator's word (docs/decisions.md, "Rate
-- set-ups: a raise waits for a second operator"). An outside review found that an operator alone
-- could make the platform pay without bound through reward set-ups; raffles wait above a money
-- ceiling (0501), but the rebate and a top agent's contract with the house pay by rate, with no
-- amount to hold to a ceiling. So a change that pays more waits for an operator other than the
-- asker holding adjustments.approve; a change that pays less is in force at once.

-- The rebate: a raise of its settings waiting, or decided. `raises` names only what it raises
-- ({ enabled: true, mode: 'auto', period, rates: { CATEGORY: bp } }), so approving it never undoes
-- a lowering made meanwhile. One waits at a time: a new raise supersedes the one waiting.
CREATE TABLE rebate_setting_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  raises jsonb NOT NULL CHECK (jsonb_typeof(raises) = 'object' AND raises <> '{}'::jsonb),
  -- The settings in force when it was asked, for the approver and the record.
  before jsonb NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'rejected', 'superseded')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  -- Four eyes: whoever decides it is not who asked.
  CONSTRAINT rebate_setting_changes_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE UNIQUE INDEX rebate_setting_changes_one_pending ON rebate_setting_changes ((true)) WHERE status = 'pending';

-- A top agent's contract with the house that waits: a new one (none live of its type), or terms
-- that give a higher rate somewhere or another dividend period. Approval makes the contract (and
-- ends the one it replaces) as the operator's PUT did; a lowering still does so at once. One waits
-- per member and type: a new request supersedes it.
CREATE TABLE agent_house_contract_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  type text NOT NULL CHECK (type IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  tiers jsonb NOT NULL,
  period text NOT NULL,
  -- The live contract when it was asked (NULL: none), for the approver and the record.
  before jsonb,
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'rejected', 'superseded')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  -- The contract its approval made.
  contract_id bigint REFERENCES agent_contracts (id),
  CONSTRAINT agent_house_contract_changes_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE UNIQUE INDEX agent_house_contract_changes_one_pending
  ON agent_house_contract_changes (member_id, type) WHERE status = 'pending';
