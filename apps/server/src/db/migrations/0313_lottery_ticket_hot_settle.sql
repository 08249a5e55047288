-- Settling a draw moves each of its tickets from open to won, lost or refunded once. Two changes
-- let PostgreSQL make that a heap-only (HOT) update, which writes no index entry: about a quarter
-- of the cost per ticket measured in bench/lottery.bench.ts on a million tickets.
--
-- 1. The draw index no longer depends on the status (a partial index's predicate column counts as
--    indexed, and an indexed column's change forbids HOT). Settlement reads a draw's open tickets
--    through it once; the settled ones it also walks are a draw's own, read once.
-- 2. Pages are filled to half on insert, so a ticket's settled version fits beside it.
--
-- Tickets are no longer written before their stake: a ticket and its stake are one transaction
-- (modules/lottery/lottery-placement.ts), so the status 'pending' goes. No row can hold it: the
-- placement that wrote pending tickets never ran outside development, where such a row is
-- refused now (its stake was never taken).
UPDATE lottery_tickets SET status = 'refused', error_code = 'SERVER_BUSY' WHERE status = 'pending';
ALTER TABLE lottery_tickets DROP CONSTRAINT lottery_tickets_status_check;
ALTER TABLE lottery_tickets ADD CONSTRAINT lottery_tickets_status_check CHECK (status IN ('open', 'won', 'lost', 'refunded', 'refused'));
ALTER TABLE lottery_tickets ALTER COLUMN status SET DEFAULT 'open';
DROP INDEX lottery_tickets_draw_idx;
CREATE INDEX lottery_tickets_draw_idx ON lottery_tickets (draw_id, id);
ALTER TABLE lottery_tickets SET (fillfactor = 50);
