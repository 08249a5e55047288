import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('the back office at /backoffice/', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-backoffice-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Back office</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp('pglite', { backofficeDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers every app path with index.html under its own CSP, and files as they are', async () => {
    for (const url of ['/backoffice', '/backoffice/', '/backoffice/operators', '/backoffice/no/such/screen']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Back office</title>');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("frame-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/backoffice/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toContain('text/javascript');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/backoffice/assets/missing.js' })).statusCode).toBe(404);
  });

  it('never serves a file outside its folder', async () => {
    for (const url of [
      '/backoffice/..%2f..%2fpackage.json',
      '/backoffice/%2e%2e/%2e%2e/package.json',
      '/backoffice/../package.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('"name"');
    }
  });
});
