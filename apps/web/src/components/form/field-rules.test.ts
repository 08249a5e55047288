import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Country, FieldRule } from '@wps/shared/schemas/system';
import en from '../../locales/en/auth.json';
import { createConfirmValidator, createFieldValidator, createMobileValidator, describeFieldIssue } from './field-rules';

/** A tiny stand-in for i18next's t over the real EN auth strings, with {{x}} interpolation. */
const t = ((key: string, options: Record<string, unknown> = {}) => {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return (options.defaultValue as string | undefined) ?? key;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name] ?? ''));
}) as unknown as TFunction<'auth'>;

const username: FieldRule = { acceptedPattern: '*', minLength: 4, maxLength: 16, patternId: 1 };
const code: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 };

describe('field rules', () => {
  it('names the field when a required value is empty', () => {
    expect(createFieldValidator(t, 'Username', username, true)('  ')).toBe('Username cannot be empty');
    expect(createFieldValidator(t, 'Email', undefined, false)('')).toBe(true);
  });

  it('gives the pattern message with min and max substituted, one number when they are equal', () => {
    expect(createFieldValidator(t, 'Username', username, true)('1abc')).toBe(
      '4-16 characters: start with a letter, then letters and digits',
    );
    expect(createFieldValidator(t, 'Username', username, true)('abc')).toBe(
      '4-16 characters: start with a letter, then letters and digits',
    );
    expect(createFieldValidator(t, 'Code', code, true)('12345')).toBe('6 digits only');
    expect(createFieldValidator(t, 'Username', username, true)(' abcd1 ')).toBe(true);
  });

  it('says "at least" when the rule has no upper bound', () => {
    expect(describeFieldIssue(t, 'Password', { code: 'length', patternId: 0, min: 8, max: 0 })).toBe(
      'Must be at least 8 characters long',
    );
  });

  it('checks secrets as typed, without trimming', () => {
    const password: FieldRule = { acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 5 };
    expect(createFieldValidator(t, 'Password', password, true, { isSecret: true })(' abc123')).not.toBe(true);
    expect(createFieldValidator(t, 'Password', password, true, { isSecret: true })('abc123')).toBe(true);
  });

  it('requires the confirmation to equal the other field', () => {
    const confirm = createConfirmValidator(t, 'Confirm password', () => 'abc123');
    expect(confirm('')).toBe('Confirm password cannot be empty');
    expect(confirm('abc124')).toBe('Entry does not match');
    expect(confirm('abc123')).toBe(true);
  });

  it('checks the country digit count of a mobile number', () => {
    const brazil: Country = { countryCode: 'BR', countryDialingCode: '55', name: 'Brazil', mobileLengths: [10, 11] };
    const mobile = createMobileValidator(t, 'Mobile', undefined, true, () => brazil);
    expect(mobile('119876543')).toBe('Mobile numbers in this country have 10 / 11 digits');
    expect(mobile('11987654321')).toBe(true);
    expect(mobile('12ab')).toBe('Enter a valid mobile number');
  });
});
