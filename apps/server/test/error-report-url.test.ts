/**
 * ERROR_REPORT_URL at run time: the server writes it into the index.html it serves (every page
 * route, every encoding, the br/gzip copies made from the rewritten text, never the build's own
 * copies) and adds its origin to the CSP `connect-src`; unset, the page's meta is empty and the
 * CSP is the site's usual one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { renderIndexHtml } from '../src/http/index-page';
import { createTestApp, type TestApp } from './test-app';

const COLLECTOR = 'https://errors.example:8443/collect?site=wps&env=prod';
/** Built with a value of its own at build time: the server's setting replaces it. */
const INDEX =
  '<!doctype html><html><head><meta name="error-report-url" content="https://built.example/old" /><title>Site</title>' +
  `<script type="module" src="/assets/app-1a2b3c.js"></script></head><body><div id="root"></div><!-- ${'padding '.repeat(200)} --></body></html>`;

function connectSrc(res: LightMyRequestResponse): string[] {
  const directive = String(res.headers['content-security-policy'])
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === 'connect-src');
  return directive?.slice(1) ?? [];
}

function body(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.body;
}

/** A built site in a scratch folder, with the build step's own br/gz copies of index.html. */
function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-report-url-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'export {};\n');
  execFileSync(process.execPath, ['scripts/precompress.mjs', dist], { stdio: 'pipe' });
  return dist;
}

describe('ERROR_REPORT_URL set', () => {
  let t: TestApp;
  const dist = makeDist();
  beforeAll(async () => {
    t = await createTestApp('pglite', { webDist: dist, errorReportUrl: COLLECTOR });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is in the page on every page route and in every encoding, the copies made from the rewritten text', async () => {
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(true);
    const meta = `<meta name="error-report-url" content="${COLLECTOR.replace(/&/g, '&amp;')}" />`;
    for (const url of ['/', '/index.html', '/home', '/rng']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', 'accept-encoding': encoding },
        });
        expect(res.statusCode, `${url} ${encoding}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBe(
          encoding === 'identity' ? undefined : encoding,
        );
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toContain('accept-encoding');
        const html = body(res);
        expect(html, `${url} ${encoding}`).toContain(meta);
        expect(html).not.toContain('built.example');
        expect(html).toContain('<title>Site</title>');
      }
    }
  });

  it('each copy has its own ETag, and a matching If-None-Match gets 304', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    const again = await t.app.inject({
      method: 'GET',
      url: '/home',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
  });

  it("adds the collector's origin to connect-src, on pages and API answers alike", async () => {
    for (const url of ['/', '/wps/system/status', '/assets/app-1a2b3c.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(connectSrc(res), url).toEqual(["'self'", 'https://errors.example:8443']);
    }
  });
});

describe('ERROR_REPORT_URL unset', () => {
  let t: TestApp;
  const dist = makeDist();
  beforeAll(async () => {
    t = await createTestApp('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves an empty meta (not the build-time value) and keeps connect-src to the site', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
      const html = body(res);
      expect(html).toContain('<meta name="error-report-url" content="" />');
      expect(html).not.toContain('built.example');
      expect(connectSrc(res)).toEqual(["'self'"]);
    }
  });
});

describe('renderIndexHtml', () => {
  it('adds the meta to a page built without one, escaped for the attribute', () => {
    const page = '<html><head><title>x</title></head><body></body></html>';
    expect(renderIndexHtml(page, {})).toBe(page);
    expect(renderIndexHtml(page, { errorReportUrl: '/errors?a=1&b=2' })).toBe(
      '<html><head><title>x</title><meta name="error-report-url" content="/errors?a=1&amp;b=2" /></head><body></body></html>',
    );
  });
});
