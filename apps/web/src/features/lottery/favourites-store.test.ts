import { describe, expect, it } from 'vitest';
import { favouritesFirst, favouritesKey, parseFavourites } from './favourites-store';

describe('visitor favourites', () => {
  it('keys by the remembered username, else the visitor', () => {
    expect(favouritesKey('Maria')).toBe('wps.lotteryFavourites.maria');
    expect(favouritesKey('')).toBe('wps.lotteryFavourites.visitor');
  });

  it('reads only lists of codes', () => {
    expect(parseFavourites('["E5D-1",3]')).toEqual(['E5D-1']);
    expect(parseFavourites('{')).toEqual([]);
    expect(parseFavourites(null)).toEqual([]);
  });

  it('orders favourites first', () => {
    const games = [{ gameCode: 'A' }, { gameCode: 'B' }, { gameCode: 'C' }];
    expect(favouritesFirst(games, ['C']).map((g) => g.gameCode)).toEqual(['C', 'A', 'B']);
  });
});
