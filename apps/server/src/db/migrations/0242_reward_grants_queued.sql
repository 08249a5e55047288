-- A grant the rules consumer decided is written 'queued' in the consumer's batch and paid just
-- after, each in a short transaction of its own. Paying inside the batch held the players' wallet
-- rows until the whole batch committed, so their bets queued behind the engine (and could
-- deadlock with the seamless wallet's batches, which lock wallets in another order).
ALTER TABLE reward_grants DROP CONSTRAINT reward_grants_status_check;
ALTER TABLE reward_grants ADD CONSTRAINT reward_grants_status_check
  CHECK (status IN ('queued', 'issued', 'held', 'paid', 'rejected', 'expired'));
CREATE INDEX reward_grants_queued_idx ON reward_grants (id) WHERE status = 'queued';
