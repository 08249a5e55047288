import { describe, expect, it } from 'vitest';
import { lagFromPositions, type ReplicaPosition } from './replica-lag';

/** A primary at `lsn` (a number here) and a replica that has replayed `replayed`, its last commit `sinceReplayMs` ago. */
function pair() {
  const state = { now: 0, lsn: 100, replayed: 100, sinceReplayMs: 3_600_000 as number | null, standby: true };
  const reader = lagFromPositions(
    {
      primaryLsn: async () => String(state.lsn),
      replicaPosition: async (lsn, beforeLsn): Promise<ReplicaPosition> => ({
        recovering: state.standby,
        caught_up: state.replayed >= Number(lsn),
        caught_up_before: state.replayed >= Number(beforeLsn),
        since_replay_ms: state.sinceReplayMs,
      }),
    },
    () => state.now,
  );
  return { state, reader };
}

describe('replica lag', () => {
  it('reads 0 on an idle primary, and a non-commit record in flight does not make it lag', async () => {
    const { state, reader } = pair();
    expect(await reader()).toBe(0);
    // An hour since the last commit, and a checkpoint record not replayed yet at this check: the
    // lag is bounded by the last check that found the replica caught up, not by that hour.
    state.now = 2000;
    state.lsn = 101;
    expect(await reader()).toBe(2000);
    state.replayed = 101;
    state.now = 4000;
    expect(await reader()).toBe(0);
  });

  it('under steady writes, the time since the last replayed commit bounds it', async () => {
    const { state, reader } = pair();
    await reader();
    for (let i = 1; i <= 5; i++) {
      state.now = i * 2000;
      state.lsn += 10;
      state.replayed = state.lsn - 1;
      state.sinceReplayMs = 15;
      expect(await reader()).toBe(15);
    }
  });

  it('grows while replay is paused and writes go on', async () => {
    const { state, reader } = pair();
    await reader();
    state.sinceReplayMs = 0;
    for (let i = 1; i <= 4; i++) {
      state.now = i * 2000;
      state.lsn += 10;
      state.sinceReplayMs = i * 2000;
      expect(await reader()).toBe(i * 2000);
    }
  });

  it('is unbounded for a standby never seen caught up with nothing replayed, and 0 for a database that is no standby', async () => {
    const { state, reader } = pair();
    state.replayed = 50;
    state.sinceReplayMs = null;
    expect(await reader()).toBe(Infinity);
    state.standby = false;
    expect(await reader()).toBe(0);
  });
});
