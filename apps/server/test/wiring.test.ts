import { afterAll, beforeAll, expect, it } from 'vitest';
import { unwiredPorts } from '../src/late-port';
import { createMemberViews } from '../src/modules/member/member-views';
import { opsServicesOf } from '../src/scripts/ops-command';
import { createSessionService } from '../src/modules/session/session.service';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

/**
 * Every entry point builds its services with createServices (the server's app, the ops CLI's
 * opsServicesOf, the job hosts and the crash suites' child processes), so a port that
 * createServices leaves unwired is unwired everywhere. A late port refuses to be read until it is
 * set (late-port.ts), so such a gap fails closed; this test names it before anything runs.
 */
describeEachDatabase('the composition root wires every late port', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("in the server's app", () => {
    expect(unwiredPorts(t.app.services)).toEqual([]);
  });

  it('in the ops CLI (built by createServices, as the job hosts build theirs)', () => {
    expect(unwiredPorts(opsServicesOf({ database: t.database, print: () => undefined }))).toEqual([]);
  });

  it('names a port left unwired, and the rule behind it refuses instead of letting everything through', async () => {
    const session = createSessionService({
      db: t.database.db,
      config: t.config,
      memberViews: createMemberViews({ db: t.database.db }),
      licenceIdleSeconds: async () => null,
    });
    expect(unwiredPorts({ session })).toEqual(['session.openGuard']);
    await expect(session.createSession(t.database.db, { memberId: '1' })).rejects.toThrow(
      'session.openGuard was used before the composition root (services.ts) wired it',
    );
  });
});
