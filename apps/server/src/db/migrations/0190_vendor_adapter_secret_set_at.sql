-- When each vendor adapter's shared secret was last set. The back office shows it beside the
-- secret's fingerprint (the secret itself is never shown); a change of URLs or timeout that keeps
-- the secret keeps this time. Adapters stored before this migration take their last change.
ALTER TABLE vendor_adapters ADD COLUMN secret_set_at timestamptz NOT NULL DEFAULT now();
UPDATE vendor_adapters SET secret_set_at = updated_at;
