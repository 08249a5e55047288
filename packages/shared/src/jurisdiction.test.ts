import { describe, expect, it } from 'vitest';
import { ageOn, jurisdictionRules } from './jurisdiction';

describe('jurisdiction rules', () => {
  it('BR asks for a CPF, 18 years, KYC, the barred list and limits at sign-up; permissive asks for none', () => {
    expect(jurisdictionRules('BR')).toMatchObject({
      identity: 'cpf',
      minimumAge: 18,
      kyc: true,
      barredList: true,
      limitsAtSignUp: true,
      ownAccountsOnly: true,
    });
    expect(jurisdictionRules('permissive')).toMatchObject({
      identity: 'none',
      minimumAge: null,
      kyc: false,
      barredList: false,
    });
  });

  it('counts whole years as a birthday does, leap days included', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-12-01', '2026-11-26')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});
