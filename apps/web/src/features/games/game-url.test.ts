import { describe, expect, it } from 'vitest';
import { toFrameableUrl } from './game-url';

describe('toFrameableUrl', () => {
  it('keeps an absolute http(s) URL', () => {
    expect(toFrameableUrl('http://vendor.test/play?token=abc')).toBe('http://vendor.test/play?token=abc');
    expect(toFrameableUrl('https://vendor.test/x')).toBe('https://vendor.test/x');
  });

  it('refuses script, data and relative URLs and nothing', () => {
    expect(toFrameableUrl('javascript:alert(1)')).toBeNull();
    expect(toFrameableUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(toFrameableUrl('/play')).toBeNull();
    expect(toFrameableUrl(null)).toBeNull();
  });
});
