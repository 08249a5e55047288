import { describe, expect, it } from 'vitest';
import ptWithdraw from '../../locales/pt/withdraw.json';
import enWithdraw from '../../locales/en/withdraw.json';
import ptRecords from '../../locales/pt/records.json';
import enRecords from '../../locales/en/records.json';

/** Every leaf key of a nested translation object, dotted. */
function listKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key));
}

function textAt(file: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
}

describe.each([
  ['withdraw', ptWithdraw, enWithdraw],
  ['records', ptRecords, enRecords],
])('%s locale namespace', (_name, pt, en) => {
  it('has the same keys in PT and EN', () => {
    expect(listKeys(pt).sort()).toEqual(listKeys(en).sort());
  });

  it('has no empty strings and keeps the same placeholders', () => {
    for (const key of listKeys(en)) {
      const ptText = textAt(pt, key);
      const enText = textAt(en, key);
      expect(typeof ptText === 'string' && ptText.trim().length > 0, key).toBe(true);
      const placeholders = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(ptText), key).toEqual(placeholders(enText));
    }
  });
});
