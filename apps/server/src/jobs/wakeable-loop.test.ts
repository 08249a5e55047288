import { afterEach, describe, expect, it } from 'vitest';
import { startWakeableLoop, type WakeableLoop } from './wakeable-loop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a wakeable loop', () => {
  let loop: WakeableLoop | undefined;
  afterEach(() => loop?.stop());

  it('turns at once, then waits as long as the turn says, unless woken', async () => {
    const starts: number[] = [];
    loop = startWakeableLoop({ turn: async () => (starts.push(Date.now()), 60_000), failedTurnDelayMs: 60_000 });
    await sleep(50);
    expect(starts).toHaveLength(1);
    loop.wake();
    await sleep(50);
    expect(starts).toHaveLength(2);
  });

  it('is woken no sooner than the gap after the last turn began', async () => {
    const starts: number[] = [];
    loop = startWakeableLoop({
      turn: async () => (starts.push(Date.now()), 60_000),
      minGapMs: 300,
      failedTurnDelayMs: 60_000,
    });
    await sleep(20);
    loop.wake();
    await sleep(100);
    expect(starts).toHaveLength(1);
    await sleep(350);
    expect(starts).toHaveLength(2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(295);
  });

  it('does not lose a wake that comes during a turn: the next turn follows it', async () => {
    let turns = 0;
    let release: () => void = () => undefined;
    loop = startWakeableLoop({
      turn: async () => {
        turns += 1;
        if (turns === 1) await new Promise<void>((resolve) => (release = resolve));
        return 60_000;
      },
      failedTurnDelayMs: 60_000,
    });
    await sleep(20);
    loop.wake();
    release();
    await sleep(50);
    expect(turns).toBe(2);
  });

  it('waits the failure delay after a turn that threw, and stop waits for the turn under way', async () => {
    let turns = 0;
    let finished = false;
    loop = startWakeableLoop({
      turn: async () => {
        turns += 1;
        if (turns === 1) throw new Error('boom');
        await sleep(100);
        finished = true;
        return 60_000;
      },
      failedTurnDelayMs: 50,
    });
    await sleep(90);
    expect(turns).toBe(2);
    await loop.stop();
    expect(finished).toBe(true);
    loop = undefined;
  });
});
