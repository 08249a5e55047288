import { describe, expect, it } from 'vitest';
import {
  contentBreach,
  findBonusWording,
  missionBreach,
  rafflePrizesBreach,
  vipLevelBreach,
  type VipLevelForLicence,
} from './bonus-offers';
import { licenceRules } from './licence';

const BR = licenceRules('BR');
const PERMISSIVE = licenceRules('permissive');

describe('findBonusWording', () => {
  it('finds bonus words without accents or case, in HTML, Portuguese and English', () => {
    expect(findBonusWording('Bônus de boas-vindas')).toBe('bonus');
    expect(findBonusWording('<p>Ganhe <strong>BÔNUS</strong></p>')).toBe('bonus');
    expect(findBonusWording('Rodadas grátis toda sexta')).toBe('gratis');
    expect(findBonusWording('Your first FREE BET')).toBe('free bet');
    expect(findBonusWording('5% weekly cashback')).toBe('cashback');
    expect(findBonusWording('Bonificação semanal')).toBe('bonificacao');
  });

  it('finds a percentage offered on top of something', () => {
    expect(findBonusWording('100% + R$ 500')).toBe('100% +');
    expect(findBonusWording('100% até R$ 500 no primeiro depósito')).toBe('100% ate');
    expect(findBonusWording('50% up to R$ 200')).toBe('50% up to');
    expect(findBonusWording('Sexta da recarga: 20% extra')).toBe('20% extra');
  });

  it('leaves words that name no bonus alone', () => {
    expect(findBonusWording('Torneio mensal de slots')).toBeNull();
    expect(findBonusWording('Pegue o ônibus para o estádio')).toBeNull();
    expect(findBonusWording('RTP de 96%')).toBeNull();
    expect(findBonusWording('Jogue com responsabilidade.')).toBeNull();
  });
});

describe('what BR refuses, and the generic licence lets through', () => {
  it('content: the flag first, then the words of each language with the field', () => {
    const words = { PT: { title: 'Torneio', bodyHtml: '' }, EN: { title: 'Welcome bonus', bodyHtml: '' } };
    expect(contentBreach(BR, { bonusOffer: true, translations: words })).toEqual({
      rule: 'bonusAdvertising',
      field: 'bonusOffer',
    });
    expect(contentBreach(BR, { bonusOffer: false, translations: words })).toEqual({
      rule: 'bonusAdvertising',
      field: 'translations.EN.title',
      word: 'bonus',
    });
    expect(contentBreach(PERMISSIVE, { bonusOffer: true, translations: words })).toBeNull();
  });

  it('a mission with a deposit step', () => {
    const steps = [{ kind: 'stake' }, { kind: 'deposit' }];
    expect(missionBreach(BR, { steps })).toEqual({ rule: 'depositConditions', field: 'steps.1.kind' });
    expect(missionBreach(BR, { steps: [{ kind: 'stake' }, { kind: 'login_days' }] })).toBeNull();
    expect(missionBreach(PERMISSIVE, { steps })).toBeNull();
  });

  it('a VIP level with a deposit threshold and a money bonus; points or turnover alone stay', () => {
    const level: VipLevelForLicence = {
      depositMinor: 10_000n,
      upgradeBonusKind: 'cash',
      upgradeBonus: 1_000n,
      monthlyBonusKind: 'points',
      monthlyBonus: 50n,
    };
    expect(vipLevelBreach(BR, level)).toEqual({ rule: 'depositConditions', field: 'upgradeBonus' });
    expect(vipLevelBreach(BR, { ...level, upgradeBonusKind: 'points' })).toBeNull();
    expect(vipLevelBreach(BR, { ...level, depositMinor: 0n })).toBeNull();
    expect(vipLevelBreach(BR, { ...level, upgradeBonus: 0n, monthlyBonusKind: 'cash' })).toEqual({
      rule: 'depositConditions',
      field: 'monthlyBonus',
    });
    expect(vipLevelBreach(PERMISSIVE, level)).toBeNull();
  });

  it('a raffle prize of bonus money', () => {
    const prizes = [{ rewardKind: 'cash' }, { rewardKind: 'bonus' }];
    expect(rafflePrizesBreach(BR, prizes)).toEqual({ rule: 'forbiddenRewardKinds', field: 'prizes.1.rewardKind' });
    expect(rafflePrizesBreach(BR, [{ rewardKind: 'points' }])).toBeNull();
    expect(rafflePrizesBreach(PERMISSIVE, prizes)).toBeNull();
  });
});
