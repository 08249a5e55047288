import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { CrashPublicBet, CrashState } from '@wps/shared/schemas/inhouse-crash';
import { applyCrashTick, type CrashLiveSnapshot, type CrashTick } from '@wps/shared/schemas/inhouse-crash-live';
import { createCrashLive } from './crash-live';

// The live stream sends the whole state once, on connect, then only what changed: a page that was
// there from the start and a page that joined mid-flight both rebuild, tick by tick, exactly the
// state the server reads, and a tick carries only the bets that changed.

const T0 = Date.parse('2026-01-01T12:00:00Z');

function bet(key: string, status: CrashPublicBet['status'], cashout: number | null = null): CrashPublicBet {
  return {
    key,
    nickname: `p${key}`,
    stakeMinor: '100',
    status,
    cashoutHundredths: cashout,
    payoutMinor: cashout ? String(cashout) : '0',
  };
}

function state(phase: 'betting' | 'flying' | 'busted', bets: CrashPublicBet[], roundNumber = 7): CrashState {
  return {
    serverTime: new Date(T0).toISOString(),
    chain: { terminalHash: 'a'.repeat(64), salt: 'b'.repeat(64), length: 100 },
    round: {
      roundNumber,
      phase,
      rtpBps: 9900,
      bettingEndsAt: new Date(T0 - 1000).toISOString(),
      startedAt: phase === 'betting' ? null : new Date(T0 - 2000).toISOString(),
      growthPerMs: 0.00006,
      crashHundredths: phase === 'busted' ? 250 : null,
      hash: phase === 'busted' ? 'c'.repeat(64) : null,
      bets,
      totalStakeMinor: String(bets.length * 100),
    },
    recent:
      phase === 'busted'
        ? [
            {
              roundNumber,
              crashHundredths: 250,
              hash: 'c'.repeat(64),
              rtpBps: 9900,
              bustedAt: new Date(T0).toISOString(),
            },
          ]
        : [],
  };
}

/** A page's socket that records what the stream wrote. */
function page() {
  const written: string[] = [];
  const closers: (() => void)[] = [];
  const res = {
    writableLength: 0,
    destroyed: false,
    write: (chunk: Buffer | string) => written.push(String(chunk)),
    destroy: () => undefined,
    on: (event: string, fn: () => void) => {
      if (event === 'close') closers.push(fn);
      return res;
    },
  };
  /** The state the page holds: its snapshot with every tick applied in order (checking the sequence). */
  const held = (): { state: CrashState; ticks: CrashTick[] } => {
    let current: CrashLiveSnapshot | undefined;
    const ticks: CrashTick[] = [];
    for (const block of written.join('').split('\n\n')) {
      const data = block
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice(6);
      if (!data) continue;
      if (block.startsWith('event: state')) current = JSON.parse(data) as CrashLiveSnapshot;
      else if (block.startsWith('event: tick')) {
        const tick = JSON.parse(data) as CrashTick;
        const isBare =
          tick.round === undefined && tick.bets === undefined && tick.recent === undefined && tick.chain === undefined;
        // A tick with changes takes the next number; a bare one keeps the last.
        expect(tick.seq).toBe(isBare ? current!.seq : current!.seq + 1);
        ticks.push(tick);
        current = { ...applyCrashTick(current!, tick), seq: tick.seq };
      }
    }
    const { seq: _seq, ...rest } = current!;
    return { state: rest, ticks };
  };
  return { res: res as never, held, close: () => closers.forEach((fn) => fn()) };
}

function harness(tickMs: number) {
  let current = state('betting', [bet('1', 'flying')]);
  let onChange: () => void = () => undefined;
  const live = createCrashLive({
    changeFeed: { subscribe: (_channel, fn) => (onChange = () => fn('')) },
    log: { warn: () => undefined },
    readState: async () => current,
    limits: { maxStreams: 10, perIp: 10 },
    tickMs,
  });
  /** The round changes: the feed hears it, and the coalesced read has run. */
  const change = async (next: CrashState) => {
    current = next;
    onChange();
    await sleep(150);
  };
  return { live, change };
}

const withoutClock = (s: CrashState) => ({ ...s, serverTime: '' });

describe('crash live stream', () => {
  it('a page joining mid-flight rebuilds the same state as one there from the start, from ticks carrying only what changed', async () => {
    const { live, change } = harness(50);
    const early = page();
    live.attach(early.res, '10.0.0.1');
    await sleep(20);
    await change(state('betting', [bet('1', 'flying'), bet('2', 'flying')]));
    await change(state('flying', [bet('1', 'flying'), bet('2', 'flying')]));
    const late = page();
    live.attach(late.res, '10.0.0.2');
    await change(state('flying', [bet('1', 'cashed', 130), bet('2', 'flying')]));
    // A bet debited late (a lower key shown after a higher one) lands in the server's order.
    await change(state('flying', [bet('0', 'flying'), bet('1', 'cashed', 130), bet('2', 'flying')]));
    const final = state('busted', [bet('0', 'lost'), bet('1', 'cashed', 130), bet('2', 'lost')]);
    await change(final);

    const a = early.held();
    const b = late.held();
    expect(withoutClock(a.state)).toEqual(withoutClock(final));
    expect(withoutClock(b.state)).toEqual(withoutClock(final));
    // Only what changed: the cash-out's tick names that bet alone and not the round's unchanged terms.
    const cashTick = a.ticks.find((t) => t.bets?.some((x) => x.status === 'cashed'))!;
    expect(cashTick.bets).toEqual([bet('1', 'cashed', 130)]);
    expect(cashTick.round).toBeUndefined();
    expect(cashTick.recent).toBeUndefined();
    expect(a.ticks.at(-1)!.recent).toEqual(final.recent);
    live.closeAll();
  });

  it('while the round flies, a tick goes out on its own with the server clock and the multiplier', async () => {
    const { live, change } = harness(20);
    const p = page();
    live.attach(p.res, '10.0.0.1');
    await change(state('flying', [bet('1', 'flying')]));
    const bareTicks = () => p.held().ticks.filter((t) => t.bets === undefined && t.round === undefined);
    for (let i = 0; i < 100 && bareTicks().length < 3; i++) await sleep(20);
    const bare = bareTicks();
    expect(bare.length).toBeGreaterThanOrEqual(3);
    for (const t of bare) {
      expect(t.m).toBeGreaterThanOrEqual(100);
      expect(Math.abs(t.at - Date.now())).toBeLessThan(1000);
    }
    // A page whose writes are still queued misses bare ticks but never a change.
    const slow = page();
    live.attach(slow.res, '10.0.0.3');
    (slow.res as { writableLength: number }).writableLength = 1;
    const before = slow.held().ticks.length;
    await change(state('flying', [bet('1', 'cashed', 120)]));
    await sleep(100);
    const got = slow.held().ticks.slice(before);
    expect(got.map((t) => t.bets)).toEqual([[bet('1', 'cashed', 120)]]);
    (slow.res as { writableLength: number }).writableLength = 0;
    // Busted: the ticks stop.
    await change(state('busted', [bet('1', 'cashed', 120)]));
    const count = p.held().ticks.length;
    await sleep(100);
    expect(p.held().ticks.length).toBe(count);
    live.closeAll();
  });
});
