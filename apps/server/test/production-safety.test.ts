/**
 * Production never exposes codes or test doors: with NODE_ENV=production the server
 * refuses to start while SMS or e-mail use the outbox provider, naming the variable to set;
 * ALLOW_OUTBOX_IN_PRODUCTION=1 is the only way round it, and even then no /dev/* route exists.
 *
 * Checked as a unit (productionRefusals / assertProductionSafe), through buildApp, and on the real
 * process (`tsx apps/server/src/server.ts`), which must exit non-zero with the message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { assertProductionSafe, loadConfig, productionRefusals, type AppConfig } from '../src/config';
import { DEVELOPMENT_AUDIT_CHAIN_KEY, auditChainKeyring } from '../src/modules/audit/audit-chain-key';
import { spawnServer, type SpawnedServer } from './spawn-server';
import { createScratchPostgres, createTestApp, describeEachDatabase, type TestApp } from './test-app';

const HTTP_PROVIDER = {
  provider: 'http' as const,
  httpUrl: 'http://127.0.0.1:1/unused',
  httpSecret: 'provider-secret-0123456789',
};

const TOTP_KEY = 'production-operator-totp-key-0123456789abcdef';
const AUDIT_KEY = 'production-audit-chain-key-0123456789abcdefgh';

function production(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.invalid/wps',
      OPERATOR_TOTP_KEY: TOTP_KEY,
      AUDIT_CHAIN_KEY: AUDIT_KEY,
    }),
    ...overrides,
  };
}

describe('productionRefusals', () => {
  it('refuses the outbox provider of each channel, naming the variable to set', () => {
    const refusals = productionRefusals(production());
    expect(refusals).toHaveLength(2);
    expect(refusals[0]).toMatch(/SMS_PROVIDER=http/);
    expect(refusals[1]).toMatch(/EMAIL_PROVIDER=http/);
    for (const r of refusals) expect(r).toMatch(/ALLOW_OUTBOX_IN_PRODUCTION=1/);

    const emailOnly = productionRefusals(production({ sms: HTTP_PROVIDER }));
    expect(emailOnly).toHaveLength(1);
    expect(emailOnly[0]).toMatch(/EMAIL_PROVIDER=http/);
    expect(emailOnly[0]).not.toMatch(/SMS_PROVIDER/);
  });

  it('accepts http providers, or the outbox with ALLOW_OUTBOX_IN_PRODUCTION=1 and nothing else', () => {
    expect(productionRefusals(production({ sms: HTTP_PROVIDER, email: HTTP_PROVIDER }))).toEqual([]);
    expect(loadConfig({ ALLOW_OUTBOX_IN_PRODUCTION: '1' }).allowOutboxInProduction).toBe(true);
    expect(loadConfig({}).allowOutboxInProduction).toBe(false);
    expect(productionRefusals(production({ allowOutboxInProduction: true }))).toEqual([]);
    // Not a silent "no" either: a value other than 1/true/0/false stops the start, naming the variable.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x/y',
        ALLOW_OUTBOX_IN_PRODUCTION: 'yes',
        OPERATOR_TOTP_KEY: TOTP_KEY,
      }),
    ).toThrow(/ALLOW_OUTBOX_IN_PRODUCTION/);
  });

  it('refuses to encrypt operator TOTP secrets with the development key', () => {
    const safe = production({ sms: HTTP_PROVIDER, email: HTTP_PROVIDER });
    expect(productionRefusals(safe)).toEqual([]);
    for (const operatorTotpKey of [undefined, 'too-short']) {
      expect(productionRefusals({ ...safe, operatorTotpKey })).toEqual([expect.stringMatching(/OPERATOR_TOTP_KEY/)]);
    }
  });

  it('refuses to seal the audit chain without a key of its own: missing, short or the development key', () => {
    const safe = production({ sms: HTTP_PROVIDER, email: HTTP_PROVIDER });
    expect(safe.auditChainKey).toBe(AUDIT_KEY);
    expect(productionRefusals(safe)).toEqual([]);
    for (const auditChainKey of [undefined, '', 'too-short', DEVELOPMENT_AUDIT_CHAIN_KEY]) {
      expect(productionRefusals({ ...safe, auditChainKey })).toEqual([expect.stringMatching(/AUDIT_CHAIN_KEY/)]);
    }
    // The check's own entry points refuse the same way: no production check runs on the development key.
    expect(() => auditChainKeyring({ ...safe, auditChainKey: undefined })).toThrow(/AUDIT_CHAIN_KEY is not set/);
    expect(auditChainKeyring(safe).current.id).toMatch(/^[0-9a-f]{16}$/);
    // Outside production an unset key is the development key, named as such in the code.
    expect(productionRefusals(loadConfig({}))).toEqual([]);
    expect(auditChainKeyring(loadConfig({})).current.id).toBe(
      auditChainKeyring({ nodeEnv: 'development', auditChainKey: DEVELOPMENT_AUDIT_CHAIN_KEY }).current.id,
    );
  });

  it('still refuses PGlite in production unless allowed, and nothing outside production', () => {
    const pglite = production({ databaseUrl: undefined, sms: HTTP_PROVIDER, email: HTTP_PROVIDER });
    expect(productionRefusals(pglite)).toEqual([
      expect.stringMatching(/DATABASE_URL, or ALLOW_PGLITE_IN_PRODUCTION=1/),
    ]);
    expect(productionRefusals({ ...pglite, allowPgliteInProduction: true })).toEqual([]);
    expect(productionRefusals(loadConfig({}))).toEqual([]);
  });

  it('refuses the test clock door, which nothing accepts in production', () => {
    const safe = production({ sms: HTTP_PROVIDER, email: HTTP_PROVIDER });
    expect(productionRefusals({ ...safe, testClockDoor: true })).toEqual([expect.stringMatching(/TEST_CLOCK_DOOR=1/)]);
    // Allowing the outbox and PGlite does not allow the clock.
    expect(
      productionRefusals({
        ...safe,
        databaseUrl: undefined,
        allowPgliteInProduction: true,
        allowOutboxInProduction: true,
        testClockDoor: true,
      }),
    ).toEqual([expect.stringMatching(/TEST_CLOCK_DOOR/)]);
    expect(loadConfig({ TEST_CLOCK_DOOR: '1' }).testClockDoor).toBe(true);
    expect(loadConfig({}).testClockDoor).toBe(false);
    expect(productionRefusals(loadConfig({ TEST_CLOCK_DOOR: '1' }))).toEqual([]);
  });

  it('refuses the local identity provider unless ALLOW_OIDC_DEV_PROVIDER says so', () => {
    const safe = production({ sms: HTTP_PROVIDER, email: HTTP_PROVIDER });
    const started = loadConfig({ OIDC_DEV_PROVIDER_AUTOSTART: '1', OIDC_DEV_PROVIDER_PORT: '8259' });
    expect(started.oidcDevProvider).toEqual({ autostart: true, port: 8259, allowInProduction: false });
    expect(loadConfig({}).oidcDevProvider?.autostart).toBe(false);
    expect(productionRefusals({ ...safe, oidcDevProvider: started.oidcDevProvider })).toEqual([
      expect.stringMatching(/OIDC_DEV_PROVIDER_AUTOSTART=1[\s\S]*ALLOW_OIDC_DEV_PROVIDER=1/),
    ]);
    expect(
      productionRefusals({ ...safe, oidcDevProvider: { autostart: true, port: 0, allowInProduction: true } }),
    ).toEqual([]);
    // Outside production it starts when asked.
    expect(productionRefusals(started)).toEqual([]);
  });

  it('assertProductionSafe throws one message with every refusal', () => {
    expect(() => assertProductionSafe(production({ databaseUrl: undefined }))).toThrow(
      /PGlite[\s\S]*SMS_PROVIDER[\s\S]*EMAIL_PROVIDER/,
    );
    expect(() => assertProductionSafe(loadConfig({}))).not.toThrow();
  });
});

describeEachDatabase('no /dev routes in production', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { nodeEnv: 'production', allowOutboxInProduction: true, testClockDoor: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the outbox routes are not registered even while the outbox provider is on', async () => {
    expect(t.app.services.notifier.usesOutbox('sms')).toBe(true);
    for (const url of ['/dev/outbox/sms?mobile=5511987654321', '/dev/outbox/email?to=a%40b.c']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ errorCode: string }>().errorCode).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('the test clock door is not registered even when the configuration asks for it', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({
        method,
        url: '/dev/clock',
        ...(method === 'PUT' ? { payload: { offsetMs: 86_400_000 } } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json<{ errorCode: string }>().errorCode).toBe(ErrorCode.NOT_FOUND);
    }
  });
});

describeEachDatabase('the server process in production', (target) => {
  let databaseEnv: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;
  const servers: SpawnedServer[] = [];

  beforeAll(async () => {
    if (target === 'postgres') {
      const scratch = await createScratchPostgres();
      databaseEnv = { DATABASE_URL: scratch.url };
      dropDatabase = scratch.drop;
    } else {
      databaseEnv = { ALLOW_PGLITE_IN_PRODUCTION: '1' };
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await dropDatabase?.();
  });

  it('refuses to start with the outbox provider and says which variables to set', async () => {
    const server = spawnServer({ NODE_ENV: 'production', OPERATOR_TOTP_KEY: TOTP_KEY, ...databaseEnv });
    servers.push(server);
    // Whichever comes first: an exit, or (the failure) a server that starts listening.
    const outcome = await Promise.race([
      server.exited.then((code) => ({ code })),
      server.listening().then(() => 'listening' as const),
    ]);
    expect(outcome, server.output()).not.toBe('listening');
    expect(outcome, server.output()).not.toEqual({ code: 0 });
    expect(server.output()).toMatch(/SMS_PROVIDER=http/);
    expect(server.output()).toMatch(/EMAIL_PROVIDER=http/);
    expect(server.output()).toMatch(/ALLOW_OUTBOX_IN_PRODUCTION=1/);
    expect(server.output()).not.toMatch(/Server listening/);
  }, 120_000);

  it('refuses to start without AUDIT_CHAIN_KEY, whatever else is allowed', async () => {
    const server = spawnServer({
      NODE_ENV: 'production',
      ALLOW_OUTBOX_IN_PRODUCTION: '1',
      OPERATOR_TOTP_KEY: TOTP_KEY,
      ...databaseEnv,
    });
    servers.push(server);
    const outcome = await Promise.race([
      server.exited.then((code) => ({ code })),
      server.listening().then(() => 'listening' as const),
    ]);
    expect(outcome, server.output()).not.toBe('listening');
    expect(outcome, server.output()).not.toEqual({ code: 0 });
    expect(server.output()).toMatch(/AUDIT_CHAIN_KEY is not set/);
    expect(server.output()).not.toMatch(/Server listening/);
  }, 120_000);

  it('refuses to start with the test clock door, whatever else is allowed', async () => {
    const server = spawnServer({
      NODE_ENV: 'production',
      ALLOW_OUTBOX_IN_PRODUCTION: '1',
      OPERATOR_TOTP_KEY: TOTP_KEY,
      AUDIT_CHAIN_KEY: AUDIT_KEY,
      TEST_CLOCK_DOOR: '1',
      ...databaseEnv,
    });
    servers.push(server);
    const outcome = await Promise.race([
      server.exited.then((code) => ({ code })),
      server.listening().then(() => 'listening' as const),
    ]);
    expect(outcome, server.output()).not.toBe('listening');
    expect(outcome, server.output()).not.toEqual({ code: 0 });
    expect(server.output()).toMatch(/TEST_CLOCK_DOOR=1/);
    expect(server.output()).not.toMatch(/Server listening/);
  }, 120_000);

  it('starts with ALLOW_OUTBOX_IN_PRODUCTION=1, and /dev/outbox/* answers 404', async () => {
    const server = spawnServer({
      NODE_ENV: 'production',
      ALLOW_OUTBOX_IN_PRODUCTION: '1',
      OPERATOR_TOTP_KEY: TOTP_KEY,
      AUDIT_CHAIN_KEY: AUDIT_KEY,
      ...databaseEnv,
    });
    servers.push(server);
    const base = await server.listening();
    const status = await fetch(`${base}/wps/system/status`);
    expect(status.status).toBe(200);
    for (const url of ['/dev/outbox/sms?mobile=5511987654321', '/dev/outbox/email?to=a%40b.c']) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(404);
      expect(((await res.json()) as { errorCode: string }).errorCode).toBe(ErrorCode.NOT_FOUND);
    }
    await server.stop();
    expect(await server.exited).toBe(0);
  }, 180_000);
});
