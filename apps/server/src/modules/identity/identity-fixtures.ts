import crypto from 'node:crypto';

/** A random valid CPF (11 digits, check digits by the Receita Federal's rule), for tests. */
export function newCpf(): string {
  const base = Array.from({ length: 9 }, () => crypto.randomInt(0, 10));
  if (base.every((d) => d === base[0])) base[0] = (base[0]! + 1) % 10;
  const digit = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

/** A YYYY-MM-DD day moved by whole years and then days (a birthday `years` ago, `days` later). */
export function shiftYears(day: string, years: number, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y + years, m - 1, d));
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The registration data BR asks for besides the CPF and date of birth (registration-details.ts): a
 * residential address and a gender, as a registration body's fields. Tests that register a BR
 * player send them (api-client's registerUser adds them to a body with a CPF).
 */
export function brRegistrationDetails(): Record<string, string> {
  return {
    addressStreet: 'Avenida Paulista',
    addressNumber: '1578',
    addressComplement: 'Apto 42',
    addressDistrict: 'Bela Vista',
    addressCity: 'São Paulo',
    addressState: 'SP',
    addressCep: '01310-200',
    gender: 'female',
  };
}
