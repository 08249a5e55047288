import { VENDOR_GROUPS } from '@wps/shared/catalogue-constants';
import type { GameCategory, VendorCard, VendorLane } from '@wps/shared/schemas/catalogue';

/** The lobby routes of the top navigation, in the order they show. */
export const CATEGORY_ROUTES = [
  { path: '/elott', categories: ['ELOTT', 'LOTT'] },
  { path: '/live', categories: ['LIVE'] },
  { path: '/sports', categories: ['SPORTS'] },
  { path: '/fish', categories: ['FISH'] },
  { path: '/rng', categories: ['RNG'] },
  { path: '/pvp', categories: ['PVP'] },
  { path: '/esports', categories: ['ESPORTS'] },
  { path: '/cockfight', categories: ['COCKFIGHT'] },
] as const satisfies readonly { path: string; categories: readonly GameCategory[] }[];

export type CategoryPath = (typeof CATEGORY_ROUTES)[number]['path'];

/** Top navigation shows these; /cockfight is reached from the sports page and the side menu. */
export const TOP_NAV_PATHS: readonly CategoryPath[] = [
  '/elott',
  '/live',
  '/sports',
  '/fish',
  '/rng',
  '/pvp',
  '/esports',
];

export type DerivedVendors = {
  /** Every vendor once, in lane order. */
  sortingVendor: VendorCard[];
  /** vassalage → card. */
  mappingVendor: Record<string, VendorCard>;
  /** Cards with isHot equal 1. */
  hotVendor: VendorCard[];
};

/** Derive sortingVendor, mappingVendor and hotVendor from the lanes. */
export function deriveVendors(lanes: readonly VendorLane[]): DerivedVendors {
  const mappingVendor: Record<string, VendorCard> = {};
  const sortingVendor: VendorCard[] = [];
  for (const lane of lanes) {
    for (const card of lane.cards) {
      if (mappingVendor[card.vassalage]) continue;
      mappingVendor[card.vassalage] = card;
      sortingVendor.push(card);
    }
  }
  return { sortingVendor, mappingVendor, hotVendor: sortingVendor.filter((c) => c.isHot === 1) };
}

/**
 * The vendor cards a category page shows: its own lanes' cards, plus (for SPORTS) the cards of
 * the vendor groups that belong to it (COCKFIGHT and ESPORTS belong to SPORTS). Each
 * vendor once.
 */
export function vendorsForCategories(lanes: readonly VendorLane[], categories: readonly GameCategory[]): VendorCard[] {
  return vendorCardsWithLane(lanes, categories).map((c) => c.card);
}

/**
 * As vendorsForCategories, with the lane each card was taken from: a card's game count is that
 * lane's category's games of the vendor, so opening it must show those games (a slots vendor's
 * card on the live page opens its live tables, not its slots page).
 */
export function vendorCardsWithLane(
  lanes: readonly VendorLane[],
  categories: readonly GameCategory[],
): { card: VendorCard; lane: GameCategory }[] {
  const wanted = new Set<GameCategory>(categories);
  for (const [group, { parent }] of Object.entries(VENDOR_GROUPS)) {
    if (wanted.has(parent)) wanted.add(group as GameCategory);
  }
  const seen = new Set<string>();
  const cards: { card: VendorCard; lane: GameCategory }[] = [];
  for (const lane of lanes) {
    if (!wanted.has(lane.title)) continue;
    for (const card of lane.cards) {
      if (seen.has(card.vassalage)) continue;
      seen.add(card.vassalage);
      cards.push({ card, lane: lane.title });
    }
  }
  return cards;
}

/** The navigation entries whose categories have at least one vendor. */
export function visibleCategoryPaths(
  lanes: readonly VendorLane[],
  paths: readonly CategoryPath[] = TOP_NAV_PATHS,
): CategoryPath[] {
  return paths.filter((path) => {
    const route = CATEGORY_ROUTES.find((r) => r.path === path);
    return route !== undefined && vendorsForCategories(lanes, route.categories).length > 0;
  });
}

/** The game type a category page lists from a vendor (LOTT vendors list under /elott too). */
export function gameTypeOfLane(card: VendorCard, categories: readonly GameCategory[]): GameCategory {
  return categories.includes(card.category) ? card.category : (categories[0] ?? card.category);
}
