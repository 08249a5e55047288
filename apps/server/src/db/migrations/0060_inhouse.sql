-- In-house provably-fair games (vendor 'inhouse'): server seeds committed before play, and one
-- row per round with everything a player needs to verify it (docs/provably-fair.md).
-- Money never moves here: every stake and payout goes through the seamless wallet (gateway
-- module: game_rounds, round_bets, ledger). Amounts are bigint minor units.

-- A player's server seeds. Exactly one is active; its SHA-256 is shown before any round uses it.
-- Rotating reveals the active seed (status 'revealed') and opens a new one at nonce 0.
CREATE TABLE inhouse_seeds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members (id),
  -- 64 hex characters of CSPRNG output. Never returned while the seed is active.
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text NOT NULL CHECK (length(client_seed) BETWEEN 1 AND 64),
  -- The nonce the next round under this seed takes.
  next_nonce bigint NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revealed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  revealed_at timestamptz
);
CREATE UNIQUE INDEX inhouse_seeds_one_active ON inhouse_seeds (member_id) WHERE status = 'active';
CREATE INDEX inhouse_seeds_member_idx ON inhouse_seeds (member_id, id DESC);

-- One row per round, written (pending) before any money moves, so a retry with the same key
-- finishes the same round instead of playing a new one.
CREATE TABLE inhouse_rounds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The round id in game_rounds / round_bets (vassalage 'inhouse').
  round_id text NOT NULL UNIQUE,
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL,
  game text NOT NULL CHECK (game IN ('slot', 'dice')),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 120),
  seed_id bigint NOT NULL REFERENCES inhouse_seeds (id),
  -- Copied from the seed at play time: the client seed may change later, the round keeps its own.
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce bigint NOT NULL CHECK (nonce >= 0),
  stake bigint NOT NULL CHECK (stake > 0),
  payout bigint NOT NULL CHECK (payout >= 0),
  -- Game choices (dice target and direction); {} for the slot.
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- The computed outcome (grid and line wins, or the roll), as shown to the player.
  outcome jsonb NOT NULL,
  -- pending → settled (bet and win went through) | refused (the bet was refused, no money moved).
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'settled', 'refused')),
  error_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT inhouse_rounds_member_key UNIQUE (member_id, idempotency_key),
  CONSTRAINT inhouse_rounds_seed_nonce_key UNIQUE (seed_id, nonce)
);
CREATE INDEX inhouse_rounds_member_idx ON inhouse_rounds (member_id, id DESC);
CREATE INDEX inhouse_rounds_pending_idx ON inhouse_rounds (created_at) WHERE status = 'pending';
