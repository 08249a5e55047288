// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { onBase, pickBase } from './delivery';

describe('the tab’s CDN bases (imgUrl, startGameUrl)', () => {
  afterEach(() => sessionStorage.clear());

  it('moves only a path on the site itself onto the base', () => {
    expect(onBase('https://img.cdn.example/site/', '/games/slot.webp')).toBe(
      'https://img.cdn.example/site/games/slot.webp',
    );
    expect(onBase('https://img.cdn.example', 'https://vendor.example/a.png')).toBe('https://vendor.example/a.png');
    expect(onBase('https://img.cdn.example', '//vendor.example/a.png')).toBe('//vendor.example/a.png');
    expect(onBase('', '/games/slot.webp')).toBe('/games/slot.webp');
  });

  it('picks one entry at random for the tab and keeps it while the list still offers it', () => {
    const list = ['https://a.cdn.example', 'https://b.cdn.example'];
    expect(pickBase('imgUrl', [])).toBe('');
    expect(pickBase('imgUrl', list, () => 0.9)).toBe('https://b.cdn.example');
    expect(pickBase('imgUrl', list, () => 0)).toBe('https://b.cdn.example');
    expect(sessionStorage.getItem('imgUrl')).toBe('https://b.cdn.example');
    // The operator took it off the list: another is picked.
    expect(pickBase('imgUrl', ['https://a.cdn.example'], () => 0.9)).toBe('https://a.cdn.example');
    expect(pickBase('startGameUrl', list, () => 0)).toBe('https://a.cdn.example');
  });
});
