import { describe, expect, it } from 'vitest';
import { toBannerLink } from './banner-link';

const link = (
  linkageType: 'url' | 'page' | 'promotion' | 'game' | null,
  linkageTarget: string | null,
  linkageVendor: string | null = null,
) => toBannerLink({ linkageType, linkageTarget, linkageVendor });

describe('toBannerLink', () => {
  it('opens an http(s) URL in a new tab and refuses other schemes', () => {
    expect(link('url', 'https://example.com/x?y=1')).toEqual({ kind: 'external', href: 'https://example.com/x?y=1' });
    expect(link('url', 'javascript:alert(1)')).toBeNull();
    expect(link('url', 'data:text/html,hi')).toBeNull();
    expect(link('url', 'not a url')).toBeNull();
  });

  it('goes to a route of the site, never to another host', () => {
    expect(link('page', '/promotions')).toEqual({ kind: 'route', to: '/promotions' });
    expect(link('page', '/rng')).toEqual({ kind: 'route', to: '/rng' });
    expect(link('page', '//evil.example')).toBeNull();
    expect(link('page', 'rng')).toBeNull();
  });

  it("opens a promotion's own page", () => {
    expect(link('promotion', '42')).toEqual({ kind: 'route', to: '/promoDetail?id=42' });
    expect(link('promotion', '4x')).toBeNull();
  });

  it('launches a game with the vendor the server found, and is no link when it found none', () => {
    expect(link('game', 'SBX-slot-01', 'SBX')).toEqual({ kind: 'game', nodeId: 'SBX-slot-01', vassalage: 'SBX' });
    expect(link('game', 'SBX-slot-01')).toBeNull();
  });

  it('is no link without a linkage or with an empty target', () => {
    expect(link(null, null)).toBeNull();
    expect(link('page', '  ')).toBeNull();
  });
});
