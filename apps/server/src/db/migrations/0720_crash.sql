-- Crash, the house original with one shared round for every player (docs/provably-fair.md, "Crash";
-- modules/inhouse/crash/). Money never moves here: each bet's stake and payout go through the
-- seamless wallet (vendor 'inhouse', one gateway round per bet), like the other in-house games.

-- The hash chains crash points are drawn from. hash(0) is `seed`, hash(i + 1) = SHA-256 of hash(i)'s
-- hex text; `terminal_hash` = hash(length) is published before the chain's first round, and round k
-- plays hash(length − k), so each round's hash hashes to the one before it. The seed stays secret
-- (it would give every future crash point) and is never returned.
CREATE TABLE crash_chains (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  terminal_hash text NOT NULL CHECK (terminal_hash ~ '^[0-9a-f]{64}$'),
  -- Mixed into every crash point (HMAC key: the round's hash, message: the salt); published with the terminal hash.
  salt text NOT NULL CHECK (salt ~ '^[0-9a-f]{64}$'),
  length integer NOT NULL CHECK (length > 0),
  -- hash(i) is kept for every i that is a multiple of this, so a round's hash is at most this many steps away.
  checkpoint_every integer NOT NULL CHECK (checkpoint_every > 0),
  -- The round number the next round of this chain takes (1 … length).
  next_round integer NOT NULL DEFAULT 1 CHECK (next_round >= 1),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'spent')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One chain is played at a time; two instances creating one together keep the first.
CREATE UNIQUE INDEX crash_chains_one_active ON crash_chains ((true)) WHERE status = 'active';

CREATE TABLE crash_chain_checkpoints (
  chain_id bigint NOT NULL REFERENCES crash_chains (id),
  idx integer NOT NULL CHECK (idx >= 0),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (chain_id, idx)
);

-- One row per round, locked (FOR UPDATE) by everything that decides in it: a bet, a cash-out, the
-- driver's steps. Its terms (RTP, the flight's growth rate, the payout limits) are fixed when it opens.
CREATE TABLE crash_rounds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chain_id bigint NOT NULL REFERENCES crash_chains (id),
  round_number integer NOT NULL CHECK (round_number >= 1),
  -- hash(length − round_number): shown only once the round has busted.
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  crash_hundredths integer NOT NULL CHECK (crash_hundredths >= 100),
  rtp_bps integer NOT NULL CHECK (rtp_bps BETWEEN 9700 AND 9900),
  growth_per_ms double precision NOT NULL CHECK (growth_per_ms > 0),
  max_payout_minor bigint NOT NULL CHECK (max_payout_minor > 0),
  round_max_payout_minor bigint NOT NULL CHECK (round_max_payout_minor > 0),
  -- betting → flying → busted, each step once (a conditional update under the row lock).
  phase text NOT NULL DEFAULT 'betting' CHECK (phase IN ('betting', 'flying', 'busted')),
  betting_ends_at timestamptz NOT NULL,
  started_at timestamptz,
  busted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_id, round_number),
  CHECK ((phase = 'betting') = (started_at IS NULL)),
  CHECK ((phase = 'busted') = (busted_at IS NOT NULL))
);
-- At most one round is open (betting or flying) at any time, whichever instance opened it.
CREATE UNIQUE INDEX crash_rounds_one_open ON crash_rounds ((true)) WHERE phase <> 'busted';
CREATE INDEX crash_rounds_recent_idx ON crash_rounds (id DESC) WHERE phase = 'busted';

-- One bet per player per round, written 'placing' under the round's lock while betting is open,
-- then its stake debited by the seamless bet `${bet_id}-bet` (the same call, limits and licence door
-- as every in-house round): 'flying', or 'refused' with the wallet's code. The flight starts only
-- once no bet is 'placing' (the driver finishes an interrupted one with the same idempotent call).
-- A cash-out is decided under the round's lock, then paid by the seamless win `${bet_id}-win`
-- (idempotent: a retry after a crash never pays twice).
CREATE TABLE crash_bets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The gateway's round id of this bet (vassalage 'inhouse').
  bet_id text NOT NULL UNIQUE,
  round_id bigint NOT NULL REFERENCES crash_rounds (id),
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL,
  nickname text NOT NULL,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 120),
  stake bigint NOT NULL CHECK (stake > 0),
  auto_cashout_hundredths integer CHECK (auto_cashout_hundredths >= 101),
  -- placing → refused | flying → cashed (by hand, automatically or at a payout limit) | lost (at the bust).
  status text NOT NULL DEFAULT 'placing' CHECK (status IN ('placing', 'refused', 'flying', 'cashed', 'lost')),
  error_code text,
  cashout_hundredths integer CHECK (cashout_hundredths >= 100),
  payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  cashed_at timestamptz,
  -- When the wallet confirmed the win (or closed a lost bet's round): the money step is done.
  settled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (member_id, idempotency_key),
  UNIQUE (round_id, member_id),
  CHECK ((status = 'cashed') = (cashout_hundredths IS NOT NULL))
);
CREATE INDEX crash_bets_member_idx ON crash_bets (member_id, id DESC);
CREATE INDEX crash_bets_unsettled_idx ON crash_bets (round_id) WHERE settled_at IS NULL AND status IN ('cashed', 'lost');

-- Which instance drives the rounds: the holder renews its lease every turn; another instance takes
-- the row over once the lease has run out (database clock), so a dead driver is replaced within one lease.
CREATE TABLE crash_driver (
  id integer PRIMARY KEY CHECK (id = 1),
  holder text,
  lease_until timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO crash_driver (id) VALUES (1);

-- Live pages on every instance: a round's phase change and a bet placed or cashed out are
-- announced at commit on wps_crash_change; each instance then reads the round once and pushes it
-- to the pages it holds open (modules/inhouse/crash/crash-live.ts).
CREATE FUNCTION crash_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_crash_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
CREATE TRIGGER crash_rounds_notify AFTER INSERT OR UPDATE OF phase ON crash_rounds
  FOR EACH STATEMENT EXECUTE FUNCTION crash_notify_change();
CREATE TRIGGER crash_bets_notify AFTER INSERT OR UPDATE OF status ON crash_bets
  FOR EACH STATEMENT EXECUTE FUNCTION crash_notify_change();
