-- Transfer wallet: a transfer's idempotency key is bound to what it asked for.
--
-- One row per member and client key, claimed before any money moves. A later request with the
-- same key must ask for the same direction, vendor and amount: then it is a replay (the transfer
-- made under the key is answered again); otherwise it is IDEMPOTENCY_CONFLICT. Before this table a
-- reused key answered the earlier transfer whatever the new request asked.
--
-- A transfer out of every vendor (no vendor in the request) is one request row with vassalage NULL;
-- its per-vendor transfers are keyed `<client key>#<vendor>` in vendor_transfers. Client keys can
-- never contain '#' (idempotencyKeySchema), so no client key names another request's part.
CREATE TABLE vendor_transfer_requests (
  member_id bigint NOT NULL REFERENCES members (id),
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 120),
  direction text NOT NULL CHECK (direction IN ('in', 'out')),
  -- NULL: out of every transfer vendor.
  vassalage text REFERENCES vendor_adapters (vassalage),
  -- Minor units as asked, or 'all' (the whole balance). NULL only on rows copied below from
  -- transfers made before this migration, which did not record what was asked: for those only the
  -- direction and the vendor are bound.
  requested_amount text CHECK (requested_amount ~ '^(all|[0-9]{1,19})$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, idempotency_key),
  CHECK (direction = 'out' OR vassalage IS NOT NULL)
);

INSERT INTO vendor_transfer_requests (member_id, idempotency_key, direction, vassalage, requested_amount, created_at)
SELECT member_id, idempotency_key, direction, vassalage, NULL, created_at FROM vendor_transfers
ON CONFLICT DO NOTHING;
