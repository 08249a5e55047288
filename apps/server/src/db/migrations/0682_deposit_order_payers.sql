-- Who paid a manual bank transfer (docs/compliance.md, "PIX", "Manual bank transfers"). The
-- operator who confirms a transfer reads its payer on the bank statement; the licence takes money
-- only from the bettor's own account (Law 14.790/2023 art. 30), so the payer is recorded with the
-- order it paid, in the transaction that credits it.
--
-- A row of its own beside the order, written once, rather than columns on deposit_orders: an
-- expired order confirmed late moves expired -> credited, a step deposit_orders' closed-row guard
-- (migration 0600) allows for the resolution's columns only, and the guard's definition stays in
-- one place. The order's resolved_by and resolved_at already name the confirming operator and the
-- time, and the audit entry (deposit.credit) carries both with this payer.
CREATE TABLE deposit_order_payers (
  order_id bigint PRIMARY KEY REFERENCES deposit_orders (id),
  -- The account holder's name as the statement shows it.
  payer_name text CHECK (payer_name IS NULL OR length(payer_name) BETWEEN 1 AND 128),
  -- The payer's CPF masked (***.456.789-**), never whole (LGPD: data minimisation): under BR it is
  -- the player's own, whose CPF the identity module already holds; elsewhere it may be a stranger's.
  payer_cpf_masked text CHECK (payer_cpf_masked IS NULL OR length(payer_cpf_masked) <= 20),
  -- Whether that CPF was the player's when the order was confirmed; null when no CPF was read or
  -- the player has none on file.
  payer_is_player boolean,
  -- The statement line's own reference (the bank's transaction or statement id).
  bank_reference text CHECK (bank_reference IS NULL OR length(bank_reference) BETWEEN 1 AND 64),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_order_payers_cpf_match CHECK ((payer_is_player IS NULL) OR (payer_cpf_masked IS NOT NULL))
);

-- A payment record (docs/compliance.md, "Records that cannot be deleted"): never changed, never deleted.
CREATE TRIGGER deposit_order_payers_no_update BEFORE UPDATE ON deposit_order_payers
  FOR EACH ROW EXECUTE FUNCTION records_refuse_closed_update();
CREATE TRIGGER deposit_order_payers_no_delete BEFORE DELETE ON deposit_order_payers
  FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
CREATE TRIGGER deposit_order_payers_no_truncate BEFORE TRUNCATE ON deposit_order_payers
  FOR EACH STATEMENT EXECUTE FUNCTION records_refuse_delete();
