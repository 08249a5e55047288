-- The confirmed-e-mail uniqueness check (security centre) looks members up by lower(email).
CREATE INDEX members_email_lower_idx ON members (lower(email)) WHERE email IS NOT NULL;
