import { describe, expect, it } from 'vitest';
import { formatCpfNumber, maskCpf, normalizeCpf } from './cpf';

/** The check digits computed by hand (Receita Federal's rule), for the tests' own CPFs. */
function withCheckDigits(nine: string): string {
  const digit = (base: string) => {
    const sum = [...base].reduce((s, d, i) => s + Number(d) * (base.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const first = digit(nine);
  return `${nine}${first}${digit(`${nine}${first}`)}`;
}

describe('CPF', () => {
  it('accepts a CPF whose two check digits are right, masked or not', () => {
    expect(withCheckDigits('123456789')).toBe('12345678909');
    expect(normalizeCpf('123.456.789-09')).toBe('12345678909');
    expect(normalizeCpf('12345678909')).toBe('12345678909');
    expect(normalizeCpf(' 529.982.247-25 ')).toBe('52998224725');
    for (const nine of ['111444777', '390533447', '000000191', '987654321']) {
      const cpf = withCheckDigits(nine);
      expect(normalizeCpf(cpf), cpf).toBe(cpf);
    }
  });

  it('refuses a wrong check digit, a repeated digit, a wrong length or letters', () => {
    expect(normalizeCpf('123.456.789-08')).toBeNull();
    expect(normalizeCpf('12345678990')).toBeNull();
    // Every one-digit change of a valid CPF breaks a check digit.
    const cpf = '52998224725';
    for (let i = 0; i < 11; i++) {
      const changed = `${cpf.slice(0, i)}${(Number(cpf[i]) + 1) % 10}${cpf.slice(i + 1)}`;
      expect(normalizeCpf(changed), changed).toBeNull();
    }
    for (const d of '0123456789') expect(normalizeCpf(d.repeat(11))).toBeNull();
    expect(normalizeCpf('1234567890')).toBeNull();
    expect(normalizeCpf('123456789012')).toBeNull();
    expect(normalizeCpf('1234567890a')).toBeNull();
    expect(normalizeCpf('')).toBeNull();
  });

  it('formats and masks for display', () => {
    expect(formatCpfNumber('12345678909')).toBe('123.456.789-09');
    expect(maskCpf('12345678909')).toBe('***.456.789-**');
  });
});
