-- The banks screen counts each bank's bound accounts (security.repository findAllBanks: one grouped
-- pass), and the foreign key to banks (code) is checked on every change of a bank's row: both read
-- member_bank_accounts by bank_code, which had no index of its own (the unique key leads with
-- member_id). With it the count is an index-only scan and the key check a lookup.
CREATE INDEX member_bank_accounts_bank_idx ON member_bank_accounts (bank_code);
