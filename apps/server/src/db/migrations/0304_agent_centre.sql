-- The agent centre (docs/agents.md, "The agent centre"): invitation links, transfers to a direct
-- downline, and team betting. (The downline search by account prefix uses members_account_prefix_idx,
-- migration 0180.)

-- An agent's invitation link: an affiliate code (the member module's affiliate_codes row, which
-- registration and GET /wps/agent/affiliate read) with what a registration through it creates: a
-- member, or a second-line agent that is offered the link's default contract terms. A deleted link
-- keeps its row (its code stays taken and disabled, its registrations counted).
CREATE TABLE agent_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agent_id bigint NOT NULL REFERENCES members (id),
  code text NOT NULL UNIQUE REFERENCES affiliate_codes (code),
  link_type text NOT NULL CHECK (link_type IN ('member', 'agent')),
  -- Tiers per contract type ({"daily_salary": [...], ...}); empty for a member link.
  terms jsonb NOT NULL DEFAULT '{}',
  enabled boolean NOT NULL DEFAULT true,
  registrations integer NOT NULL DEFAULT 0 CHECK (registrations >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (link_type = 'agent' OR terms = '{}'::jsonb)
);
CREATE INDEX agent_links_agent_idx ON agent_links (agent_id, id) WHERE deleted_at IS NULL;

-- A transfer to a downline refused at the money step answers the same refusal to every retry of
-- its key, as an upline transfer does.
ALTER TABLE money_request_refusals DROP CONSTRAINT money_request_refusals_scope_check;
ALTER TABLE money_request_refusals ADD CONSTRAINT money_request_refusals_scope_check
  CHECK (scope IN ('withdrawal', 'transfer_upline', 'transfer_downline'));

-- Team betting without a member filter: the newest rounds first, each checked against the team
-- by the closure table's primary key.
CREATE INDEX game_rounds_created_idx ON game_rounds (created_at DESC, id DESC);

-- A team's members newest first, all levels or one: walked on (ancestor, depth, descendant) or the
-- primary key (ancestor, descendant) backwards, reading one page of rows, never the whole team.
CREATE INDEX agent_tree_ancestor_depth_member_idx ON agent_tree (ancestor_id, depth, descendant_id);
