-- The multi-step house originals (mines, hi-lo) join the in-house games (docs/provably-fair.md).
-- Their rounds sit in inhouse_rounds like the others', with one more state: 'open' while the
-- player reveals tiles or calls cards. The life of such a round:
--   pending (row written, the stake's seamless bet not yet confirmed)
--   → open (the bet went through; each step updates outcome under SELECT … FOR UPDATE)
--   → pending (busted or cashed out: payout fixed, the seamless win not yet confirmed)
--   → settled (the win, 0 when busted, closed the round).
-- outcome holds the round's state with its steps in order (the mines' positions are fixed in it at
-- the start and never shown while the round is open).

ALTER TABLE inhouse_rounds DROP CONSTRAINT inhouse_rounds_game_check;
ALTER TABLE inhouse_rounds
  ADD CONSTRAINT inhouse_rounds_game_check
  CHECK (game IN ('slot', 'dice', 'limbo', 'plinko', 'keno', 'mines', 'hilo'));

ALTER TABLE inhouse_rounds DROP CONSTRAINT inhouse_rounds_status_check;
ALTER TABLE inhouse_rounds
  ADD CONSTRAINT inhouse_rounds_status_check CHECK (status IN ('pending', 'open', 'settled', 'refused'));
ALTER TABLE inhouse_rounds
  ADD CONSTRAINT inhouse_rounds_open_stepped CHECK (status <> 'open' OR game IN ('mines', 'hilo'));

-- One unfinished round per player and multi-step game: a second start while one is open (or
-- still starting or closing) fails here, whatever raced it; the player resumes the first.
CREATE UNIQUE INDEX inhouse_rounds_one_unfinished_step ON inhouse_rounds (member_id, game)
  WHERE status IN ('pending', 'open') AND game IN ('mines', 'hilo');

-- Open rounds by age, for the job that closes the ones left open too long (inhouse-steps.ts).
CREATE INDEX inhouse_rounds_open_idx ON inhouse_rounds (created_at) WHERE status = 'open';

-- The record stays closed once settled or refused (migration 0600); an open round is not closed:
-- its steps still change it, under its row lock.
DROP TRIGGER inhouse_rounds_closed_no_update ON inhouse_rounds;
CREATE TRIGGER inhouse_rounds_closed_no_update BEFORE UPDATE ON inhouse_rounds
  FOR EACH ROW WHEN (OLD.status NOT IN ('pending', 'open')) EXECUTE FUNCTION records_refuse_closed_update();
