-- The operator's settings of each in-house game (by catalogue node id): its maximum stake in minor
-- units. The minimum stays the catalogue's minimum bet; a game without a row uses the house limit
-- (INHOUSE_MAX_STAKE_MINOR). The rules a round is checked against are in
-- packages/shared/src/schemas/inhouse-settings.ts.
CREATE TABLE inhouse_game_settings (
  node_id text PRIMARY KEY CHECK (length(node_id) BETWEEN 1 AND 64),
  max_stake_minor bigint NOT NULL CHECK (max_stake_minor > 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
