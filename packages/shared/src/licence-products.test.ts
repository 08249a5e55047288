import { describe, expect, it } from 'vitest';
import {
  LICENCE_PROFILES,
  gameProductClass,
  licenceRules,
  lotteryProductClass,
  ruleSource,
  vendorProductClass,
} from './licence';

// Products the licence allows (docs/compliance.md): which products a licence may forbid, told
// from the catalogue's and the lottery's own facts, and which BR forbids. Fails without the rule.
describe('products the licence allows', () => {
  it('tells a P2P table by its PVP game type or vendor, and a foreign draw by its result country', () => {
    expect(gameProductClass({ gameType: 'PVP' })).toBe('p2p_table');
    expect(gameProductClass({ gameType: 'RNG' })).toBeNull();
    expect(vendorProductClass({ category: 'PVP' })).toBe('p2p_table');
    expect(vendorProductClass({ category: 'FISH' })).toBeNull();
    expect(lotteryProductClass({ resultCountry: 'VN' })).toBe('foreign_lottery');
    expect(lotteryProductClass({ resultCountry: null })).toBeNull();
    expect(gameProductClass({ gameType: 'COCKFIGHT' })).toBe('animal_fight');
    expect(vendorProductClass({ category: 'COCKFIGHT' })).toBe('animal_fight');
    expect(vendorProductClass({ category: 'SPORTS' })).toBeNull();
  });

  it('BR forbids P2P tables, foreign lottery draws and animal fights, from a summary of its sources; the generic licence none', () => {
    expect(licenceRules('BR').forbiddenProducts).toEqual(['p2p_table', 'foreign_lottery', 'animal_fight']);
    expect(ruleSource('BR', 'forbiddenProducts')).toContain('9.605/1998');
    expect(licenceRules('permissive').forbiddenProducts).toEqual([]);
    expect(ruleSource('BR', 'forbiddenProducts')).toContain('14.790');
    expect(ruleSource('BR', 'forbiddenProducts')).toContain('1.207/2024');
    expect(LICENCE_PROFILES.BR.sources.forbiddenProducts?.read).toBe('summary');
  });
});
