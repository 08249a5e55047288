-- A promotion's periods (daily, weekly, semimonthly, monthly) are cut in the operator's time zone,
-- the rewards engine's setting (reward_settings.time_zone), like every other reward period. A time
-- zone per promotion let two operators' browser preferences cut the same promotion differently.
ALTER TABLE promo_settings DROP COLUMN time_zone;
