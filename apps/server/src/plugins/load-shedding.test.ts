import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { createTestApp, type TestApp } from '../../test/test-app';
import { registerErrorHandling } from './errors';
import {
  type LoadSheddingSettings,
  LONG_LIVED_ROUTES,
  NEVER_SHED_ROUTES,
  NO_LOAD_SHEDDING,
  registerLoadShedding,
  type ShedReason,
} from './load-shedding';

// An overloaded instance refuses new requests at once, 503 SERVER_OVERLOADED with Retry-After,
// before any work, while the probes, /metrics and the seamless settlement callbacks still answer.

/** A gate the slow route waits on, and a count of the handlers that started. */
function slowWork() {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const state = {
    started: 0,
    release: () => {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    wait: () => gate,
  };
  return state;
}

/** A bare app with the error envelope, the shedding and a few routes; the log lines it writes. */
async function bareApp(settings: Partial<LoadSheddingSettings>, clock?: () => number) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app: FastifyInstance = Fastify({ loggerInstance: pino({ level: 'warn' }, sink) as FastifyBaseLogger });
  registerErrorHandling(app);
  const shed: ShedReason[] = [];
  const shedding = await registerLoadShedding(
    app,
    { ...NO_LOAD_SHEDDING, ...settings },
    { shed: (reason) => shed.push(reason), ...(clock ? { now: clock } : {}) },
  );
  const work = slowWork();
  app.get('/slow', async () => {
    work.started += 1;
    await work.wait();
    return { success: true };
  });
  app.get('/fast', async () => ({ success: true }));
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.post('/vendor/:vassalage/win', async () => ({ success: true, value: 'credited' }));
  app.post('/vendor/:vassalage/bet', async () => ({ success: true, value: 'taken' }));
  await app.ready();
  return { app, shedding, shed, work, lines };
}

const until = async (check: () => boolean, what: string) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('the in-flight bound', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('refuses the request past the bound at once, 503 SERVER_OVERLOADED with Retry-After, and nothing runs', async () => {
    const b = await bareApp({ maxInFlight: 2, retryAfterSeconds: 7 });
    app = b.app;
    const held = [b.app.inject('/slow'), b.app.inject('/slow')];
    await until(() => b.work.started === 2, 'two slow requests');
    expect(b.shedding.inFlight()).toBe(2);

    const refused = await b.app.inject('/slow');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('7');
    expect(refused.json()).toMatchObject({ success: false, errorCode: ErrorCode.SERVER_OVERLOADED });
    expect(b.work.started).toBe(2);
    expect(b.shed).toEqual(['inFlight']);

    // The probe and a settlement callback are neither refused nor counted; a bet is refused.
    expect((await b.app.inject('/healthz')).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'POST', url: '/vendor/SBX/win' })).json()).toEqual({
      success: true,
      value: 'credited',
    });
    expect((await b.app.inject({ method: 'POST', url: '/vendor/SBX/bet' })).statusCode).toBe(503);

    // Once the held requests are answered their places are free again.
    b.work.release();
    for (const res of await Promise.all(held)) expect(res.statusCode).toBe(200);
    expect(b.shedding.inFlight()).toBe(0);
    expect((await b.app.inject('/fast')).statusCode).toBe(200);
  });

  it('a client that hangs up gives its place back', async () => {
    const b = await bareApp({ maxInFlight: 1 });
    app = b.app;
    await b.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.app.server.address() as AddressInfo;
    const client = http.get({ host: '127.0.0.1', port, path: '/slow' });
    client.on('error', () => undefined);
    try {
      await until(() => b.work.started === 1, 'the slow request');
      expect((await b.app.inject('/fast')).statusCode).toBe(503);
      client.destroy();
      await until(() => b.shedding.inFlight() === 0, 'the place to be given back');
      expect((await b.app.inject('/fast')).statusCode).toBe(200);
    } finally {
      client.destroy();
      b.work.release();
    }
  });

  it('normal load under the bound is untouched, and with every bound off nothing is counted', async () => {
    const b = await bareApp({ maxInFlight: 64 });
    app = b.app;
    const answers = await Promise.all(Array.from({ length: 50 }, () => b.app.inject('/fast')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    expect(b.shed).toEqual([]);
    await b.app.close();

    const off = await bareApp({});
    app = off.app;
    const held = Array.from({ length: 30 }, () => off.app.inject('/slow'));
    await until(() => off.work.started === 30, 'thirty slow requests');
    expect(off.shedding.inFlight()).toBe(0);
    off.work.release();
    expect((await Promise.all(held)).every((a) => a.statusCode === 200)).toBe(true);
  });

  it('warns once a window, with how many were refused since the last warning', async () => {
    let now = 1_000_000;
    const b = await bareApp({ maxInFlight: 1 }, () => now);
    app = b.app;
    const held = b.app.inject('/slow');
    await until(() => b.work.started === 1, 'the slow request');
    for (let i = 0; i < 5; i++) expect((await b.app.inject('/fast')).statusCode).toBe(503);
    const warnings = () => b.lines.filter((l) => l.msg === 'overloaded: refusing requests (load shedding)');
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ level: 40, reason: 'inFlight', refusedSinceLastWarning: { inFlight: 1 } });

    now += 10_000;
    expect((await b.app.inject('/fast')).statusCode).toBe(503);
    expect(warnings()).toHaveLength(2);
    // The four refused in between are counted in the next line, not logged one by one.
    expect(warnings()[1]).toMatchObject({ refusedSinceLastWarning: { inFlight: 5 } });
    b.work.release();
    await held;
  });
});

describe('process pressure (@fastify/under-pressure)', () => {
  it('past a bound every request but the exempt ones is refused with the envelope', async () => {
    // Any heap is over one byte: the first sample puts the instance under pressure.
    const b = await bareApp({ maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterSeconds: 3 });
    try {
      let res = await b.app.inject('/fast');
      for (const deadline = Date.now() + 5000; res.statusCode === 200 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        res = await b.app.inject('/fast');
      }
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('3');
      expect(res.json()).toMatchObject({ success: false, errorCode: ErrorCode.SERVER_OVERLOADED });
      expect(b.shed.at(-1)).toBe('heapUsedBytes');
      expect((await b.app.inject('/healthz')).statusCode).toBe(200);
      expect((await b.app.inject({ method: 'POST', url: '/vendor/SBX/win' })).statusCode).toBe(200);
      expect((await b.app.inject({ method: 'POST', url: '/vendor/SBX/bet' })).statusCode).toBe(503);
    } finally {
      await b.app.close();
    }
  });
});

describe('wired into the app', () => {
  const TOKEN = 'metrics-token-0123456789abcdef0123456789';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      metricsToken: TOKEN,
      loadShedding: { ...NO_LOAD_SHEDDING, maxHeapUsedBytes: 1, sampleIntervalMs: 10 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every exempt route is a real route of the app (a renamed one would silently be shed)', () => {
    for (const route of [...NEVER_SHED_ROUTES, ...LONG_LIVED_ROUTES]) {
      const method = route.startsWith('/vendor/') ? 'POST' : 'GET';
      expect(t.app.hasRoute({ method, url: route }), route).toBe(true);
    }
  });

  it('an overloaded instance answers 503 SERVER_OVERLOADED; probes, /metrics and settlement callbacks still answer', async () => {
    let res = await t.app.inject('/wps/system/status');
    for (const deadline = Date.now() + 5000; res.statusCode !== 503 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      res = await t.app.inject('/wps/system/status');
    }
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(NO_LOAD_SHEDDING.retryAfterSeconds));
    expect(res.json()).toMatchObject({ success: false, errorCode: ErrorCode.SERVER_OVERLOADED });

    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    // Unsigned: the callback's own refusal, not the shedding's.
    for (const callback of ['win', 'rollback', 'end-round']) {
      const answer = await t.app.inject({ method: 'POST', url: `/vendor/SBX/${callback}`, payload: {} });
      expect(answer.json().errorCode, callback).not.toBe(ErrorCode.SERVER_OVERLOADED);
      expect(answer.statusCode, callback).not.toBe(503);
    }
    const bet = await t.app.inject({ method: 'POST', url: '/vendor/SBX/bet', payload: {} });
    expect(bet.json()).toMatchObject({ errorCode: ErrorCode.SERVER_OVERLOADED });

    const metrics = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    const shed = /^http_requests_shed_total\{reason="heapUsedBytes"\} (\d+)$/m.exec(metrics.body);
    expect(Number(shed?.[1])).toBeGreaterThanOrEqual(2);
  });

  it('the settings come from the environment: on in production, off elsewhere', async () => {
    const { loadConfig } = await import('../config');
    expect(loadConfig({ NODE_ENV: 'production' }).loadShedding).toMatchObject({
      maxEventLoopDelayMs: 500,
      maxInFlight: 500,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).loadShedding).toMatchObject({ maxEventLoopDelayMs: 0, maxInFlight: 0 });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SHED_MAX_IN_FLIGHT: '0',
        SHED_MAX_HEAP_MB: '2',
        SHED_RETRY_AFTER_SECONDS: '5',
      }).loadShedding,
    ).toMatchObject({ maxInFlight: 0, maxHeapUsedBytes: 2 * 1024 * 1024, retryAfterSeconds: 5 });
  });
});
