-- A game's schedule changed in the back office (docs/lottery.md, "Games"). The draws already
-- planned keep their times, numeros, seeds' commitments and tickets, so a new interval or draw
-- time waits for its first whole local day without a planned draw (schedule_from, YYYY-MM-DD in
-- the game's zone); the clock plans each day with the schedule in force on it, and makes the
-- waiting one the game's schedule once that day has come.
ALTER TABLE lottery_games
  ADD COLUMN next_interval_seconds integer CHECK (next_interval_seconds IN (60, 180, 300)),
  ADD COLUMN next_draw_time text CHECK (next_draw_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  ADD COLUMN schedule_from text CHECK (schedule_from ~ '^\d{4}-\d{2}-\d{2}$'),
  -- A waiting schedule has its first day, and is of the game's kind (an interval for quick draws,
  -- a time of day for daily ones).
  ADD CONSTRAINT lottery_games_next_schedule CHECK (
    (schedule_from IS NULL AND next_interval_seconds IS NULL AND next_draw_time IS NULL)
    OR (schedule_from IS NOT NULL AND (next_interval_seconds IS NULL) = (interval_seconds IS NULL) AND (next_draw_time IS NULL) = (draw_time IS NULL))
  );
