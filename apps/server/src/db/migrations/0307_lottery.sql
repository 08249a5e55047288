-- The in-house lottery (docs/lottery.md): games with their schedule, paytable and limits; draws
-- with their life cycle (scheduled → open → closed → drawn → settled, or voided); tickets, whose
-- money moves through the seamless wallet like any vendor's rounds; the liability each draw has
-- taken per number and bet type; operators' typed-in results waiting for a second operator; and
-- players' favourite games.

CREATE TABLE lottery_games (
  -- The game code players and the launch use (also the catalogue's node id).
  code text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_-]{2,40}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  family text NOT NULL,
  -- Elott: quick draws; Lott and SEA: the Vietnamese and regional daily draws.
  prize_mode text NOT NULL CHECK (prize_mode IN ('Elott', 'Lott', 'SEA')),
  -- The lobby's menu group (game_menus' gameGroupCode).
  group_code text NOT NULL CHECK (char_length(group_code) BETWEEN 1 AND 40),
  region text CHECK (region IN ('north', 'central', 'south')),
  -- Quick draws: one draw every interval_seconds, aligned to the epoch. Daily draws: at
  -- draw_time (HH:MM) in draw_zone (the lottery's own zone: Vietnam's draws are at 18:15 in
  -- Ho Chi Minh City wherever the operator is), the operator's zone when null.
  interval_seconds integer CHECK (interval_seconds IN (60, 180, 300)),
  draw_time text CHECK (draw_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  draw_zone text,
  -- Betting closes this long before the draw (the cut-off, by the server's clock).
  close_before_seconds integer NOT NULL CHECK (close_before_seconds BETWEEN 5 AND 86400),
  -- Where results come from: 'fair' (committed seed), 'operator' (typed in, then approved by a
  -- second operator), 'feed' (an outside source's adapter).
  result_source text NOT NULL CHECK (result_source IN ('fair', 'operator', 'feed')),
  paytable jsonb NOT NULL,
  -- Stake and payout limits, minor units as strings: minStake, maxStake (per line), perKey
  -- (liability per number and bet type per draw), perTicket and perDraw (most paid).
  limits jsonb NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((interval_seconds IS NULL) <> (draw_time IS NULL))
);

CREATE TABLE lottery_draws (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_code text NOT NULL REFERENCES lottery_games (code),
  -- The draw's number as players see it (numero): the local date and the draw of the day.
  numero text NOT NULL,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  draw_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'open', 'closed', 'drawn', 'settled', 'voided')),
  -- A fair draw's commitment: the SHA-256 of its secret seed, published before betting opens;
  -- the seed is shown only once the draw is drawn.
  server_seed text CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  result jsonb,
  -- Where the result came from: 'fair', or the approved entry's id.
  result_entry_id bigint,
  drawn_at timestamptz,
  settled_at timestamptz,
  voided_at timestamptz,
  void_reason text,
  -- The instance settling the draw holds it until lease_until; a holder killed mid-way leaves
  -- the lease to run out and another instance resumes (tickets already settled stay settled).
  settle_holder text,
  settle_lease_until timestamptz,
  -- The most a draw pays in all (the game's per-draw limit when settlement began) and what its
  -- winning tickets would have paid without it, fixed before the first win is paid: when the
  -- gross is over the cap every win is scaled by cap / gross (docs/lottery.md, "Limits").
  payout_cap_minor bigint,
  gross_payout_minor bigint,
  -- Totals written when the draw is settled.
  ticket_count integer NOT NULL DEFAULT 0,
  stake_minor bigint NOT NULL DEFAULT 0,
  payout_minor bigint NOT NULL DEFAULT 0,
  UNIQUE (game_code, numero),
  CHECK (opens_at < closes_at AND closes_at <= draw_at),
  CHECK ((server_seed IS NULL) = (server_seed_hash IS NULL)),
  CHECK (status NOT IN ('drawn', 'settled') OR result IS NOT NULL)
);
CREATE INDEX lottery_draws_game_idx ON lottery_draws (game_code, draw_at DESC);
CREATE INDEX lottery_draws_due_idx ON lottery_draws (draw_at) WHERE status IN ('scheduled', 'open', 'closed', 'drawn');

CREATE TABLE lottery_tickets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  draw_id bigint NOT NULL REFERENCES lottery_draws (id),
  member_id bigint NOT NULL REFERENCES members (id),
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 8 AND 100),
  -- The slip as accepted: each selection with its lines, its stake per line (after any trim)
  -- and what was asked.
  selections jsonb NOT NULL,
  stake_minor bigint NOT NULL CHECK (stake_minor > 0),
  max_payout_minor bigint NOT NULL CHECK (max_payout_minor >= 0),
  -- pending: written, its bet not yet taken by the wallet; open: staked, waiting for the draw;
  -- won / lost: settled; refunded: its draw was voided; refused: the wallet refused the stake.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'open', 'won', 'lost', 'refunded', 'refused')),
  payout_minor bigint CHECK (payout_minor >= 0),
  error_code text,
  placed_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX lottery_tickets_draw_idx ON lottery_tickets (draw_id, id) WHERE status IN ('pending', 'open');
CREATE INDEX lottery_tickets_member_idx ON lottery_tickets (member_id, id DESC);

-- What a draw would pay per liability key (a number under a bet type) if that key's outcome came.
CREATE TABLE lottery_exposure (
  draw_id bigint NOT NULL REFERENCES lottery_draws (id),
  key text NOT NULL,
  payout_minor bigint NOT NULL CHECK (payout_minor >= 0),
  PRIMARY KEY (draw_id, key)
);

-- Results typed in by an operator; a different operator approves (four eyes) before the draw
-- takes it. At most one waits per draw.
CREATE TABLE lottery_result_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  draw_id bigint NOT NULL REFERENCES lottery_draws (id),
  result jsonb NOT NULL,
  entered_by bigint NOT NULL REFERENCES operators (id),
  entered_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reviewed_by bigint REFERENCES operators (id),
  reviewed_at timestamptz,
  reason text,
  CHECK (reviewed_by IS NULL OR reviewed_by <> entered_by)
);
CREATE UNIQUE INDEX lottery_result_entries_pending_idx ON lottery_result_entries (draw_id) WHERE status = 'pending';

CREATE TABLE lottery_favourites (
  member_id bigint NOT NULL REFERENCES members (id),
  game_code text NOT NULL REFERENCES lottery_games (code),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_code)
);
