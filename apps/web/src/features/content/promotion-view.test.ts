import { describe, expect, it } from 'vitest';
import type { LiveContentItem } from '@wps/shared/schemas/content';
import { filterPromotions, findPromotion, promotionTabsOf, promotionTagsOf } from './promotion-view';
import { promotionDetailPath } from './promotion-path';

function promotion(id: string, groupCode: string, tags: LiveContentItem['tags'] = []): LiveContentItem {
  return {
    id,
    groupCode,
    title: `P${id}`,
    bodyHtml: '',
    linkage: null,
    image: null,
    tags,
    version: 1,
    publishedAt: '2026-11-01T00:00:00.000Z',
    publishFrom: null,
    publishUntil: null,
  };
}

const LIST = [
  promotion('1', 'slots', ['daily']),
  promotion('2', 'new_player', ['newbie', 'limited']),
  promotion('3', 'slots', ['vip', 'daily']),
];

describe('promotions view', () => {
  it('offers "all" and the categories present, in the product order', () => {
    expect(promotionTabsOf(LIST)).toEqual(['all', 'slots', 'new_player']);
    expect(promotionTabsOf([])).toEqual(['all']);
  });

  it('offers the tags present, in the product order', () => {
    expect(promotionTagsOf(LIST)).toEqual(['newbie', 'limited', 'daily', 'vip']);
  });

  it('filters by tab and by every chosen tag', () => {
    expect(filterPromotions(LIST, 'all', []).map((p) => p.id)).toEqual(['1', '2', '3']);
    expect(filterPromotions(LIST, 'slots', []).map((p) => p.id)).toEqual(['1', '3']);
    expect(filterPromotions(LIST, 'slots', ['daily', 'vip']).map((p) => p.id)).toEqual(['3']);
    expect(filterPromotions(LIST, 'new_player', ['daily'])).toEqual([]);
  });

  it('finds a promotion by id and builds its detail path', () => {
    expect(findPromotion(LIST, '2')?.title).toBe('P2');
    expect(findPromotion(LIST, '9')).toBeUndefined();
    expect(findPromotion(LIST, null)).toBeUndefined();
    expect(promotionDetailPath('2')).toBe('/promoDetail?id=2');
  });
});
