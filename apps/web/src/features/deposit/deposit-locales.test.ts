import { describe, expect, it } from 'vitest';
import ptDeposit from '../../locales/pt/deposit.json';
import enDeposit from '../../locales/en/deposit.json';
import ptMessages from '../../locales/pt/messages.json';
import enMessages from '../../locales/en/messages.json';

/** Every leaf key of a nested translation object, dotted. */
function listKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key));
}

function textAt(file: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
}

const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['deposit', ptDeposit, enDeposit],
  ['messages', ptMessages, enMessages],
])('%s locale namespace', (_name, pt, en) => {
  it('has the same keys in PT and EN', () => {
    expect(listKeys(pt).sort()).toEqual(listKeys(en).sort());
  });

  it('has no empty strings and keeps the same placeholders', () => {
    for (const key of listKeys(en)) {
      const ptText = textAt(pt, key);
      expect(typeof ptText === 'string' && ptText.trim().length > 0, key).toBe(true);
      expect(placeholders(ptText), key).toEqual(placeholders(textAt(en, key)));
    }
  });
});
