import {
  PROMOTION_CATEGORIES,
  PROMOTION_TAGS,
  type LiveContentItem,
  type PromotionTag,
} from '@wps/shared/schemas/content';

export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];
/** A tab of /promotions: every category ("all"), or one. */
export type PromotionTab = 'all' | PromotionCategory;

/** The tabs worth showing: "all", then the categories that have a live promotion, in the product's order. */
export function promotionTabsOf(list: readonly LiveContentItem[]): PromotionTab[] {
  const present = new Set(list.map((item) => item.groupCode));
  return ['all', ...PROMOTION_CATEGORIES.filter((category) => present.has(category))];
}

/** The tags the live promotions carry, in the product's order. */
export function promotionTagsOf(list: readonly LiveContentItem[]): PromotionTag[] {
  const present = new Set(list.flatMap((item) => item.tags));
  return PROMOTION_TAGS.filter((tag) => present.has(tag));
}

/** The promotions of a tab that carry every chosen tag. */
export function filterPromotions(
  list: readonly LiveContentItem[],
  tab: PromotionTab,
  tags: readonly PromotionTag[],
): LiveContentItem[] {
  return list.filter(
    (item) => (tab === 'all' || item.groupCode === tab) && tags.every((tag) => item.tags.includes(tag)),
  );
}

/** The promotion a `#id` or `?id=` names, when it is live. */
export function findPromotion(
  list: readonly LiveContentItem[] | undefined,
  id: string | null,
): LiveContentItem | undefined {
  return id ? list?.find((item) => item.id === id) : undefined;
}
