-- A points-mall item of kind 'bonus' is paid as the rewards engine's bonus grant when it is
-- redeemed (source 'points_mall', key points-mall:<redemption>), so its wagering, expiry and the
-- operator's jurisdiction profile apply as to any other bonus.
ALTER TABLE reward_grants DROP CONSTRAINT reward_grants_source_check;
ALTER TABLE reward_grants ADD CONSTRAINT reward_grants_source_check
  CHECK (source IN ('rule', 'mission', 'rebate', 'referral', 'vip', 'operator', 'raffle', 'points_mall'));
