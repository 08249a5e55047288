-- Crash with 2,000 bets in a betting window (modules/inhouse/crash/crash.service.ts placeBet):
-- the round keeps the sum of the stakes it has taken (placing or flying; a refused bet gives its
-- stake back), raised by each bet in one conditional update that also checks the window at the
-- database's clock. A bet then holds the round's row for that statement and its commit, instead
-- of the whole transaction with a read of every stake.
ALTER TABLE crash_rounds ADD COLUMN staked_minor bigint NOT NULL DEFAULT 0;
UPDATE crash_rounds r
SET staked_minor = coalesce((SELECT sum(b.stake) FROM crash_bets b WHERE b.round_id = r.id AND b.status IN ('placing', 'flying')), 0)
WHERE r.phase = 'betting';

-- A bet placed or cashed out no longer notifies wps_crash_change: PostgreSQL serialises the commits
-- of every transaction that notifies (one lock, held through the commit's flush), which capped a
-- round at a few hundred bets and cash-outs a second. The live pages read the open round at their
-- tick pace instead (crash-live.ts); a round's phase change still notifies at once.
DROP TRIGGER crash_bets_notify ON crash_bets;
