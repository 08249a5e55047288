import { describe, expect, it } from 'vitest';
import { formatAge } from './age';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const en = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' });
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('formatAge', () => {
  it('says minutes under two hours, hours under two days, then days', () => {
    expect(formatAge(ago(0), NOW, en)).toBe('this minute');
    expect(formatAge(ago(5 * 60_000), NOW, en)).toBe('5 min. ago');
    expect(formatAge(ago(119 * 60_000), NOW, en)).toBe('119 min. ago');
    expect(formatAge(ago(3 * 3_600_000 + 59 * 60_000), NOW, en)).toBe('3 hr. ago');
    expect(formatAge(ago(50 * 3_600_000), NOW, en)).toBe('2 days ago');
  });

  it('never says "in …" for a clock slightly ahead, and nothing for a bad date', () => {
    expect(formatAge(new Date(NOW + 30_000).toISOString(), NOW, en)).toBe('this minute');
    expect(formatAge('not a date', NOW, en)).toBe('');
  });
});
