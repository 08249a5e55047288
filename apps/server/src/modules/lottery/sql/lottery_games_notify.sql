-- lottery_games_notify: Announces a lottery game's change at commit with its code.
-- Owner: lottery (a trigger function on its own tables).
--
-- As migration 0319_lottery_games_notify explained it:
-- A lottery game's row changed (an operator's edit in the back office, a waiting schedule adopted):
-- announced on wps_lottery_game_change at commit with the game's code, whoever writes it, so every
-- instance drops its copy of the game. Placement reads a game for every ticket; it keeps the row in
-- memory while the change feed is up (lottery-betting.ts) instead of one query per ticket.
CREATE OR REPLACE FUNCTION lottery_games_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_lottery_game_change', NEW.code);
  RETURN NULL;
END;
$$;
