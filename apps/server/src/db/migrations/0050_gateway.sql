-- Gateway module: how we talk to game vendors (adapter configuration), single-use launch tokens,
-- vendor sessions, the seamless-wallet round records, and transfer-wallet transfers.
-- Rules: docs/vendor-api.md "Idempotency and ordering rules" and docs/decisions.md.
-- Amounts are bigint minor units.

-- One row per vendor that the gateway can reach. Keyed by the catalogue's vassalage code.
CREATE TABLE vendor_adapters (
  vassalage text PRIMARY KEY REFERENCES game_vendors (vassalage),
  -- 'internal' is our own server-side game engine (in-house games): no HTTP, no secret use.
  wallet_model text NOT NULL CHECK (wallet_model IN ('seamless', 'transfer', 'internal')),
  -- The page a player is sent to, with ?token=<launch token>&game=<nodeId>&lang=<language>.
  launch_url text NOT NULL CHECK (length(launch_url) BETWEEN 1 AND 500),
  -- Transfer wallet: the base URL of the vendor's wallet API that we call.
  api_url text CHECK (api_url IS NULL OR length(api_url) <= 500),
  -- HMAC-SHA256 key for both directions. Kept in clear because signing needs the key itself.
  secret text NOT NULL CHECK (length(secret) BETWEEN 16 AND 200),
  request_timeout_ms integer NOT NULL DEFAULT 5000 CHECK (request_timeout_ms BETWEEN 100 AND 60000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A launch token is put in the game URL, lives 60 s and is exchanged once (authenticate) for a
-- vendor session. Only its SHA-256 is stored.
CREATE TABLE game_launch_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id),
  vassalage text NOT NULL,
  node_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_launch_tokens_expiry_idx ON game_launch_tokens (expires_at);

-- The vendor's session for a player: required on authenticate-bound calls (balance, bet), not on
-- win, rollback or end-round, which may arrive after it expired.
CREATE TABLE vendor_sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id),
  vassalage text NOT NULL,
  node_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per vendor round: what the betting record and the profit-and-loss read. Totals are
-- moved in the same database transaction as the ledger entries they describe.
CREATE TABLE game_rounds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vassalage text NOT NULL,
  round_id text NOT NULL CHECK (length(round_id) BETWEEN 1 AND 100),
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  total_bet bigint NOT NULL DEFAULT 0 CHECK (total_bet >= 0),
  total_win bigint NOT NULL DEFAULT 0 CHECK (total_win >= 0),
  total_refund bigint NOT NULL DEFAULT 0 CHECK (total_refund >= 0 AND total_refund <= total_bet),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT game_rounds_vendor_round_key UNIQUE (vassalage, round_id)
);
CREATE INDEX game_rounds_member_idx ON game_rounds (member_id, created_at DESC);

-- Every money callback (bet, win, rollback) by its vendor transaction id: the idempotency record.
-- A replay with the same request hash returns `response`; another hash is a duplicate.
-- A rollback for an unknown bet writes a 'cancelled' bet row under the bet's id (a tombstone),
-- so the bet is refused if it arrives later.
CREATE TABLE round_bets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vassalage text NOT NULL,
  vendor_tx_id text NOT NULL CHECK (length(vendor_tx_id) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback')),
  round_id text NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  -- win / rollback: the bet's vendor transaction id, when given.
  ref_tx_id text,
  -- bet: pending → accepted | refused | rolled_back; 'cancelled' is a tombstone.
  -- win / rollback: pending → done.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'refused', 'rolled_back', 'cancelled', 'done')),
  request_hash text NOT NULL,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  -- The first answer, returned to every replay (success value or error).
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT round_bets_vendor_tx_key UNIQUE (vassalage, vendor_tx_id)
);
CREATE INDEX round_bets_round_idx ON round_bets (vassalage, round_id);
CREATE INDEX round_bets_member_idx ON round_bets (member_id, created_at DESC);

-- Transfer wallet: every transfer records its intent (pending) before we call the vendor, then
-- its outcome. A pending transfer with an unknown outcome is resolved by a status check.
CREATE TABLE vendor_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Sent to the vendor as its idempotency key (transferId).
  transfer_ref text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id),
  vassalage text NOT NULL REFERENCES vendor_adapters (vassalage),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 120),
  hold_id bigint NOT NULL REFERENCES ledger_holds (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CONSTRAINT vendor_transfers_member_key UNIQUE (member_id, idempotency_key)
);
CREATE INDEX vendor_transfers_pending_idx ON vendor_transfers (created_at) WHERE status = 'pending';
CREATE INDEX vendor_transfers_member_idx ON vendor_transfers (member_id, vassalage, created_at DESC);
-- At most one transfer per player and vendor is in flight, so the vendor balance we mirror is
-- never raced by a second transfer.
CREATE UNIQUE INDEX vendor_transfers_one_pending ON vendor_transfers (member_id, vassalage) WHERE status = 'pending';

-- A player's wallet at a transfer vendor, as we last saw it: `version` moves on every transfer,
-- so a balance read from the vendor is only applied when nothing moved in between.
CREATE TABLE vendor_wallets (
  member_id bigint NOT NULL REFERENCES members (id),
  vassalage text NOT NULL REFERENCES vendor_adapters (vassalage),
  version bigint NOT NULL DEFAULT 0,
  synced_at timestamptz,
  PRIMARY KEY (member_id, vassalage)
);

-- System account for money on its way to or from a vendor (transfer-wallet holds).
INSERT INTO ledger_accounts (currency, purpose, member_id, is_player) VALUES ('BRL', 'vendor_transfer_hold', NULL, false);
