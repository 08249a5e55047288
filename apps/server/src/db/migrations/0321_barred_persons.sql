-- The barred-persons list of Law 14.790/2023 art. 26 under the `BR` profile (docs/compliance.md,
-- "Barred persons"). The regulator's system answers whether a CPF may bet; the site asks it at
-- sign-up, at a player's first login of each operator day and for the whole base every 15 days.

-- The sandbox provider's list: the CPFs an operator listed in the back office, with the reason the
-- regulator would give. A real provider is an adapter over the regulator's system; this table is
-- only read by the sandbox (modules/identity/sandbox-barred-list.ts). The back office names an entry by
-- its id, so the whole CPF never travels back in an address.
CREATE TABLE barred_list_sandbox (
  id bigserial PRIMARY KEY,
  cpf text NOT NULL UNIQUE CHECK (cpf ~ '^[0-9]{11}$'),
  reason text NOT NULL CHECK (reason IN ('minor', 'self_excluded', 'court_order', 'role', 'social_benefit')),
  note text CHECK (note IS NULL OR length(note) <= 500),
  added_by bigint,
  added_at timestamptz NOT NULL DEFAULT now()
);

-- Every time a check found a CPF barred. A sign-up hit has no member (the account was never made)
-- and is 'refused'; a hit on a member stays 'open' until an operator records how the member's
-- balance was settled ('settled', with who, when and a note; audited). One hit per member, check
-- and day: a sweep that runs twice or a player who tries again the same day adds nothing.
CREATE TABLE barred_hits (
  id bigserial PRIMARY KEY,
  member_id bigint REFERENCES members(id),
  cpf text NOT NULL CHECK (cpf ~ '^[0-9]{11}$'),
  reason text NOT NULL CHECK (reason IN ('minor', 'self_excluded', 'court_order', 'role', 'social_benefit')),
  check_kind text NOT NULL CHECK (check_kind IN ('signup', 'login', 'sweep')),
  check_day date NOT NULL,
  checked_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL CHECK (status IN ('refused', 'open', 'settled')),
  settled_by bigint,
  settled_at timestamptz,
  settlement_note text CHECK (settlement_note IS NULL OR length(settlement_note) <= 500),
  CHECK ((member_id IS NULL) = (status = 'refused')),
  CHECK ((status = 'settled') = (settled_at IS NOT NULL))
);
CREATE UNIQUE INDEX barred_hits_once ON barred_hits (member_id, check_kind, check_day) WHERE member_id IS NOT NULL;
CREATE INDEX barred_hits_by_status ON barred_hits (status, id);
CREATE INDEX barred_hits_by_kind ON barred_hits (check_kind, id);
CREATE INDEX barred_hits_by_member ON barred_hits (member_id, id) WHERE member_id IS NOT NULL;

-- The operator day on which a member's CPF was last found clear at login: the first login of a
-- later day asks the list again.
ALTER TABLE member_identities ADD COLUMN barred_checked_on date;
