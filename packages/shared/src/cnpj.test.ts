import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj, normalizeCnpj } from './cnpj';

/** The check digits computed by hand from the Receita Federal's rule, apart from the code under test. */
function withCheckDigits(twelve: string): string {
  const value = (c: string) => c.charCodeAt(0) - 48;
  const digit = (base: string) => {
    const weights = base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...base].reduce((s, c, i) => s + value(c) * weights[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(twelve);
  return `${twelve}${first}${digit(`${twelve}${first}`)}`;
}

describe('CNPJ', () => {
  it('accepts a CNPJ whose two check digits are right, masked or not', () => {
    // The Receita Federal's documentation example, used by the demo operator.
    expect(withCheckDigits('112223330001')).toBe('11222333000181');
    expect(normalizeCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeCnpj('11222333000181')).toBe('11222333000181');
    expect(normalizeCnpj(' 11.222.333/0001-81 ')).toBe('11222333000181');
    for (const twelve of ['123456780001', '987654320001', '000000010001', '191919190002']) {
      const cnpj = withCheckDigits(twelve);
      expect(normalizeCnpj(cnpj), cnpj).toBe(cnpj);
      expect(cnpjCheckDigits(twelve)).toBe(cnpj.slice(12));
    }
  });

  it('accepts the alphanumeric CNPJ (letters in the first 12, any case) by the same rule', () => {
    const cnpj = withCheckDigits('12ABC34501DE');
    expect(cnpj).toBe('12ABC34501DE35');
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj('12.ABC.345/01DE-36')).toBeNull();
  });

  it('refuses a wrong check digit, a repeated character, a wrong length or letters among the check digits', () => {
    expect(normalizeCnpj('11.222.333/0001-80')).toBeNull();
    expect(normalizeCnpj('11.222.333/0001-18')).toBeNull();
    // Every one-digit change of a valid CNPJ breaks a check digit.
    const valid = '11222333000181';
    for (let i = 0; i < valid.length; i++) {
      const changed = `${valid.slice(0, i)}${(Number(valid[i]) + 1) % 10}${valid.slice(i + 1)}`;
      expect(normalizeCnpj(changed), changed).toBeNull();
    }
    // Repeated characters pass the arithmetic but are no CNPJ.
    expect(normalizeCnpj('00000000000000')).toBeNull();
    expect(normalizeCnpj('11111111111111')).toBeNull();
    expect(normalizeCnpj('1122233300018')).toBeNull();
    expect(normalizeCnpj('112223330001811')).toBeNull();
    expect(normalizeCnpj('112223330001A1')).toBeNull();
    expect(normalizeCnpj('')).toBeNull();
    expect(normalizeCnpj('11-222-333-0001-81x')).toBeNull();
  });

  it('formats the 14 characters as 00.000.000/0000-00', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });
});
