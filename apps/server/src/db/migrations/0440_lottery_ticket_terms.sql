-- A ticket is settled at the terms it was sold at (docs/decisions.md). Settlement used to price
-- every ticket with the game's paytable and cap the draw with the game's per-draw limit as they
-- stood when the draw was settled, so an operator who lowered a bet type's odds from 9.8x to 5x
-- while tickets were waiting had those tickets paid at 5x. Each ticket now keeps its terms:
--
--   odds              the paytable's rule of each bet type on the ticket, as the game's paytable
--                     held it when the ticket was placed (a paytable of the ticket's own, keyed
--                     by bet type like the game's); settlement prices the ticket with it.
--   payout_cap_minor  the game's per-draw limit (limits.perDraw) when the ticket was placed: when
--                     the draw's winners would win more than it, this ticket's win is scaled by
--                     payout_cap_minor / the draw's gross (lottery-settle-payment.ts).
--
-- An operator's change to a game therefore applies to the tickets placed after it, never to one
-- already sold. Settlement groups the draw's open tickets by (selections, odds) to price each
-- pair once, as it grouped them by selections before.
ALTER TABLE lottery_tickets
  ADD COLUMN odds jsonb,
  ADD COLUMN payout_cap_minor bigint;

-- Tickets placed before this migration kept no terms. They are back-filled with the terms in
-- force now, the game's current paytable and per-draw limit, the only record there is of what they
-- were sold at (a change made since a ticket was sold cannot be told apart from the terms it was
-- sold at). A draw whose settlement had already fixed its cap keeps that cap for its tickets, so
-- a settlement resumed across this migration scales every win as its first part did.
UPDATE lottery_tickets AS t SET
  odds = (
    SELECT jsonb_object_agg(s.sel ->> 'betType', g.paytable -> (s.sel ->> 'betType'))
    FROM jsonb_array_elements(t.selections) AS s(sel)
  ),
  payout_cap_minor = coalesce(d.payout_cap_minor, (g.limits ->> 'perDraw')::bigint)
FROM lottery_draws AS d
JOIN lottery_games AS g ON g.code = d.game_code
WHERE d.id = t.draw_id;

ALTER TABLE lottery_tickets
  ALTER COLUMN odds SET NOT NULL,
  ALTER COLUMN payout_cap_minor SET NOT NULL,
  ADD CONSTRAINT lottery_tickets_odds_object CHECK (jsonb_typeof(odds) = 'object'),
  ADD CONSTRAINT lottery_tickets_payout_cap_positive CHECK (payout_cap_minor > 0);
