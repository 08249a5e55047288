import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { unwiredPorts } from '../src/late-port';
import { createMemberViews } from '../src/modules/member/member-views';
import { opsServicesOf } from '../src/scripts/ops-command';
import { createSessionService } from '../src/modules/session/session.service';
import { childServicesOf } from './child-services';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

/**
 * Every entry point builds its services with createServices (services.ts, which lists the modules'
 * wirings): the server's app (server.ts, whose periodic jobs run on its services), the test app,
 * the ops CLI's opsServicesOf, and the child processes of the multi-instance and kill tests. A late
 * port refuses to be read until it is set (late-port.ts), so a gap fails closed; this test names it
 * for each entry point before anything runs.
 */
describeEachDatabase('the composition root wires every late port', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("in the server's app, built as server.ts builds it", async () => {
    const app = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      expect(unwiredPorts(app.services)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("in the test app (test-app.ts), the server's app with the test clock", () => {
    expect(unwiredPorts(t.app.services)).toEqual([]);
  });

  it('in the ops CLI', () => {
    expect(unwiredPorts(opsServicesOf({ database: t.database, print: () => undefined }))).toEqual([]);
  });

  it("in the tests' child processes (agent-settle-child.ts, lottery-settle-child.ts)", () => {
    const { services } = childServicesOf(t.database, {
      name: 'wiring-test-child',
      databaseUrl: t.config.databaseUrl,
      calendarClock: Date.now,
    });
    expect(unwiredPorts(services)).toEqual([]);
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
    // The same gap among an entry point's whole set of services is named too.
    expect(unwiredPorts({ ...opsServicesOf({ database: t.database, print: () => undefined }), session })).toEqual([
      'session.openGuard',
    ]);
  });
});
