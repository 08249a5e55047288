-- Reward set-ups have money ceilings; above them a set-up waits for a second operator before it
-- goes live. An outside review found that a marketing operator, who holds no money permission, paid
-- 90,000.00 to one chosen player through a raffle drawn at once: the operator money policy (0450)
-- held manual credits, but a set-up that pays by itself (a raffle's prizes) was never looked at by
-- anyone holding a money permission.
--
-- Two new thresholds beside the policy's three, settings like them (lowered at once, raised by a
-- second operator): the money value of one item of a set-up (a raffle's largest cash or bonus
-- prize) and of one period (a raffle's prizes together: one draw). Defaults: R$ 1.000,00 an item,
-- the policy's amount of one request, and R$ 10.000,00 a period, two operators' 24-hour credits.
--
-- Raffles: a raffle whose prizes pass a ceiling is created `awaiting_approval`. Players do not see
-- it, no tickets are claimed or given into it and it is never drawn until an operator other than
-- its creator, holding the approval permission, approves it (`open`) or rejects it (`rejected`).
-- The ceilings it passed and the decision are kept on the row and in the audit.

ALTER TABLE operator_money_limits
  ADD COLUMN setup_item_minor bigint NOT NULL DEFAULT 100000 CHECK (setup_item_minor >= 0),
  ADD COLUMN setup_period_minor bigint NOT NULL DEFAULT 1000000 CHECK (setup_period_minor >= 0);

ALTER TABLE operator_money_limit_changes
  ADD COLUMN setup_item_minor bigint CHECK (setup_item_minor >= 0),
  ADD COLUMN setup_period_minor bigint CHECK (setup_period_minor >= 0),
  DROP CONSTRAINT operator_money_limit_changes_raises_something,
  ADD CONSTRAINT operator_money_limit_changes_raises_something
    CHECK (COALESCE(per_request_minor, player_day_minor, operator_day_minor, setup_item_minor, setup_period_minor) IS NOT NULL);

ALTER TABLE raffles
  DROP CONSTRAINT raffles_status_check,
  ADD CONSTRAINT raffles_status_check CHECK (status IN ('awaiting_approval', 'open', 'drawn', 'rejected')),
  -- Which ceilings the prizes passed when the raffle was created (empty: it went live at once).
  ADD COLUMN ceiling_reasons text[] NOT NULL DEFAULT '{}'
    CHECK (ceiling_reasons <@ ARRAY['setup_item', 'setup_period']::text[]),
  ADD COLUMN approved_by bigint REFERENCES operators (id),
  ADD COLUMN approved_at timestamptz,
  -- Four eyes: whoever decides a waiting raffle is not the operator who created it.
  ADD CONSTRAINT raffles_four_eyes CHECK (approved_by IS NULL OR approved_by IS DISTINCT FROM created_by);

CREATE INDEX raffles_awaiting_idx ON raffles (id) WHERE status = 'awaiting_approval';
