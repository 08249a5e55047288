import { describe, expect, it } from 'vitest';
import { parseIndexNotice } from './index-notice';

describe('index_notice cache', () => {
  it('reads what was saved and ignores anything else', () => {
    const list = [
      {
        id: '1',
        type: 'H' as const,
        title: 'Hi',
        content: '<p>x</p>',
        publishedAt: '2026-11-24T08:00:00.000Z',
        version: 1,
      },
    ];
    expect(parseIndexNotice(JSON.stringify({ savedAt: 5, list }))).toEqual({ savedAt: 5, list });
    expect(parseIndexNotice(JSON.stringify({ savedAt: 5, list: [] }))).toEqual({ savedAt: 5, list: [] });
    expect(parseIndexNotice(null)).toBeNull();
    expect(parseIndexNotice('{oops')).toBeNull();
    expect(parseIndexNotice('null')).toBeNull();
    expect(parseIndexNotice(JSON.stringify({ list }))).toBeNull();
    expect(parseIndexNotice(JSON.stringify({ savedAt: 1, list: 'x' }))).toBeNull();
  });
});
