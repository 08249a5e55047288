-- The house originals (limbo, plinko, keno) join the in-house games (docs/provably-fair.md): their
-- rounds sit in inhouse_rounds like the slot's and the dice's, and the operator sets each one's RTP
-- within a band and its maximum payout per round (packages/shared/src/schemas/inhouse-settings.ts).

ALTER TABLE inhouse_rounds DROP CONSTRAINT inhouse_rounds_game_check;
ALTER TABLE inhouse_rounds
  ADD CONSTRAINT inhouse_rounds_game_check CHECK (game IN ('slot', 'dice', 'limbo', 'plinko', 'keno'));

-- The RTP in basis points the round was placed at: an original's multipliers depend on it, so the
-- operator changing it later never touches a round already played, and a player verifying a round
-- needs it. NULL for rounds placed before it was kept (all of them slot or dice rounds, whose RTP is fixed).
ALTER TABLE inhouse_rounds ADD COLUMN rtp_bps integer CHECK (rtp_bps BETWEEN 0 AND 10000);

-- A row may now hold an original's RTP or maximum payout without a maximum stake of its own (NULL:
-- the house limit applies, as for a game without a row).
ALTER TABLE inhouse_game_settings ALTER COLUMN max_stake_minor DROP NOT NULL;
-- The band (97–99 %) is also the shared schema's (ORIGINALS_RTP_BAND); kept here so no stored
-- value can leave it.
ALTER TABLE inhouse_game_settings ADD COLUMN rtp_bps integer CHECK (rtp_bps BETWEEN 9700 AND 9900);
ALTER TABLE inhouse_game_settings ADD COLUMN max_payout_minor bigint CHECK (max_payout_minor > 0);
