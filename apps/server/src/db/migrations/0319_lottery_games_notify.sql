-- A lottery game's row changed (an operator's edit in the back office, a waiting schedule adopted):
-- announced on wps_lottery_game_change at commit with the game's code, whoever writes it, so every
-- instance drops its copy of the game. Placement reads a game for every ticket; it keeps the row in
-- memory while the change feed is up (lottery-betting.ts) instead of one query per ticket.
CREATE FUNCTION lottery_games_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('wps_lottery_game_change', NEW.code);
  RETURN NULL;
END;
$$;
CREATE TRIGGER lottery_games_notify AFTER INSERT OR UPDATE ON lottery_games
  FOR EACH ROW EXECUTE FUNCTION lottery_games_notify();
