import { describe, expect, it } from 'vitest';
import { clockOffsetMs, FAST_POLL_MS, formatCountdown, msUntil, pollDelayMs, SLOW_POLL_MS } from './lottery-clock';

describe('lottery clock', () => {
  it('takes the offset from the middle of the round trip', () => {
    const sent = Date.parse('2026-11-25T10:00:00.000Z');
    // The browser is 90 s behind; the call took 200 ms.
    expect(clockOffsetMs('2026-11-25T10:01:30.100Z', sent, sent + 200)).toBe(90_000);
    expect(clockOffsetMs('2026-11-25T09:59:00.100Z', sent, sent + 200)).toBe(-60_000);
    expect(clockOffsetMs('not a date', sent, sent)).toBe(0);
  });

  it('counts down on the server clock, not the browser clock', () => {
    const browserNow = Date.parse('2026-11-25T10:00:00.000Z');
    // The server is 30 s ahead: a cut-off 50 s away on the browser clock is 20 s away.
    expect(msUntil('2026-11-25T10:00:50.000Z', 30_000, browserNow)).toBe(20_000);
    expect(msUntil('2026-11-25T09:00:00.000Z', 0, browserNow)).toBe(0);
  });

  it('formats minutes and hours', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(49_001)).toBe('00:50');
    expect(formatCountdown(3_600_000 + 61_000)).toBe('1:01:01');
  });

  it('polls only while a closed draw awaits its result', () => {
    const now = Date.parse('2026-11-25T10:00:05.000Z');
    const open = { numero: '20261125-0601', drawAt: '2026-11-25T10:01:00.000Z' };
    const closed = { numero: '20261125-0600', drawAt: '2026-11-25T10:00:00.000Z' };
    const older = { numero: '20261125-0599', drawAt: '2026-11-25T09:59:00.000Z' };
    expect(pollDelayMs(undefined, null, now)).toBe(false);
    // Taking bets, nothing awaited: no polling.
    expect(pollDelayMs({ current: open, last: closed }, null, now)).toBe(false);
    // The draw that closed has no result yet.
    expect(pollDelayMs({ current: open, last: older }, closed, now)).toBe(FAST_POLL_MS);
    expect(pollDelayMs({ current: null, last: older }, null, now)).toBe(FAST_POLL_MS);
    // Decided: stop.
    expect(pollDelayMs({ current: open, last: closed }, closed, now)).toBe(false);
    // A daily draw waiting for hours for an operator's result: slowly.
    expect(pollDelayMs({ current: null, last: older }, closed, now + 3_600_000)).toBe(SLOW_POLL_MS);
  });
});
