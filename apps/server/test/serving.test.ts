/**
 * Serving the built web app: compressed copies made at build time (br, then gzip), cache rules
 * (hashed assets for a year, the rest revalidated), and the SPA fallback for page routes only.
 * Unknown paths under API prefixes answer the 404 envelope; scanners' probes and missing files
 * answer 404; /healthz never answers the site's HTML. Dynamic responses above 1 KiB are
 * compressed, small ones are not.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { ok } from '../src/http/envelope';
import { createTestApp, type TestApp } from './test-app';

const INDEX =
  '<!doctype html><html><head><title>Site</title><script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 17}`))};\n`;

describe('serving the built web app', () => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-serving-web-'));
  const backofficeDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-serving-bo-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.mkdirSync(path.join(webDist, 'games'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX + `<!-- ${'padding '.repeat(200)} -->`);
    fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), SCRIPT);
    fs.writeFileSync(path.join(webDist, 'assets', 'tiny-9f8e.css'), 'body{margin:0}');
    fs.writeFileSync(path.join(webDist, 'games', 'slot.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(webDist, '.env'), 'SECRET=1');
    fs.mkdirSync(path.join(backofficeDist, 'assets'));
    fs.writeFileSync(path.join(backofficeDist, 'index.html'), '<!doctype html><title>Back office</title>');
    fs.writeFileSync(path.join(backofficeDist, 'assets', 'bo-5d6e.js'), SCRIPT);
    // The build step itself, over both folders.
    execFileSync(process.execPath, ['scripts/precompress.mjs', webDist, backofficeDist], { stdio: 'pipe' });
    t = await createTestApp(
      'pglite',
      { webDist, backofficeDist },
      {
        extraRoutes: (app) => {
          app.get('/wps/test-fixture/big', async () =>
            ok({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `member-${i}` })) }),
          );
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(backofficeDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('the build step writes br and gz copies of text files over 1 KiB only', () => {
    expect(fs.existsSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(webDist, 'assets', 'app-1a2b3c.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(webDist, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(webDist, 'assets', 'tiny-9f8e.css.br'))).toBe(false);
  });

  it('sends hashed assets compressed (br, then gzip), cached for a year', async () => {
    const br = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    // The copy made at build time, not a compression per request.
    expect(br.headers['content-length']).toBe(
      String(fs.statSync(path.join(webDist, 'assets', 'app-1a2b3c.js.br')).size),
    );

    const gz = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const refused = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // Every response carries the security headers, files too.
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
  });

  it('each copy has its own ETag, every answer says it varies by encoding, HEAD sends no body', async () => {
    const br = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' });
    const gz = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    const plain = await get('/assets/app-1a2b3c.js');
    // A cache keyed on the ETag alone must never hand a client an encoding it did not ask for.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(gz.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const revalidated = await get('/assets/app-1a2b3c.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      (await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) }))
        .statusCode,
    ).toBe(200);

    // No copy made at build time (under 1 KiB): the file itself, with its own type.
    const tiny = await get('/assets/tiny-9f8e.css');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(tiny.body).toBe('body{margin:0}');

    for (const url of ['/assets/app-1a2b3c.js', '/home', '/']) {
      const head = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      expect(head.headers['content-encoding'], url).toBe('br');
    }
  });

  it('revalidates index.html and other unhashed files, with an ETag', async () => {
    for (const url of ['/', '/index.html', '/home', '/rng', '/inhouse/play/dice', '/register.html', '/no/such/page']) {
      const res = await get(url, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toContain('<title>Site</title>');
    }
    const svg = await get('/games/slot.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['cache-control']).toBe('no-cache');
    const again = await get('/games/slot.svg', { 'if-none-match': String(svg.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers the 404 envelope for unknown paths under API prefixes and the build folder', async () => {
    for (const url of [
      '/wps/no/such/call',
      '/lgw/nothing',
      '/lotto/x',
      '/ops/x',
      '/vendor/x',
      '/dev/x',
      '/sandbox-gateway/x',
      '/assets/missing-123.js',
      '/assets/',
      '/backoffice/assets/missing.js',
      '/wps',
    ]) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, errorCode: ErrorCode.NOT_FOUND });
    }
  });

  it('answers 404 to scanners and to files that are not built, never the site', async () => {
    const probes = [
      '/.env',
      '/.git/config',
      '/.well-known/security.txt',
      '/wp-admin',
      '/wp-login.php',
      '/index.php',
      '/cgi-bin/luci',
      '/phpmyadmin/',
      '/config.json',
      '/favicon.ico',
      '/app.js.map',
      '/assets/app-1a2b3c.js.br',
      '/games/../.env',
      '/%2e%2e/package.json',
      '/backoffice/.env',
      '/backoffice/x.php',
      '/home/.git',
    ];
    for (const url of probes) {
      const res = await get(url, { accept: '*/*' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<title>');
      expect(res.body, url).not.toContain('SECRET');
    }
  });

  it('sends the app only to clients that take HTML, and only for GET', async () => {
    expect((await get('/home', { accept: 'application/json' })).statusCode).toBe(404);
    expect((await get('/home', { accept: '*/*' })).statusCode).toBe(200);
    expect((await get('/home')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/home', payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: '/home' })).statusCode).toBe(200);
  });

  it('/healthz, /readyz and /metrics never answer the site', async () => {
    for (const url of ['/healthz', '/readyz', '/healthz/', '/metrics', '/metrics/']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.body, url).not.toContain('<title>Site</title>');
    }
  });

  it('serves the back office the same way', async () => {
    const asset = await get('/backoffice/assets/bo-5d6e.js', { 'accept-encoding': 'br' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-length']).toBe(
      String(fs.statSync(path.join(backofficeDist, 'assets', 'bo-5d6e.js.br')).size),
    );
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT);
    const page = await get('/backoffice/operators');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Back office</title>');
  });

  it('compresses dynamic responses over 1 KiB, not small ones', async () => {
    const big = await get('/wps/test-fixture/big', { 'accept-encoding': 'gzip, br' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString())).toMatchObject({ success: true });
    const small = await get('/wps/system/status', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ success: true });
  });
});
