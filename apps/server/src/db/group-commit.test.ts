import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit';

/** A run() that records its batches and holds each until released. */
function recorder() {
  const batches: { items: number[]; slot: number }[] = [];
  const gates: (() => void)[] = [];
  let running = 0;
  let maxRunning = 0;
  const run = async (items: number[], slot: number) => {
    batches.push({ items, slot });
    running++;
    maxRunning = Math.max(maxRunning, running);
    await new Promise<void>((r) => gates.push(r));
    running--;
    return items.map((i) => i * 10);
  };
  const releaseAll = async () => {
    while (gates.length > 0) {
      gates.splice(0).forEach((g) => g());
      await new Promise((r) => setImmediate(r));
    }
  };
  return { batches, run, releaseAll, maxRunning: () => maxRunning };
}

describe('group commit', () => {
  it('sends items submitted together as one batch and answers each in order', async () => {
    const r = recorder();
    const gc = createGroupCommit({ run: r.run, maxBatch: 10, maxInFlight: 1 });
    const answers = Promise.all([1, 2, 3].map((i) => gc.submit(i)));
    await new Promise((res) => setImmediate(res));
    await r.releaseAll();
    expect(await answers).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([{ items: [1, 2, 3], slot: 0 }]);
  });

  it('queues what arrives while a batch runs, caps batch size and batches in flight, never sharing a slot', async () => {
    const r = recorder();
    const gc = createGroupCommit({ run: r.run, maxBatch: 3, maxInFlight: 2 });
    const first = gc.submit(0);
    await new Promise((res) => setImmediate(res));
    const rest = Array.from({ length: 8 }, (_, i) => gc.submit(i + 1));
    await new Promise((res) => setImmediate(res));
    // One running (slot 0), one more allowed (slot 1): items 1–3; 4–8 wait.
    expect(r.batches).toEqual([
      { items: [0], slot: 0 },
      { items: [1, 2, 3], slot: 1 },
    ]);
    expect(gc.pending()).toBe(9);
    await r.releaseAll();
    expect(await first).toBe(0);
    expect(await Promise.all(rest)).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
    expect(r.batches.flatMap((b) => b.items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(r.batches.every((b) => b.items.length <= 3)).toBe(true);
    expect(r.maxRunning()).toBe(2);
    expect(gc.pending()).toBe(0);
  });

  it('a failing batch rejects only its own items; later batches still run', async () => {
    let calls = 0;
    const gc = createGroupCommit<number, number>({
      run: async (items) => {
        calls++;
        if (calls === 1) throw new Error('boom');
        return items;
      },
      maxBatch: 10,
      maxInFlight: 1,
    });
    const failed = [gc.submit(1), gc.submit(2)].map((p) =>
      p.then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    expect(await Promise.all(failed)).toEqual(['boom', 'boom']);
    expect(await gc.submit(3)).toBe(3);
  });

  it('rejects a batch whose answers do not match its items', async () => {
    const gc = createGroupCommit<number, number>({ run: async () => [1], maxBatch: 10, maxInFlight: 1 });
    const both = await Promise.allSettled([gc.submit(1), gc.submit(2)]);
    expect(both.map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });
  it('with recover, runs a batch again on a retryable error and then item by item, failing only the bad item', async () => {
    const runs: number[][] = [];
    let raced = false;
    const gc = createGroupCommit<number, number>({
      run: async (items) => {
        runs.push(items);
        if (!raced) {
          raced = true;
          throw Object.assign(new Error('lost a race'), { code: 'LE004' });
        }
        if (items.includes(2)) throw new Error(`bad item in ${items.join(',')}`);
        return items.map((i) => i * 10);
      },
      maxBatch: 10,
      maxInFlight: 1,
      recover: { isRetryable: (err) => (err as { code?: string }).code === 'LE004', attempts: 5 },
    });
    const settled = await Promise.allSettled([1, 2, 3].map((i) => gc.submit(i)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      10,
      'bad item in 2',
      30,
    ]);
    expect(runs).toEqual([[1, 2, 3], [1, 2, 3], [1], [2], [3]]);
  });

  it('with recover, gives up retrying after the set number of attempts', async () => {
    let calls = 0;
    const gc = createGroupCommit<number, number>({
      run: async () => {
        calls++;
        throw Object.assign(new Error('deadlock'), { code: '40P01' });
      },
      maxBatch: 10,
      maxInFlight: 1,
      recover: { isRetryable: () => true, attempts: 3 },
    });
    await expect(gc.submit(1)).rejects.toThrow('deadlock');
    expect(calls).toBe(3);
  });
});
