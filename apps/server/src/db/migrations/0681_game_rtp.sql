-- A catalogue game's return to player (docs/compliance.md, "Games"): a licensed operator shows the
-- RTP of every game it offers, not only of the in-house ones whose RTP the code computes. Stored in
-- basis points (9650 = 96.50 %) so no float enters the table; NULL until the operator (or the demo
-- seed, which fills only NULLs) states it, and a game without a stated RTP shows none rather than
-- an invented one.
ALTER TABLE games ADD COLUMN rtp_bps integer CHECK (rtp_bps BETWEEN 0 AND 10000);
