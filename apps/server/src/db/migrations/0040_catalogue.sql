-- Catalogue module: game vendors (by vassalage code), their games, the players' favourites and
-- recently played games. Vendor adapter configuration (secrets, URLs) is added by the gateway
-- module in its own migration; this file only holds what the lobby shows.

CREATE TABLE game_vendors (
  vassalage text PRIMARY KEY CHECK (vassalage ~ '^[A-Za-z0-9_-]{1,32}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- Game categories. COCKFIGHT and ESPORTS vendors also show under SPORTS (vendor groups).
  category text NOT NULL CHECK (category IN ('ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP', 'ESPORTS', 'COCKFIGHT')),
  wallet_model text NOT NULL CHECK (wallet_model IN ('seamless', 'transfer')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'maintenance', 'disabled')),
  sort_order integer NOT NULL DEFAULT 0,
  is_hot boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_vendors_category_idx ON game_vendors (category, sort_order, vassalage);

CREATE TABLE games (
  node_id text PRIMARY KEY CHECK (node_id ~ '^[A-Za-z0-9_.:-]{1,64}$'),
  vassalage text NOT NULL REFERENCES game_vendors (vassalage),
  -- The vendor's game code category (RNG, LIVE, FISH…): the lobby section a game belongs to.
  game_type text NOT NULL,
  -- The classify tab inside a vendor (slots, table, crash…).
  game_classify text NOT NULL,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  -- Path of the tile image under the web root (drawn SVG), never an external URL.
  image text NOT NULL,
  min_bet_minor bigint NOT NULL DEFAULT 0 CHECK (min_bet_minor >= 0),
  min_line_num integer NOT NULL DEFAULT 0 CHECK (min_line_num >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'maintenance', 'disabled')),
  sort integer NOT NULL DEFAULT 0,
  is_hot boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_vendor_idx ON games (vassalage, sort, node_id);
CREATE INDEX games_type_idx ON games (game_type, sort, node_id);
CREATE INDEX games_hot_idx ON games (sort, node_id) WHERE is_hot;

CREATE TABLE game_favourites (
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL REFERENCES games (node_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);
CREATE INDEX game_favourites_member_idx ON game_favourites (member_id, created_at DESC);

-- One row per (player, game): a launch moves it to the top instead of growing the table.
CREATE TABLE game_recent (
  member_id bigint NOT NULL REFERENCES members (id),
  node_id text NOT NULL REFERENCES games (node_id),
  played_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);
CREATE INDEX game_recent_member_idx ON game_recent (member_id, played_at DESC);

-- Every instance keeps the catalogue in memory for the lobby's hot reads; any write to vendors or
-- games evicts it everywhere, whoever writes (the notification is sent at commit).
CREATE FUNCTION catalogue_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_catalogue_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER game_vendors_notify_change AFTER INSERT OR UPDATE OR DELETE ON game_vendors
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_change();
CREATE TRIGGER games_notify_change AFTER INSERT OR UPDATE OR DELETE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_change();
