-- The reward rules that pay what a promotion promises (docs/decisions.md, "A promotion pays what it
-- promises"). A promotion is the content module's item; a rule is the rewards engine's. The link is
-- the promo module's, written in the back office's promotion editor: a promotion flagged as offering
-- a bonus (content_items.bonus_offer) cannot be published without a live rule here, and the player
-- site offers the promotion's call to action (deposit or join) from the linked rules that are live.
--
-- A table of its own rather than reward_rules.promotion_id: that column is the promotion whose join
-- a rule's `joinedPromotion` condition asks about, part of what the rule pays on; a live rule is not
-- edited (it is paused first). The link changes what the site offers, not what a rule pays, so the
-- operator links and unlinks live rules freely. One rule may pay several promotions.
CREATE TABLE promo_reward_rules (
  promotion_id bigint NOT NULL REFERENCES content_items (id),
  rule_id bigint NOT NULL REFERENCES reward_rules (id),
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (promotion_id, rule_id)
);

CREATE INDEX promo_reward_rules_rule ON promo_reward_rules (rule_id);
