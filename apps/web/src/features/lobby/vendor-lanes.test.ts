import { describe, expect, it } from 'vitest';
import type { VendorCard, VendorLane } from '@wps/shared/schemas/catalogue';
import { deriveVendors, vendorCardsWithLane, vendorsForCategories, visibleCategoryPaths } from './vendor-lanes';

function card(vassalage: string, category: VendorCard['category'], isHot: 0 | 1 = 0): VendorCard {
  return {
    vassalage,
    name: vassalage,
    category,
    walletModel: 'seamless',
    isHot,
    status: 'active',
    logo: `/games/vendors/${vassalage}.svg`,
    gameCount: 1,
  };
}

const LANES: VendorLane[] = [
  { title: 'LIVE', gameClassify: 'LIVE', cards: [card('SBX', 'RNG', 1), card('ALV', 'LIVE')] },
  { title: 'SPORTS', gameClassify: 'SPORTS', cards: [card('KSB', 'SPORTS')] },
  { title: 'RNG', gameClassify: 'RNG', cards: [card('inhouse', 'RNG', 1), card('SBX', 'RNG', 1)] },
  { title: 'ESPORTS', gameClassify: 'ESPORTS', cards: [card('AV', 'ESPORTS')] },
  { title: 'COCKFIGHT', gameClassify: 'COCKFIGHT', cards: [card('DS88', 'COCKFIGHT')] },
];

describe('vendor lanes', () => {
  it('derives sortingVendor (each once, lane order), mappingVendor and hotVendor (isHot 1)', () => {
    const { sortingVendor, mappingVendor, hotVendor } = deriveVendors(LANES);
    expect(sortingVendor.map((c) => c.vassalage)).toEqual(['SBX', 'ALV', 'KSB', 'inhouse', 'AV', 'DS88']);
    expect(mappingVendor.DS88?.category).toBe('COCKFIGHT');
    expect(mappingVendor.nope).toBeUndefined();
    expect(hotVendor.map((c) => c.vassalage)).toEqual(['SBX', 'inhouse']);
  });

  it('puts the COCKFIGHT and ESPORTS vendor groups under SPORTS', () => {
    expect(vendorsForCategories(LANES, ['SPORTS']).map((c) => c.vassalage)).toEqual(['KSB', 'AV', 'DS88']);
    expect(vendorsForCategories(LANES, ['ESPORTS']).map((c) => c.vassalage)).toEqual(['AV']);
    expect(vendorsForCategories(LANES, ['LIVE']).map((c) => c.vassalage)).toEqual(['SBX', 'ALV']);
  });

  it("names the lane each card comes from, so a vendor from another category opens that lane's games", () => {
    const live = vendorCardsWithLane(LANES, ['LIVE']).map(({ card, lane }) => [card.vassalage, card.category, lane]);
    expect(live).toEqual([
      ['SBX', 'RNG', 'LIVE'],
      ['ALV', 'LIVE', 'LIVE'],
    ]);
    const sports = vendorCardsWithLane(LANES, ['SPORTS']).map(({ card, lane }) => [card.vassalage, lane]);
    expect(sports).toEqual([
      ['KSB', 'SPORTS'],
      ['AV', 'ESPORTS'],
      ['DS88', 'COCKFIGHT'],
    ]);
  });

  it('shows only the navigation entries whose categories have vendors', () => {
    expect(visibleCategoryPaths(LANES)).toEqual(['/live', '/sports', '/rng', '/esports']);
    expect(visibleCategoryPaths([])).toEqual([]);
  });
});
