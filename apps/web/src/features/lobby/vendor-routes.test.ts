import { describe, expect, it } from 'vitest';
import { lotteryGamePath, vendorPagePath } from './vendor-routes';

describe('vendor and lottery routes', () => {
  it('sends RNG vendors to /rng and our lottery vendors to their lobby; others to the popup', () => {
    expect(vendorPagePath({ vassalage: 'SBX', category: 'RNG' })).toBe('/rng?vassalage=SBX');
    expect(vendorPagePath({ vassalage: 'ILE', category: 'ELOTT' })).toBe('/lottery');
    expect(vendorPagePath({ vassalage: 'ILT', category: 'LOTT' })).toBe('/vnlottery');
    expect(vendorPagePath({ vassalage: 'NLT', category: 'ELOTT' })).toBeNull();
    expect(vendorPagePath({ vassalage: 'ALV', category: 'LIVE' })).toBeNull();
  });

  it('opens a lottery game on its page with its code', () => {
    expect(lotteryGamePath({ vassalage: 'ILE', gameType: 'ELOTT', gameClassify: 'quick', nodeId: 'E5D-1' })).toBe(
      '/lottery?gameCode=E5D-1',
    );
    expect(lotteryGamePath({ vassalage: 'ILT', gameType: 'LOTT', gameClassify: 'vn', nodeId: 'VN-MB' })).toBe(
      '/vnlottery?gameCode=VN-MB',
    );
    expect(lotteryGamePath({ vassalage: 'ILT', gameType: 'LOTT', gameClassify: 'sea', nodeId: 'SEA-N5' })).toBe(
      '/seaLottery?gameCode=SEA-N5',
    );
    expect(
      lotteryGamePath({ vassalage: 'RLT', gameType: 'LOTT', gameClassify: 'lotto', nodeId: 'RLT-north' }),
    ).toBeNull();
  });
});
