import { describe, expect, it } from 'vitest';
import { CATEGORY_ROUTES } from './vendor-lanes';
import pt from '../../locales/pt/lobby.json';
import en from '../../locales/en/lobby.json';

function listKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('lobby locales', () => {
  it('have the same keys in PT and EN, none empty', () => {
    expect(listKeys(pt).sort()).toEqual(listKeys(en).sort());
    for (const file of [pt, en]) {
      for (const key of listKeys(file)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('name every category page in both languages', () => {
    for (const { path } of CATEGORY_ROUTES) {
      const key = path.slice(1) as keyof typeof pt.pages;
      expect(pt.nav[key], path).toBeTruthy();
      expect(en.nav[key], path).toBeTruthy();
      expect(pt.pages[key], path).toBeTruthy();
    }
  });
});
