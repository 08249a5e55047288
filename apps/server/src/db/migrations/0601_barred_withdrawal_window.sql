-- A barred member's withdrawal window and the record of every contact (docs/compliance.md,
-- "Barred persons"; Instrução Normativa SPA/MF 31/2025, read in summaries): when the list finds a
-- member (a day's first login or the 15-day sweep), the member is told within a day, with the
-- reason and how long they have to take their balance out; what is left is paid back to an account
-- of their own within days of the closing; every contact is kept with its date, time, channel and
-- content.
--
-- The window hangs on the hit that opened it: a member's first open hit gets `withdraw_until` (the
-- end of the licence's withdrawal days, barredWithdrawalDays) and `refund_due_at` (that end plus
-- barredRefundDays); later hits of the same episode (the next day's login, a sweep) keep the window
-- already running, so the player is told once. Both are written from the calendar clock (the test
-- clock door moves it), never the database's, so a test can walk past them. A hit from before this
-- migration has neither.
ALTER TABLE barred_hits
  ADD COLUMN withdraw_until timestamptz,
  ADD COLUMN refund_due_at timestamptz,
  ADD CONSTRAINT barred_hits_window CHECK ((withdraw_until IS NULL) = (refund_due_at IS NULL)),
  ADD CONSTRAINT barred_hits_window_order CHECK (refund_due_at IS NULL OR refund_due_at >= withdraw_until),
  ADD CONSTRAINT barred_hits_window_member CHECK (withdraw_until IS NULL OR member_id IS NOT NULL);

-- Each contact made with a barred member about their hit: the inbox notice the site writes itself
-- (recorded_by null), and the e-mails, SMS and calls an operator records from the back office.
-- Rows are only added: the record of what the member was told, and when.
CREATE TABLE barred_hit_contacts (
  id bigserial PRIMARY KEY,
  hit_id bigint NOT NULL REFERENCES barred_hits(id),
  channel text NOT NULL CHECK (channel IN ('inbox', 'email', 'sms', 'phone', 'other')),
  content text NOT NULL CHECK (length(content) BETWEEN 1 AND 1000),
  contacted_at timestamptz NOT NULL,
  recorded_by bigint,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX barred_hit_contacts_by_hit ON barred_hit_contacts (hit_id, id);
