-- The registration data Portaria SPA/MF 1.231/2024 (as amended by 2.579/2025) asks for besides the
-- CPF and date of birth: the residential address and the gender (licence.ts: addressAtSignUp,
-- genderAtSignUp; docs/compliance.md, "Registration"). Kept with the identity they belong to, so
-- the data copy and the LGPD anonymisation find them in one row. Null for identities written before
-- registration asked for them (and for pre-switch accounts that gave their CPF later): the rule
-- applies to new registrations. The CEP is stored as its 8 digits, the state as its UF code.
ALTER TABLE member_identities
  ADD COLUMN address_street text CHECK (address_street IS NULL OR length(address_street) BETWEEN 1 AND 200),
  ADD COLUMN address_number text CHECK (address_number IS NULL OR length(address_number) BETWEEN 1 AND 20),
  ADD COLUMN address_complement text CHECK (address_complement IS NULL OR length(address_complement) BETWEEN 1 AND 100),
  ADD COLUMN address_district text CHECK (address_district IS NULL OR length(address_district) BETWEEN 1 AND 100),
  ADD COLUMN address_city text CHECK (address_city IS NULL OR length(address_city) BETWEEN 1 AND 100),
  ADD COLUMN address_state text CHECK (address_state IS NULL OR address_state ~ '^[A-Z]{2}$'),
  ADD COLUMN address_cep text CHECK (address_cep IS NULL OR address_cep ~ '^[0-9]{8}$'),
  ADD COLUMN gender text CHECK (gender IS NULL OR gender IN ('female', 'male', 'other'));

-- An address is whole or absent (the complement alone may be missing).
ALTER TABLE member_identities ADD CONSTRAINT member_identities_address_whole CHECK (
  (address_street IS NULL) = (address_number IS NULL)
  AND (address_street IS NULL) = (address_district IS NULL)
  AND (address_street IS NULL) = (address_city IS NULL)
  AND (address_street IS NULL) = (address_state IS NULL)
  AND (address_street IS NULL) = (address_cep IS NULL)
  AND (address_street IS NOT NULL OR address_complement IS NULL)
);

-- Anonymisation removes them with the CPF (identity-data.ts): an anonymised row holds none.
ALTER TABLE member_identities ADD CONSTRAINT member_identities_anonymised_details CHECK (
  anonymised_at IS NULL OR (address_street IS NULL AND gender IS NULL)
);

-- A contact confirmed before the account may stake or move money (licence.ts: contactConfirmation):
-- a registration by username under a licence that asks for it starts unconfirmed
-- (`contact_confirmation_required`) until the player enters a code sent to their e-mail or mobile;
-- a registration by mobile with its SMS code is confirmed at once ('registration_sms'). Rows from
-- before (accounts made before the switch, identities supplied later) keep false: not blocked.
ALTER TABLE member_identities
  ADD COLUMN contact_confirmation_required boolean NOT NULL DEFAULT false,
  ADD COLUMN contact_confirmed_at timestamptz,
  ADD COLUMN contact_confirmed_by text CHECK (contact_confirmed_by IS NULL OR contact_confirmed_by IN ('email', 'sms', 'registration_sms')),
  ADD CONSTRAINT member_identities_contact_confirmed CHECK ((contact_confirmed_at IS NULL) = (contact_confirmed_by IS NULL));
