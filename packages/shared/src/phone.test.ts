import { describe, expect, it } from 'vitest';
import { cleanDialingCode, formatPhone, isSamePhone, normalisePhone, type PhoneCountry } from './phone';

const COUNTRIES: PhoneCountry[] = [
  { countryCode: 'BR', countryDialingCode: '55' },
  { countryCode: 'PT', countryDialingCode: '351' },
  { countryCode: 'US', countryDialingCode: '1' },
];

describe('phone numbers', () => {
  it('stores one E.164 form whatever the spelling', () => {
    const expected = { e164: '+5511975603901', dialingCode: '55', nationalNumber: '11975603901', countryCode: 'BR' };
    expect(normalisePhone('55', '11975603901', COUNTRIES)).toEqual(expected);
    expect(normalisePhone('+55', '(11) 97560-3901', COUNTRIES)).toEqual(expected);
    expect(normalisePhone('55', '011975603901', COUNTRIES)).toEqual(expected);
    expect(normalisePhone('55', '+5511975603901', COUNTRIES)).toEqual(expected);
  });

  it('refuses a dialing code that is not listed, even when the digits run together the same', () => {
    expect(normalisePhone('551', '1975603901', COUNTRIES)).toBeNull();
    expect(normalisePhone('44', '7400123456', COUNTRIES)).toBeNull();
  });

  it('refuses invalid numbers and a full number of another country', () => {
    expect(normalisePhone('55', '123', COUNTRIES)).toBeNull();
    expect(normalisePhone('55', 'abc', COUNTRIES)).toBeNull();
    expect(normalisePhone('55', '+351912345678', COUNTRIES)).toBeNull();
  });

  it('accepts only listed countries of a shared calling code', () => {
    expect(normalisePhone('1', '2025550123', COUNTRIES)?.countryCode).toBe('US');
    // 613 is a Canadian area code: Canada is not listed here.
    expect(normalisePhone('1', '6135550123', COUNTRIES)).toBeNull();
    expect(
      normalisePhone('1', '6135550123', [...COUNTRIES, { countryCode: 'CA', countryDialingCode: '1' }])?.countryCode,
    ).toBe('CA');
  });

  it('compares and formats', () => {
    expect(
      isSamePhone(
        { dialingCode: '+55', mobile: '11975603901' },
        { dialingCode: '55', mobile: '011 97560 3901' },
        COUNTRIES,
      ),
    ).toBe(true);
    expect(
      isSamePhone(
        { dialingCode: '55', mobile: '11975603901' },
        { dialingCode: '551', mobile: '1975603901' },
        COUNTRIES,
      ),
    ).toBe(false);
    expect(cleanDialingCode(' +351 ')).toBe('351');
    expect(formatPhone('+5511975603901')).toBe('+55 11 97560 3901');
  });
});
