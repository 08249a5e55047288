import { describe, expect, it } from 'vitest';
import pt from '../../locales/pt/games.json';
import en from '../../locales/en/games.json';
import ptErrors from '../../locales/pt/errors.json';
import enErrors from '../../locales/en/errors.json';

function listKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => listKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('games locales', () => {
  it('have the same keys in PT and EN, none empty', () => {
    expect(listKeys(pt).sort()).toEqual(listKeys(en).sort());
    for (const file of [pt, en]) {
      for (const key of listKeys(file)) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], file);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('translate every error a player can get from the wallet transfer and launch', () => {
    for (const code of [
      'TRANSFER_PENDING',
      'VENDOR_UNAVAILABLE',
      'VENDOR_NOT_CONNECTED',
      'INSUFFICIENT_FUNDS',
      'AMOUNT_INVALID',
    ]) {
      expect((ptErrors as Record<string, unknown>)[code], code).toBeTruthy();
      expect((enErrors as Record<string, unknown>)[code], code).toBeTruthy();
    }
  });
});
