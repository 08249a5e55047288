-- Wrong TOTP codes counted per operator, whatever address they come from (operator-totp-throttle.ts).
--
-- The login limiter counts failures per operator and address, so a guesser who already has an
-- operator's password gets 5 codes per address per 15 minutes, and more addresses buy more codes.
-- A code is checked only after the right password, so these columns count the guesses at the
-- second factor: the failures in a row (a right code sets it back to 0), when and from where the
-- last one came. From the third on, each next code waits 2^(failures - 2) seconds (at most 15
-- minutes): guessing slows down exponentially, but the operator is never locked out. The row is
-- locked while an attempt is admitted, so parallel guesses are admitted one at a time.
ALTER TABLE operators ADD COLUMN totp_failures integer NOT NULL DEFAULT 0 CHECK (totp_failures >= 0);
ALTER TABLE operators ADD COLUMN totp_failed_at timestamptz;
ALTER TABLE operators ADD COLUMN totp_failed_ip text;
