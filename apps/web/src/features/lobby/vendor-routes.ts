import { LOTTERY_VENDORS } from '@wps/shared/catalogue-constants';
import type { GameItem, VendorCard } from '@wps/shared/schemas/catalogue';

const IN_HOUSE_LOTTERY = new Set<string>(Object.values(LOTTERY_VENDORS));

/**
 * The site page a vendor's card opens instead of its game popup: an RNG vendor's games at
 * /rng?vassalage=…, and our own lottery's lobby (quick draws at /lottery, the daily draws at
 * /vnlottery). Null for every other vendor.
 */
export function vendorPagePath(vendor: Pick<VendorCard, 'vassalage' | 'category'>): string | null {
  if (vendor.category === 'RNG') return `/rng?vassalage=${encodeURIComponent(vendor.vassalage)}`;
  if (!IN_HOUSE_LOTTERY.has(vendor.vassalage)) return null;
  return vendor.category === 'LOTT' ? '/vnlottery' : '/lottery';
}

/**
 * The lottery page of one of our lottery's games, with its code: the regional draws' page for a
 * 'sea' game, the Vietnam lottery's for other daily draws, the quick draws' otherwise. Null for a
 * game that is not ours, which launches through the gateway like any vendor's.
 */
export function lotteryGamePath(
  game: Pick<GameItem, 'vassalage' | 'gameType' | 'gameClassify' | 'nodeId'>,
): string | null {
  if (!IN_HOUSE_LOTTERY.has(game.vassalage)) return null;
  const page = game.gameClassify === 'sea' ? '/seaLottery' : game.gameType === 'LOTT' ? '/vnlottery' : '/lottery';
  return `${page}?${new URLSearchParams({ gameCode: game.nodeId }).toString()}`;
}
