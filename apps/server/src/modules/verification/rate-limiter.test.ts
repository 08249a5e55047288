import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { isAppError } from '../../http/app-error';
import type { DatabaseHandle } from '../../db/database';
import { createRateLimiter } from './rate-limiter';
import { describeEachDatabase, describePostgres } from '../../../test/test-app';
import { createTestClock, openMigratedDatabase, silentLog } from './verification.test-support';

async function expectTooMany(promise: Promise<unknown>): Promise<number> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isAppError(err)).toBe(true);
  if (!isAppError(err)) throw new Error('expected AppError');
  expect(err.errorCode).toBe(ErrorCode.TOO_MANY_REQUESTS);
  const value = err.value as { retryAfterSeconds: number };
  expect(Number.isInteger(value.retryAfterSeconds)).toBe(true);
  return value.retryAfterSeconds;
}

describeEachDatabase('rate limiter', (target) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  const clock = createTestClock();
  let limiter: ReturnType<typeof createRateLimiter>;

  beforeAll(async () => {
    ({ database, close } = await openMigratedDatabase(target));
    limiter = createRateLimiter({ db: database.db, log: silentLog, now: clock.now });
  });
  afterAll(async () => close());

  it('allows exactly `limit` requests per window and reports when the next slot frees', async () => {
    for (let i = 0; i < 3; i++) {
      await limiter.consume('t-consume', 'k1', 3, 60);
      clock.advance(10_000);
    }
    // Events at t, t+10 s, t+20 s; now t+30 s: the first leaves the window at t+60 s.
    expect(await expectTooMany(limiter.consume('t-consume', 'k1', 3, 60))).toBe(30);
    // Refused requests are not counted, so hammering does not extend the wait.
    expect(await limiter.count('t-consume', 'k1', 60)).toBe(3);
    // Other keys and buckets are independent.
    await limiter.consume('t-consume', 'k2', 3, 60);
    await limiter.consume('t-other', 'k1', 3, 60);
    clock.advance(30_001);
    await limiter.consume('t-consume', 'k1', 3, 60);
    await expectTooMany(limiter.consume('t-consume', 'k1', 3, 60));
  });

  it('slides: a one-per-minute limit refuses at 59 s and allows at 60 s', async () => {
    await limiter.consume('t-slide', 'n', 1, 60);
    clock.advance(59_000);
    expect(await expectTooMany(limiter.consume('t-slide', 'n', 1, 60))).toBe(1);
    clock.advance(1_000);
    await limiter.consume('t-slide', 'n', 1, 60);
  });

  it('hit records without a limit; count sees the window; peek does not count; reset forgets', async () => {
    for (let i = 0; i < 4; i++) await limiter.hit('t-fail', 'alice', 900);
    expect(await limiter.count('t-fail', 'alice', 900)).toBe(4);
    expect(await limiter.count('t-fail', 'bob', 900)).toBe(0);
    const peeked = await limiter.peek('t-fail', 'alice', 3, 900);
    expect(peeked).toMatchObject({ count: 4, limited: true });
    expect(peeked.retryAfterSeconds).toBe(900);
    expect(await limiter.peek('t-fail', 'alice', 5, 900)).toEqual({ count: 4, limited: false, retryAfterSeconds: 0 });
    expect(await limiter.count('t-fail', 'alice', 900)).toBe(4);
    clock.advance(901_000);
    expect(await limiter.count('t-fail', 'alice', 900)).toBe(0);
    await limiter.hit('t-fail', 'alice', 900);
    expect(await limiter.count('t-fail', 'alice', 900)).toBe(1);
    await limiter.reset('t-fail', 'alice');
    expect(await limiter.count('t-fail', 'alice', 900)).toBe(0);
  });

  it('treats long keys by their hash without mixing them up', async () => {
    const a = `${'x'.repeat(300)}a`;
    const b = `${'x'.repeat(300)}b`;
    await limiter.consume('t-long', a, 1, 60);
    await expectTooMany(limiter.consume('t-long', a, 1, 60));
    await limiter.consume('t-long', b, 1, 60);
    // Client text with a NUL byte must not reach a text column.
    await limiter.hit('t-long', 'user\u0000name', 60);
    expect(await limiter.count('t-long', 'user\u0000name', 60)).toBe(1);
  });
});

describePostgres('rate limiter under concurrency [postgres]', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, close } = await openMigratedDatabase('postgres'));
  });
  afterAll(async () => close());

  it('parallel consumes of one key succeed exactly `limit` times, across limiter instances', async () => {
    // Two limiters stand in for two server instances sharing the database.
    const a = createRateLimiter({ db: database.db, log: silentLog });
    const b = createRateLimiter({ db: database.db, log: silentLog });
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => (i % 2 ? a : b).consume('t-par', 'same-key', 7, 3600)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && isAppError(r.reason) && r.reason.errorCode === ErrorCode.TOO_MANY_REQUESTS,
    ).length;
    expect(ok).toBe(7);
    expect(refused).toBe(18);
    expect(await a.count('t-par', 'same-key', 3600)).toBe(7);
  });
});

describe('rate limiter contract', () => {
  it('exports the functions the other modules use', async () => {
    const { database, close } = await openMigratedDatabase('pglite');
    try {
      const limiter = createRateLimiter({ db: database.db, log: silentLog });
      expect(Object.keys(limiter).sort()).toEqual(['consume', 'count', 'hit', 'peek', 'recentEvents', 'reset']);
    } finally {
      await close();
    }
  });
});
