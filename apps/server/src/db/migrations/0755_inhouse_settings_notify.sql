-- The in-house games' settings (a maximum stake, an original's RTP and maximum payout) are kept in
-- memory by every instance for the rounds it places (inhouse-settings.ts), with the catalogue's
-- game and vendor rows they are read with: a write to them evicts every instance's copy as a
-- write to the catalogue's own tables does (catalogue_notify_change, migration 0040; the payload
-- names the table).
CREATE TRIGGER inhouse_game_settings_notify AFTER INSERT OR UPDATE OR DELETE ON inhouse_game_settings
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_change();
