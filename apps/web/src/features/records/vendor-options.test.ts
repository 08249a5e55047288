import { describe, expect, it } from 'vitest';
import type { VendorLane } from '@wps/shared/schemas/catalogue';
import { toVendorOptions } from './vendor-options';

function card(vassalage: string, name: string, category: VendorLane['title']): VendorLane['cards'][number] {
  return { vassalage, name, category, walletModel: 'seamless', isHot: 0, status: 'active', logo: '', gameCount: 1 };
}

const lanes: VendorLane[] = [
  {
    title: 'RNG',
    gameClassify: 'RNG',
    cards: [card('SBX', 'Sandbox Seamless', 'RNG'), card('inhouse', 'In-house Games', 'RNG')],
  },
  { title: 'SPORTS', gameClassify: 'SPORTS', cards: [card('AV', 'AV Sports', 'SPORTS')] },
  { title: 'ESPORTS', gameClassify: 'ESPORTS', cards: [card('AV', 'AV Sports', 'ESPORTS')] },
];

describe('toVendorOptions', () => {
  it('lists every vendor once, by name', () => {
    expect(toVendorOptions(lanes, '').map((v) => v.vassalage)).toEqual(['AV', 'inhouse', 'SBX']);
  });

  it('keeps only the vendors of the chosen category', () => {
    expect(toVendorOptions(lanes, 'RNG')).toEqual([
      { vassalage: 'inhouse', name: 'In-house Games' },
      { vassalage: 'SBX', name: 'Sandbox Seamless' },
    ]);
    expect(toVendorOptions(lanes, 'LIVE')).toEqual([]);
  });
});
