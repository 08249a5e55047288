import { describe, expect, it } from 'vitest';
import { toFrameableUrl } from './game-url';

describe('toFrameableUrl', () => {
  it('keeps an absolute http(s) URL', () => {
    expect(toFrameableUrl('http://vendor.test/play?token=abc')).toBe('http://vendor.test/play?token=abc');
    expect(toFrameableUrl('https://vendor.test/x')).toBe('https://vendor.test/x');
  });

  it('resolves a root-relative path (an in-house game) on this site', () => {
    expect(toFrameableUrl('/inhouse/play/slot?token=abc', 'https://site.test')).toBe(
      'https://site.test/inhouse/play/slot?token=abc',
    );
  });

  it('refuses script, data, bare-relative and protocol-relative URLs and nothing', () => {
    expect(toFrameableUrl('javascript:alert(1)')).toBeNull();
    expect(toFrameableUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(toFrameableUrl('play')).toBeNull();
    expect(toFrameableUrl('//evil.test/play', 'https://site.test')).toBeNull();
    expect(toFrameableUrl('/\\evil.test/play', 'https://site.test')).toBeNull();
    expect(toFrameableUrl('/\t/evil.test/play', 'https://site.test')).toBeNull();
    expect(toFrameableUrl(null)).toBeNull();
  });
});
