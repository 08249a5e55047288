-- Back-office player administration: the indexes that serve player search at scale, and manual
-- balance adjustments with a second operator's approval above the operator's threshold.

-- Search by username prefix: account is stored lower-case (0002), so a LIKE 'abc%' on it is served
-- by a text_pattern_ops index whatever the database's collation.
CREATE INDEX members_account_prefix_idx ON members (account text_pattern_ops);

-- Search by the last digits of a bound bank account: the reversed number's prefix.
CREATE INDEX member_bank_accounts_reversed_number_idx ON member_bank_accounts (reverse(account_number) text_pattern_ops);

-- The player page's lists are keyset-paged newest first by id (ledger entries, deposits, in-house
-- rounds and notices already have a (member or account, id) index).
CREATE INDEX game_rounds_member_id_idx ON game_rounds (member_id, id DESC);
CREATE INDEX withdrawal_orders_member_id_idx ON withdrawal_orders (member_id, id DESC);
CREATE INDEX member_sessions_member_id_idx ON member_sessions (member_id, id DESC);

-- A manual credit or debit of a player's main wallet. Every adjustment has a row: at or below the
-- threshold it is posted when requested (status 'posted'); above it waits as 'pending' until an
-- operator other than the requester approves (posted) or rejects it. Deciding is
-- UPDATE ... WHERE status = 'pending', so one decision wins; the ledger post's idempotency key is
-- the adjustment's id, so the money moves once.
CREATE TABLE player_adjustments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  kind text NOT NULL CHECK (kind IN ('bonus', 'correction', 'goodwill', 'chargeback')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z0-9]{2,12}$'),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  -- The requesting client's key: a repeated request returns the first adjustment.
  request_key text NOT NULL CHECK (length(request_key) BETWEEN 8 AND 100),
  status text NOT NULL CHECK (status IN ('pending', 'posted', 'rejected')),
  -- The threshold in force when it was requested (minor units), for the record.
  threshold bigint NOT NULL,
  requested_by bigint NOT NULL REFERENCES operators (id),
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  decision_reason text CHECK (decision_reason IS NULL OR length(decision_reason) <= 500),
  ledger_transaction_id bigint,
  CONSTRAINT player_adjustments_request_key UNIQUE (request_key),
  -- Four eyes: the requester never decides their own pending adjustment.
  CONSTRAINT player_adjustments_four_eyes CHECK (status <> 'pending' AND (decided_by IS NULL OR decided_by <> requested_by) OR status = 'pending' AND decided_by IS NULL),
  CONSTRAINT player_adjustments_posted_has_transaction CHECK ((status = 'posted') = (ledger_transaction_id IS NOT NULL))
);
CREATE INDEX player_adjustments_pending_idx ON player_adjustments (id) WHERE status = 'pending';
CREATE INDEX player_adjustments_member_idx ON player_adjustments (member_id, id DESC);
