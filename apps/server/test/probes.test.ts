/**
 * Load-balancer probes. /healthz: alive. /readyz: database, migrations and change feed, 503 with
 * each reason otherwise. Both answer through maintenance, the region block and an unknown
 * `Merchant` header, and never with the site's HTML.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

describeEachDatabase('probes', (target) => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-probes-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Site</title>');
    // One trusted hop, so the region block can be shown with X-Forwarded-For.
    t = await createTestApp(target, { webDist, trustProxy: 1 });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  async function probe(url: string, headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'GET', url, headers });
    return {
      status: res.statusCode,
      body: res.body,
      json: () => res.json() as { status: string; checks?: Record<string, string> },
      headers: res.headers,
    };
  }

  it('/healthz and /readyz answer JSON, never the site', async () => {
    const health = await probe('/healthz');
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await probe('/readyz');
    expect(ready.status, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', changeFeed: 'ok' } });
    for (const url of ['/healthz', '/readyz', '/healthz/', '/readyz?x=1']) {
      expect((await probe(url)).body, url).not.toContain('<title>Site</title>');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/readyz' });
    expect(head.statusCode).toBe(200);
  });

  it('answer through maintenance, the region block and an unknown Merchant header', async () => {
    await t.app.services.system.updateSetting('maintenance', true);
    try {
      // The gate is closed for the API, so the probes' answers below are not vacuous.
      expect((await probe('/wps/member/info')).status).toBe(503);
      expect((await probe('/healthz')).status).toBe(200);
      expect((await probe('/readyz')).status).toBe(200);
    } finally {
      await t.app.services.system.updateSetting('maintenance', false);
    }
    // The demo operator maps 203.0.113.0/24 to US and blocks US.
    const blocked = { 'x-forwarded-for': '203.0.113.9' };
    expect((await probe('/wps/captcha', blocked)).status).toBe(403);
    expect((await probe('/readyz', blocked)).status).toBe(200);
    expect((await probe('/healthz', blocked)).status).toBe(200);
    const stranger = { merchant: 'NOT-THIS-OPERATOR' };
    expect((await probe('/wps/system/status', stranger)).status).toBeGreaterThanOrEqual(400);
    expect((await probe('/readyz', stranger)).status).toBe(200);
    expect((await probe('/healthz', stranger)).status).toBe(200);
  });

  it('/readyz answers 503 with the reason when a migration is missing', async () => {
    const row = await t.database.db
      .selectFrom('schema_migrations')
      .selectAll()
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('schema_migrations').where('version', '=', row.version).execute();
    try {
      const res = await probe('/readyz');
      expect(res.status).toBe(503);
      expect(res.json().status).toBe('not ready');
      expect(res.json().checks).toMatchObject({
        database: 'ok',
        changeFeed: 'ok',
        migrations: `1 pending: ${row.name}`,
      });
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      await t.database.db.insertInto('schema_migrations').values(row).execute();
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 when a function file is not applied (its recorded checksum differs)', async () => {
    const row = await t.database.db
      .selectFrom('schema_functions')
      .selectAll()
      .where('name', '=', 'ledger_post')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('schema_functions')
      .set({ checksum: 'stale' })
      .where('name', '=', row.name)
      .execute();
    try {
      const res = await probe('/readyz');
      expect(res.status).toBe(503);
      expect(res.json().checks).toMatchObject({ database: 'ok', migrations: '1 pending: function ledger_post' });
    } finally {
      await t.database.db
        .updateTable('schema_functions')
        .set({ checksum: row.checksum })
        .where('name', '=', row.name)
        .execute();
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 when the change feed stops listening, then when the database is gone', async () => {
    await t.app.services.changeFeed.close();
    const feedDown = await probe('/readyz');
    expect(feedDown.status).toBe(503);
    expect(feedDown.json().checks).toEqual({ database: 'ok', migrations: 'ok', changeFeed: 'not listening' });

    await t.database.close();
    const dbDown = await probe('/readyz');
    expect(dbDown.status).toBe(503);
    expect(dbDown.json().checks).toMatchObject({ database: 'not answering' });
    // Alive all the same: the process answers.
    expect((await probe('/healthz')).status).toBe(200);
    // close() below closes the database again; make that a no-op.
    t.database.close = async () => undefined;
  });
});
