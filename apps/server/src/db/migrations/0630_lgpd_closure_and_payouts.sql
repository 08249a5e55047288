-- LGPD and the money a closed or barred account leaves behind (docs/compliance.md, "Player rights",
-- "Barred persons" and "LGPD anonymisation").

-- 1. Anonymising an identity. Once the five-year retention of a closed account has run out
-- (records/anonymisation.ts decides who), the identity module removes the CPF, the date of birth
-- and the KYC name: the legal obligation that kept them (Law 14.790/2023; SPA/MF 722/2024) has
-- ended, and a keyed hash would still be personal data (pseudonymised data, LGPD art. 13, fourth
-- paragraph). The row stays, marked, so the member's records still say an identity was held and
-- when it was removed. Not a table of migration 0600: no trigger refuses this update.
ALTER TABLE member_identities ADD COLUMN anonymised_at timestamptz;
ALTER TABLE member_identities ALTER COLUMN cpf DROP NOT NULL, ALTER COLUMN birth_date DROP NOT NULL;
ALTER TABLE member_identities ADD CONSTRAINT member_identities_anonymised CHECK (
  (anonymised_at IS NULL AND cpf IS NOT NULL AND birth_date IS NOT NULL)
  OR (anonymised_at IS NOT NULL AND cpf IS NULL AND birth_date IS NULL AND full_name IS NULL)
);

-- 2. Why a withdrawal was made: the player's own request, the payout of the balance of an account
-- the player closed, or the refund of a barred player's balance. The last two are opened by the
-- server (the closure) or an operator (the refund) through the same order, hold and review as a
-- request, so the limits, the ledger and the payee's ownership apply alike; the regulator's file
-- names the origin beside the order's id. Adding a column with a constant default rewrites no row
-- and fires no UPDATE trigger (0600's guard is untouched); the origin is set at insert only.
ALTER TABLE withdrawal_orders ADD COLUMN origin text NOT NULL DEFAULT 'request'
  CHECK (origin IN ('request', 'account_closure', 'barred_refund'));

-- 3. A barred member's refund: the withdrawal that pays it back to a PIX key of their own. Every
-- open hit of the member points at it (one balance, however many checks found them); a hit is
-- settled once it is paid.
ALTER TABLE barred_hits ADD COLUMN refund_withdrawal_id bigint REFERENCES withdrawal_orders(id);
CREATE INDEX barred_hits_by_refund ON barred_hits (refund_withdrawal_id) WHERE refund_withdrawal_id IS NOT NULL;

-- 4. Each closing of an account at the player's request (modules/privacy): the main wallet's
-- balance read under its lock at that instant, and what became of it: nothing to pay ('none'), a
-- payout to the player's own PIX key opened at once ('withdrawal', its order), or held for payout on
-- request until `payout_due_by` ('held', and why it could not go out at once). A held balance paid
-- out later is a new withdrawal of the member (origin 'account_closure').
CREATE TABLE account_closures (
  id bigserial PRIMARY KEY,
  member_id bigint NOT NULL REFERENCES members(id),
  closed_at timestamptz NOT NULL DEFAULT now(),
  currency text NOT NULL,
  balance_minor bigint NOT NULL CHECK (balance_minor >= 0),
  payout text NOT NULL CHECK (payout IN ('none', 'withdrawal', 'held')),
  withdrawal_id bigint REFERENCES withdrawal_orders(id),
  held_reason text CHECK (held_reason IN ('no_pix_key', 'below_minimum', 'above_maximum', 'identity_unverified')),
  payout_due_by timestamptz,
  CHECK ((payout = 'none') = (balance_minor = 0)),
  CHECK (payout <> 'withdrawal' OR withdrawal_id IS NOT NULL),
  CHECK ((payout = 'held') = (held_reason IS NOT NULL AND payout_due_by IS NOT NULL))
);
CREATE INDEX account_closures_by_member ON account_closures (member_id, id);
CREATE INDEX account_closures_held ON account_closures (payout_due_by) WHERE payout = 'held';
