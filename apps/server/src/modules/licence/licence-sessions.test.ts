import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import {
  createTestApp,
  describePostgres,
  openSecondInstance,
  type SecondInstance,
  type TestApp,
} from '../../../test/test-app';
import type { App } from '../../app';
import { newCpf } from '../identity/identity-fixtures';
import { setLicence } from './licence-fixtures';

/*
 * Sessions under the licence: BR ends a player's session after 30 minutes without activity
 * (licence.ts, sessionIdleMinutes), shorter than the site's own two hours, on every instance: a
 * switch made on one instance reaches the other's copy of the rules through the change feed.
 */
describePostgres('sessions under the licence on two instances [postgres]', () => {
  let t: TestApp;
  let second: SecondInstance;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    second = await openSecondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** A new player whose session was last used `minutes` ago. */
  async function idleFor(minutes: number, br = false): Promise<string> {
    // Under BR a player registers with a CPF and a date of birth.
    const player = await registerUser(t.app, br ? { cpf: newCpf(), birthDate: '1990-04-12' } : {});
    await sql`UPDATE member_sessions SET last_seen_at = now() - make_interval(mins => ${minutes})
      WHERE member_id = (SELECT id FROM members WHERE account = ${player.username})`.execute(t.database.db);
    return player.result.token;
  }
  const info = (app: App, token: string) => call(app, 'GET', '/wps/member/info', { token });

  it('a session unused for 31 minutes lives under the generic licence and ends under BR, on both instances', async () => {
    expect(t.config.sessionIdleSeconds).toBeGreaterThan(31 * 60);
    const before = await idleFor(31);
    valueOf(await info(second.app, before));

    await setLicence(t.app, 'BR');
    try {
      const idle = await idleFor(31, true);
      const recent = await idleFor(29, true);
      for (const app of [t.app, second.app]) {
        // The other instance learns of the switch through the change feed, within moments.
        await expect
          .poll(
            async () =>
              info(app, idle)
                .then((r) => r.json() as { errorCode?: string })
                .then((b) => b.errorCode),
            {
              timeout: 5_000,
            },
          )
          .toBe(ErrorCode.UNAUTHORIZED);
        expect(expectFailure(await info(app, idle), ErrorCode.UNAUTHORIZED, 401).value).toEqual({
          sessionEnded: 'idle',
        });
        valueOf(await info(app, recent));
      }
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });
});
