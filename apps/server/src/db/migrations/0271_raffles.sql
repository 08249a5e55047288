-- Raffles: a promotion's draw. The draw is committed before tickets are taken: the SHA-256 of a
-- random server seed is published when the raffle is created, and the seed is revealed once it
-- is drawn. Winners follow from the seed and the ordered ticket list alone (scripts/verify-raffle.mjs
-- checks them), so nobody, the operator included, can choose them after the commitment.
CREATE TABLE raffles (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  promotion_id bigint NOT NULL REFERENCES content_items (id),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  draw_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'drawn')),
  -- Hex SHA-256 of server_seed; the seed is read by players only once status is drawn.
  server_seed text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  ticket_count integer NOT NULL DEFAULT 0 CHECK (ticket_count >= 0),
  created_by bigint REFERENCES operators (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  drawn_at timestamptz,
  CHECK ((status = 'drawn') = (drawn_at IS NOT NULL))
);
CREATE INDEX raffles_promotion_idx ON raffles (promotion_id, id);
CREATE INDEX raffles_due_idx ON raffles (draw_at) WHERE status = 'open';

-- Prizes in rank order: the n-th ticket drawn wins prize n.
CREATE TABLE raffle_prizes (
  raffle_id bigint NOT NULL REFERENCES raffles (id),
  rank smallint NOT NULL CHECK (rank BETWEEN 1 AND 100),
  reward_kind text NOT NULL CHECK (reward_kind IN ('cash', 'bonus', 'points')),
  amount bigint NOT NULL CHECK (amount > 0),
  PRIMARY KEY (raffle_id, rank)
);

-- Tickets a grant gave a player (the raffle_ticket sink writes one row per grant, once), waiting
-- for the player to claim them into the draw (claimed_at).
CREATE TABLE raffle_entitlements (
  grant_id text PRIMARY KEY,
  raffle_id bigint NOT NULL REFERENCES raffles (id),
  member_id bigint NOT NULL REFERENCES members (id),
  tickets integer NOT NULL CHECK (tickets BETWEEN 1 AND 10000),
  claimed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX raffle_entitlements_member_idx ON raffle_entitlements (member_id, raffle_id) WHERE claimed_at IS NULL;

-- The draw's tickets, numbered 1..ticket_count in claim order (the raffle row is locked to number
-- them). Their order is the list the winners are picked from.
CREATE TABLE raffle_tickets (
  raffle_id bigint NOT NULL REFERENCES raffles (id),
  number integer NOT NULL CHECK (number >= 1),
  member_id bigint NOT NULL REFERENCES members (id),
  grant_id text NOT NULL REFERENCES raffle_entitlements (grant_id),
  PRIMARY KEY (raffle_id, number)
);
CREATE INDEX raffle_tickets_member_idx ON raffle_tickets (raffle_id, member_id);

-- The draw's outcome: prize `rank` went to ticket `number`, paid as grant `grant_id`.
CREATE TABLE raffle_winners (
  raffle_id bigint NOT NULL REFERENCES raffles (id),
  rank smallint NOT NULL,
  number integer NOT NULL,
  member_id bigint NOT NULL REFERENCES members (id),
  grant_id text NOT NULL,
  PRIMARY KEY (raffle_id, rank),
  UNIQUE (raffle_id, number),
  FOREIGN KEY (raffle_id, rank) REFERENCES raffle_prizes (raffle_id, rank)
);
