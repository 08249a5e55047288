import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import ptErrors from './pt/errors.json';
import enErrors from './en/errors.json';
import ptCommon from './pt/common.json';
import enCommon from './en/common.json';

/** Every leaf key of a nested translation object, dotted. */
function listKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('translate every server error code in PT and EN', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ptErrors, `pt ${code}`).toHaveProperty([code]);
      expect(enErrors, `en ${code}`).toHaveProperty([code]);
    }
  });

  it('have the same keys in PT and EN', () => {
    expect(listKeys(ptErrors).sort()).toEqual(listKeys(enErrors).sort());
    expect(listKeys(ptCommon).sort()).toEqual(listKeys(enCommon).sort());
  });

  // No fallback language is loaded (that would download both languages), so a key missing from
  // one language would show as the raw key: every namespace has the same keys in PT and EN.
  it('have the same keys in PT and EN in every namespace', () => {
    const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
    const namespaces = Object.keys(files).filter((file) => file.startsWith('./pt/'));
    expect(namespaces.length).toBeGreaterThan(5);
    for (const file of namespaces) {
      const en = files[file.replace('./pt/', './en/')];
      expect(en, file).toBeDefined();
      expect(listKeys(files[file]).sort(), file).toEqual(listKeys(en).sort());
    }
  });

  // `{{multiplier}}` is always written by formats.multiplier, which carries its own sign ("1×"):
  // a message that adds one shows "1××" (the slot's win line did).
  it('add no second multiplication sign after a formatted multiplier', () => {
    const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });
    for (const [file, messages] of Object.entries(files)) {
      const doubled = JSON.stringify(messages).match(/\{\{multiplier\}\}\s*[×x]/g);
      expect(doubled, file).toBeNull();
    }
  });

  it('have no empty strings', () => {
    for (const file of [ptErrors, enErrors, ptCommon, enCommon]) {
      for (const key of listKeys(file)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });
});
