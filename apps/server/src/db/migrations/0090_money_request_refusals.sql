-- Final refusals of money requests, stored under the request's idempotency key as
-- seamless bets store theirs: a withdrawal or upline transfer refused at the money step (funds,
-- daily limit) answers the same refusal to every retry with that key, even after a top-up, so a
-- retried request can never execute later than the client was told it failed. A new key is a new
-- request. Which refusals are final is listed in docs/api.md.
CREATE TABLE money_request_refusals (
  scope text NOT NULL CHECK (scope IN ('withdrawal', 'transfer_upline')),
  member_id bigint NOT NULL REFERENCES members (id),
  idempotency_key text NOT NULL,
  -- What the request asked for (amount and target), so a reuse for another request is a conflict.
  request_fingerprint text NOT NULL,
  error_code text NOT NULL,
  message text NOT NULL,
  details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, member_id, idempotency_key)
);
