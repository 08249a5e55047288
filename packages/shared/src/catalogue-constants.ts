/**
 * Catalogue constants the web needs as values. They live apart from schemas/catalogue.ts (which
 * re-exports them) so that importing one of them does not bring zod into the home page's first load.
 */

/** Game categories. */
export const GAME_CATEGORIES = [
  'ELOTT',
  'LOTT',
  'LIVE',
  'SPORTS',
  'FISH',
  'RNG',
  'PVP',
  'ESPORTS',
  'COCKFIGHT',
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Vendor groups: these categories' vendors also belong to their parent category. */
export const VENDOR_GROUPS = {
  COCKFIGHT: { parent: 'SPORTS', vendors: ['DS88', 'DIG'] },
  ESPORTS: { parent: 'SPORTS', vendors: ['AV', 'IMES', 'IA', 'AI', 'TF'] },
} as const satisfies Partial<Record<GameCategory, { parent: GameCategory; vendors: readonly string[] }>>;

/** The in-house lottery's two vendors in the catalogue: quick draws (ELOTT) and the daily draws (LOTT). */
export const LOTTERY_VENDORS = { quick: 'ILE', daily: 'ILT' } as const;

/** The game list pages at 42. */
export const GAME_LIST_PAGE_SIZE = 42;
