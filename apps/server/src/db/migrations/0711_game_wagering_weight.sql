-- A game's own bonus wagering weight: the percent of its settled stakes that counts towards a bonus's
-- wagering requirement, in place of its category's share in the bonus settings (bonus-wagering.ts).
-- NULL: the category's share applies, as for every game before. Set for the in-house originals on the
-- back office's In-house games tab (inhouse-settings.ts), audited with that change.
ALTER TABLE games ADD COLUMN wagering_weight_pct integer CHECK (wagering_weight_pct BETWEEN 0 AND 100);
