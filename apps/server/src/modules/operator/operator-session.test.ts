import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OperatorMe, OperatorSessionExpiry } from '@wps/shared/schemas/operator';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { hashOperatorToken } from './operator-login';

const IDLE_SECONDS = 600;
const ABSOLUTE_SECONDS = 3600;

describeEachDatabase('operator session expiry instants', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, {
      operatorSessionIdleSeconds: IDLE_SECONDS,
      operatorSessionAbsoluteSeconds: ABSOLUTE_SECONDS,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Pretend the session was last used `secondsAgo` ago. */
  async function setLastSeen(op: TestOperator, secondsAgo: number): Promise<Date> {
    const at = new Date(Date.now() - secondsAgo * 1000);
    await t.database.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: at })
      .where('token_hash', '=', hashOperatorToken(op.token))
      .execute();
    return at;
  }

  async function lastSeen(op: TestOperator): Promise<Date> {
    const row = await t.database.db
      .selectFrom('operator_sessions')
      .select('last_seen_at')
      .where('token_hash', '=', hashOperatorToken(op.token))
      .executeTakeFirstOrThrow();
    return new Date(row.last_seen_at);
  }

  it('GET /ops/session/me answers the operator with the idle and absolute expiry instants', async () => {
    const before = Date.now();
    const op = await createTestOperator(t.app, 'support');
    const me = valueOf<OperatorMe>(await call(t.app, 'GET', '/ops/session/me', { token: op.token }));
    expect(me).toMatchObject({ username: op.username, role: 'support' });
    const absolute = Date.parse(me.expiresAt);
    expect(absolute).toBeGreaterThanOrEqual(before + ABSOLUTE_SECONDS * 1000);
    expect(absolute).toBeLessThanOrEqual(Date.now() + ABSOLUTE_SECONDS * 1000);
    const idle = Date.parse(me.idleExpiresAt);
    expect(idle).toBeGreaterThanOrEqual(before + IDLE_SECONDS * 1000);
    expect(idle).toBeLessThanOrEqual(Date.now() + IDLE_SECONDS * 1000);
  });

  it('GET /ops/session/expiry reads without touching; an ordinary call moves the idle expiry on', async () => {
    const op = await createTestOperator(t.app, 'finance');
    const seen = await setLastSeen(op, 300);
    const expiry = valueOf<OperatorSessionExpiry>(await call(t.app, 'GET', '/ops/session/expiry', { token: op.token }));
    expect(Date.parse(expiry.idleExpiresAt)).toBe(seen.getTime() + IDLE_SECONDS * 1000);
    expect((await lastSeen(op)).getTime()).toBe(seen.getTime());

    const before = Date.now();
    const me = valueOf<OperatorMe>(await call(t.app, 'GET', '/ops/session/me', { token: op.token }));
    expect(Date.parse(me.idleExpiresAt)).toBeGreaterThanOrEqual(before + IDLE_SECONDS * 1000);
    expect((await lastSeen(op)).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('POST /ops/session/touch moves the idle expiry on at once ("stay signed in")', async () => {
    const op = await createTestOperator(t.app, 'admin');
    // Used 10 s ago: an ordinary call would not write yet (once a minute), the touch does.
    await setLastSeen(op, 10);
    const before = Date.now();
    const touched = valueOf<OperatorSessionExpiry>(
      await call(t.app, 'POST', '/ops/session/touch', { token: op.token }),
    );
    expect(Date.parse(touched.idleExpiresAt)).toBeGreaterThanOrEqual(before + IDLE_SECONDS * 1000);
    expect((await lastSeen(op)).getTime()).toBeGreaterThanOrEqual(before);
  });

  it('an idle session ends: the expiry read and the touch are refused, never revive it', async () => {
    const op = await createTestOperator(t.app, 'support');
    await setLastSeen(op, IDLE_SECONDS + 1);
    expectFailure(
      await call(t.app, 'GET', '/ops/session/expiry', { token: op.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/session/touch', { token: op.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    expectFailure(
      await call(t.app, 'GET', '/ops/session/me', { token: op.token }),
      ErrorCode.OPERATOR_UNAUTHORIZED,
      401,
    );
    expectFailure(await call(t.app, 'GET', '/ops/session/expiry'), ErrorCode.OPERATOR_UNAUTHORIZED, 401);
  });

  it('the idle expiry never passes the absolute one', async () => {
    const op = await createTestOperator(t.app, 'finance');
    const end = new Date(Date.now() + 120_000);
    await t.database.db
      .updateTable('operator_sessions')
      .set({ expires_at: end })
      .where('token_hash', '=', hashOperatorToken(op.token))
      .execute();
    const expiry = valueOf<OperatorSessionExpiry>(await call(t.app, 'POST', '/ops/session/touch', { token: op.token }));
    expect(Date.parse(expiry.expiresAt)).toBe(end.getTime());
    expect(Date.parse(expiry.idleExpiresAt)).toBe(end.getTime());
  });
});
