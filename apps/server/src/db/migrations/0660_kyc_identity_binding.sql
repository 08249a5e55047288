-- The identity check is bound to the registered CPF and date of birth (Portaria SPA/MF 722/2024,
-- identity before play; docs/compliance.md, "KYC"). The merchant sends them to the provider when it
-- opens a check, and the provider's result carries the CPF and date of birth it read from the
-- document; the merchant compares them under the check's lock (kyc-identity-binding.ts), so
-- kyc_checks needs nothing new: a refusal is the check's reason (identity_mismatch,
-- identity_missing), and the audit entry keeps how each field compared, never the values.
--
-- The sandbox provider's own side: the subject the merchant sent, and what its simulated document
-- reads (the subject's own by default; the tester may pick someone else's CPF or another date of
-- birth, to show the refusal). Sandbox only: off in production.
ALTER TABLE kyc_sandbox_sessions
  ADD COLUMN subject_cpf text CHECK (subject_cpf IS NULL OR subject_cpf ~ '^[0-9]{11}$'),
  ADD COLUMN subject_birth_date date,
  ADD COLUMN document_cpf text CHECK (document_cpf IS NULL OR document_cpf ~ '^[0-9]{11}$'),
  ADD COLUMN document_birth_date date;
