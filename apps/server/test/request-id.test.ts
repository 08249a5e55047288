/**
 * X-Request-Id: a safe incoming id is kept, anything else is replaced by a new one; the id comes
 * back on every response (404s, errors, refusals and files too) and is on every log line written
 * for the request, the service lines written through the process logger included.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { seedDemoOperator } from '../src/db/seed';
import { buildApp, type App } from '../src/app';
import { createGroupCommit } from '../src/db/group-commit';
import { createLogger, requestContext } from '../src/logger';
import { ok } from '../src/http/envelope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Line = { reqId?: string; msg?: string; [key: string]: unknown };

describe('request ids', () => {
  let app: App;
  let database: DatabaseHandle;
  const lines: Line[] = [];
  const rawLines: string[] = [];
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-reqid-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Site</title>');
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1.js'), 'console.log(1)');
    const config = {
      ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), `wps-reqid-${crypto.randomBytes(4).toString('hex')}`) }),
      webDist,
      scryptLogN: 10,
    };
    database = await openDatabase({ dataDir: null });
    await runMigrations(database);
    await seedDemoOperator(database.db);
    const logger = createLogger(
      { logLevel: 'trace' },
      { write: (chunk: string) => void (rawLines.push(chunk), lines.push(JSON.parse(chunk) as Line)) },
    );
    app = await buildApp({ config, database, logger });
    // Stand-ins for a service logging through the process logger (ctx.log) after awaiting the database.
    app.get('/wps/test-fixture/service-log', async () => {
      await database.db.selectFrom('schema_migrations').select('version').limit(1).execute();
      app.log.warn(
        { authorization: 'Bearer SECRET-TOKEN-1', headers: { authorization: 'Bearer SECRET-TOKEN-2' } },
        'fixture: service line',
      );
      return ok(true);
    });
    app.post('/wps/test-fixture/service-log', async (request) => {
      await database.db.selectFrom('schema_migrations').select('version').limit(1).execute();
      app.log.warn({ size: JSON.stringify(request.body).length }, 'fixture: service line after a body');
      return ok(true);
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it('generates an id when none is sent, returns it, and logs every line of the request with it', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/test-fixture/service-log' });
    expect(res.statusCode).toBe(200);
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(UUID);
    const mine = linesOf(id).map((l) => l.msg);
    expect(mine).toEqual(expect.arrayContaining(['incoming request', 'fixture: service line', 'request completed']));
    // The key is written once per line, not once by the request logger's binding and again by the mixin.
    const written = rawLines.filter((chunk) => chunk.includes(id));
    expect(written.length).toBeGreaterThanOrEqual(3);
    for (const chunk of written) expect(chunk.match(/"reqId"/g), chunk).toHaveLength(1);
  });

  it('keeps the redaction on service lines', async () => {
    const res = await app.inject({ method: 'GET', url: '/wps/test-fixture/service-log' });
    const line = linesOf(String(res.headers['x-request-id'])).find((l) => l.msg === 'fixture: service line');
    expect(JSON.stringify(line)).not.toContain('SECRET-TOKEN-2');
    expect(line?.headers).toEqual({ authorization: '[redacted]' });
  });

  it('keeps the request context after the body is read', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/wps/test-fixture/service-log',
      payload: { a: 'x'.repeat(2000) },
      headers: { 'x-request-id': 'client-post-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('client-post-1');
    expect(linesOf('client-post-1').map((l) => l.msg)).toContain('fixture: service line after a body');
  });

  it('keeps a safe incoming id and replaces an unsafe one', async () => {
    for (const id of ['abc-123', 'lb.7f:00_ab-CD', 'x'.repeat(128)]) {
      const res = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
      expect(linesOf(id).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
    for (const id of ['x'.repeat(129), 'has space', 'quote"d', 'new\\nline', '<script>', 'a/b', 'é']) {
      const res = await app.inject({ method: 'GET', url: '/wps/system/status', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], id).toMatch(UUID);
      expect(JSON.stringify(lines), id).not.toContain(JSON.stringify(id).slice(1, -1));
    }
  });

  it('returns the id on 404s, errors, refusals and files', async () => {
    const cases = [
      { method: 'GET' as const, url: '/wps/no/such/call', status: 404 },
      { method: 'GET' as const, url: '/.env', status: 404 },
      {
        method: 'POST' as const,
        url: '/wps/member/login',
        status: 400,
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      },
      { method: 'GET' as const, url: '/wps/captcha', status: 403, headers: { merchant: 'NOT-THIS-OPERATOR' } },
      { method: 'GET' as const, url: '/assets/app-1.js', status: 200 },
      { method: 'GET' as const, url: '/home', status: 200 },
      { method: 'GET' as const, url: '/healthz', status: 200 },
    ];
    for (const [i, c] of cases.entries()) {
      const id = `case-${i}`;
      const res = await app.inject({
        method: c.method,
        url: c.url,
        payload: c.payload,
        headers: { ...c.headers, 'x-request-id': id },
      });
      if (c.status !== 403) expect(res.statusCode, c.url).toBe(c.status);
      else expect(res.statusCode, c.url).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id'], c.url).toBe(id);
      expect(
        linesOf(id).some((l) => l.msg === 'request completed'),
        c.url,
      ).toBe(true);
    }
  });

  it('a group-commit batch runs outside the context of the request that happened to submit first', async () => {
    const seen: (string | undefined)[] = [];
    const queue = createGroupCommit<number, number>({
      run: async (items) => {
        seen.push(requestContext.getStore()?.reqId);
        return items;
      },
      maxBatch: 8,
      maxInFlight: 1,
    });
    const answers = await Promise.all(
      ['req-a', 'req-b'].map((reqId, i) => requestContext.run({ reqId }, () => queue.submit(i))),
    );
    expect(answers).toEqual([0, 1]);
    expect(seen).toEqual([undefined]);
  });
});
