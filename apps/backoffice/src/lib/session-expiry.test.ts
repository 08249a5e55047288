import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createExpiryWatch, type ExpiryState, type SessionExpiry } from './session-expiry';

const MINUTE = 60_000;
const start = Date.parse('2026-11-23T12:00:00Z');

function instants(idleInMinutes: number, absoluteInMinutes: number): SessionExpiry {
  return {
    idleExpiresAt: new Date(Date.now() + idleInMinutes * MINUTE).toISOString(),
    expiresAt: new Date(Date.now() + absoluteInMinutes * MINUTE).toISOString(),
  };
}

describe('session expiry watch', () => {
  let states: ExpiryState[];
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  function watch(fetchExpiry: () => Promise<SessionExpiry | null>) {
    return createExpiryWatch({ warnBeforeMs: 5 * MINUTE, now: Date.now, fetchExpiry, onChange: (s) => states.push(s) });
  }

  it('warns five minutes before the idle expiry, after checking the server did not move it', async () => {
    const fetchExpiry = vi.fn(async () => instants(5, 600));
    const w = watch(fetchExpiry);
    w.update(instants(30, 720));
    await vi.advanceTimersByTimeAsync(25 * MINUTE - 1);
    expect(fetchExpiry).not.toHaveBeenCalled();
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchExpiry).toHaveBeenCalledTimes(1);
    expect(states).toEqual([{ kind: 'idle', deadline: start + 30 * MINUTE }]);
    w.stop();
  });

  it('does not warn when other calls moved the idle expiry meanwhile, and sleeps until the new one', async () => {
    const fetchExpiry = vi.fn(async () => instants(20, 600));
    const w = watch(fetchExpiry);
    w.update(instants(30, 720));
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    expect(fetchExpiry).toHaveBeenCalledTimes(1);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(fetchExpiry).toHaveBeenCalledTimes(2);
    w.stop();
  });

  it('"stay signed in" (new instants) takes the warning away', async () => {
    const w = watch(async () => instants(5, 600));
    w.update(instants(30, 720));
    await vi.advanceTimersByTimeAsync(25 * MINUTE);
    expect(states.at(-1)?.kind).toBe('idle');
    w.update(instants(30, 600));
    expect(states.at(-1)).toEqual({ kind: 'none' });
    w.stop();
  });

  it('warns of the absolute expiry when it comes first, and reports the end', async () => {
    const fetchExpiry = vi.fn(async () =>
      Date.now() >= start + 10 * MINUTE ? null : instants(30, 10 - (Date.now() - start) / MINUTE),
    );
    const w = watch(fetchExpiry);
    w.update(instants(30, 10));
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(states).toEqual([{ kind: 'absolute', deadline: start + 10 * MINUTE }]);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(states.at(-1)).toEqual({ kind: 'ended' });
    w.stop();
  });

  it('warns at once when the session is already inside the window, and nothing after stop', async () => {
    const fetchExpiry = vi.fn(async () => instants(2, 600));
    const w = watch(fetchExpiry);
    w.update(instants(2, 600));
    expect(states).toEqual([{ kind: 'idle', deadline: start + 2 * MINUTE }]);
    w.stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(fetchExpiry).not.toHaveBeenCalled();
  });

  it('check() at start reads the instants from the server and schedules from them', async () => {
    const fetchExpiry = vi.fn(async () => instants(10, 600));
    const w = watch(fetchExpiry);
    w.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchExpiry).toHaveBeenCalledTimes(1);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(fetchExpiry).toHaveBeenCalledTimes(2);
    w.stop();
  });

  it('keeps what it shows and tries again when the server cannot be reached', async () => {
    const fetchExpiry = vi.fn(async (): Promise<SessionExpiry | null> => {
      throw new Error('offline');
    });
    const w = watch(fetchExpiry);
    w.update(instants(6, 600));
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(fetchExpiry).toHaveBeenCalledTimes(1);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchExpiry).toHaveBeenCalledTimes(2);
    w.stop();
  });
});
