import { describe, expect, it } from 'vitest';
import { findBannerGroup } from './banner-groups';

describe('findBannerGroup', () => {
  it("gives each existing route its group, home's aliases included", () => {
    expect(['/', '/index', '/index.html', '/home', '/login'].map(findBannerGroup)).toEqual(Array(5).fill('w_home'));
    expect(findBannerGroup('/rng')).toBe('w_rng');
    expect(findBannerGroup('/elott')).toBe('w_lott');
    expect(findBannerGroup('/Register.html')).toBe('w_reg');
    expect(findBannerGroup('/help/')).toBe('w_help');
    expect(findBannerGroup('/down')).toBe('w_down');
  });

  it('shares w_inhouse between the in-house lobby and its game pages, not the framed game', () => {
    expect(findBannerGroup('/inhouse')).toBe('w_inhouse');
    expect(findBannerGroup('/inhouse/dice')).toBe('w_inhouse');
    expect(findBannerGroup('/inhouse/play/dice')).toBeNull();
  });

  it('has no group for other paths', () => {
    expect(findBannerGroup('/terms')).toBeNull();
    expect(findBannerGroup('/game')).toBeNull();
    expect(findBannerGroup('/nowhere')).toBeNull();
    // The standalone help centre has no site frame, so no strip either.
    expect(findBannerGroup('/helpmc')).toBeNull();
  });
});
