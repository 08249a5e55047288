-- Crash's cash-outs without the whole round (modules/inhouse/crash/crash.service.ts cashOut): the
-- flight's next due event (an automatic cash-out, a payout limit or the bust), in ms since the
-- flight began, as the last step that read every bet computed it. A cash-out by hand only ever moves
-- that event later (the bet leaves, and what is left to pay is spread over fewer stakes), so while
-- the database's clock is before it, a cash-out is decided from its own bet alone, under a shared
-- lock on the round that lets cash-outs run side by side; at or after it (or when null) the
-- cash-out takes the round's row lock and applies the flight's step first, as the driver does.
ALTER TABLE crash_rounds ADD COLUMN next_event_ms double precision;
