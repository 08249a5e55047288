/**
 * The OpenAPI document at /openapi.json and its viewer at /docs: every route is in it, tagged by
 * who calls it, sealed bodies are marked, refs resolve, and every call documents its answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import { gameListSchema } from '@wps/shared/schemas/catalogue';
import type { LoginResult } from '@wps/shared/schemas/common';
import { registeredRoutes } from '../src/openapi/register';
import { createResponseSerializer } from '../src/openapi/serializer';
import { success } from '../src/openapi/responses';
import { callEncrypted, valueOf } from './api-client';
import { createTestApp, type TestApp } from './test-app';

type Operation = {
  tags?: string[];
  description?: string;
  requestBody?: unknown;
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
  'x-encrypted'?: boolean;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

/**
 * Routes the document leaves out, and why. Anything else the router has must be in it.
 * - `/*`: the player site's SPA fallback and static files, not an API call;
 * - `/backoffice/…`: the back office's page and its built files (one route per file when it is built);
 * - `/docs`, `/docs/*`: the viewer's own page, scripts, styles and its copy of the document.
 */
function isExcluded(url: string): boolean {
  return url === '/*' || url.startsWith('/backoffice/') || url === '/docs' || url.startsWith('/docs/');
}

/** Routes whose answer is not a JSON envelope, with the status and media type they document instead. */
const NON_JSON_ANSWERS: Record<string, { status: string; type: string }> = {
  'get /ops/withdrawals/{id}/proofs/{index}': { status: '200', type: 'image/png' },
  'get /wps/content/images/{name}': { status: '200', type: 'image/png' },
  'get /wps/points/images/{name}': { status: '200', type: 'image/png' },
  'get /wps/feedback/{id}/images/{position}': { status: '200', type: 'image/png' },
  'get /ops/feedback/{id}/images/{position}': { status: '200', type: 'image/png' },
  'get /wps/promo/applications/{id}/images/{position}': { status: '200', type: 'image/png' },
  'get /ops/promo/applications/{id}/images/{position}': { status: '200', type: 'image/png' },
  'get /sandbox-gateway/pay/{paymentRef}': { status: '200', type: 'text/html' },
  'post /sandbox-gateway/pay/{paymentRef}': { status: '303', type: 'text/html' },
  'get /sandbox-kyc/check/{ref}': { status: '200', type: 'text/html' },
  'post /sandbox-kyc/check/{ref}': { status: '303', type: 'text/html' },
  'get /sandbox-pix/directory': { status: '200', type: 'text/html' },
  'post /sandbox-pix/directory': { status: '303', type: 'text/html' },
  'get /wps/oidc/providers/{providerId}/start': { status: '303', type: 'text/html' },
  'get /wps/oidc/callback': { status: '303', type: 'text/html' },
  'get /metrics': { status: '200', type: 'text/plain' },
  'get /lgw/live': { status: '200', type: 'text/event-stream' },
  'get /wps/inhouse/crash/live': { status: '200', type: 'text/event-stream' },
  'get /ops/reports/pnl/csv': { status: '200', type: 'text/csv' },
  'get /ops/reports/payments/csv': { status: '200', type: 'text/csv' },
  'get /ops/reports/players/csv': { status: '200', type: 'text/csv' },
  'get /ops/reports/originals/csv': { status: '200', type: 'text/csv' },
  'get /ops/audit/csv': { status: '200', type: 'text/csv' },
  'get /ops/vendor-transfers/csv': { status: '200', type: 'text/csv' },
  'get /ops/deposits/csv': { status: '200', type: 'text/csv' },
  'get /ops/withdrawals/csv': { status: '200', type: 'text/csv' },
  'get /ops/players/{memberId}/ledger/csv': { status: '200', type: 'text/csv' },
  'get /ops/players/{memberId}/rounds/csv': { status: '200', type: 'text/csv' },
  'get /ops/players/{memberId}/inhouse-rounds/csv': { status: '200', type: 'text/csv' },
  'get /ops/compliance/exports/{id}/files/{name}': { status: '200', type: 'application/x-ndjson' },
};

/** Service routes that answer plain JSON for machines (the document itself, the probes), not the envelope. */
const PLAIN_JSON_ANSWERS = new Set(['get /openapi.json', 'get /healthz', 'get /readyz']);

/** Who calls what: the tag every path must carry (checked independently of the server's own table). */
function expectedTag(path: string): string {
  if (path.startsWith('/wps/inhouse/')) return 'in-house games';
  if (
    path.startsWith('/wps/deposit/webhook/') ||
    path.startsWith('/sandbox-gateway/') ||
    path.startsWith('/sandbox-pix/')
  )
    return 'payment gateway';
  if (path.startsWith('/wps/kyc/webhook/') || path.startsWith('/sandbox-kyc/')) return 'identity provider';
  if (path.startsWith('/wps/')) return 'member';
  if (path.startsWith('/ops/')) return 'operator';
  if (path.startsWith('/vendor/')) return 'vendor';
  if (path.startsWith('/lgw/') || path.startsWith('/lotto/')) return 'lottery gateway';
  if (path.startsWith('/dev/')) return 'development';
  return 'service';
}

function openapiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operations(doc: Document): Array<{ path: string; method: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
}

/** Resolve a local JSON pointer (`#/components/schemas/Failure`) in the document. */
function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else collectRefs(value, out);
    }
  }
  return out;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    // With a metrics token, /metrics is served on this port too: it must be documented as well.
    t = await createTestApp(
      'pglite',
      { metricsToken: 'openapi-test-metrics-token-0123456789' },
      {
        // A route added later under the lottery prefix is documented and tagged without touching the plugin.
        extraRoutes: (app) => {
          app.get(
            '/lgw/fixture/openapi',
            { schema: { response: success(z.object({ drawn: z.boolean() })) } },
            async () => ({ success: true, value: { drawn: false } }),
          );
        },
      },
    );
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json<Document>();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is an OpenAPI 3.1 document with info, tags and paths', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    expect(doc.tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining([
        'member',
        'operator',
        'vendor',
        'lottery gateway',
        'in-house games',
        'payment gateway',
        'identity provider',
        'development',
        'service',
      ]),
    );
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
  });

  it('documents every registered route, and nothing the router does not have', () => {
    const routes = registeredRoutes(t.app);
    const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
    const expected = new Set(
      routes
        // Fastify adds a HEAD route for every GET; the document lists the GET.
        .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
        .filter((r) => !isExcluded(r.url))
        .map((r) => `${r.method.toLowerCase()} ${openapiPath(r.url)}`),
    );
    // Sanity: the hook saw the app's routes, including the test's late one and the vendor callbacks.
    expect(expected.size).toBeGreaterThan(100);
    expect(expected).toContain('get /lgw/fixture/openapi');
    expect(expected).toContain('post /vendor/{vassalage}/bet');

    const documented = new Set(operations(doc).map(({ path, method }) => `${method} ${path}`));
    const missing = [...expected].filter((key) => !documented.has(key));
    const extra = [...documented].filter((key) => !expected.has(key));
    expect(missing, 'routes missing from /openapi.json').toEqual([]);
    expect(extra, 'operations no route serves').toEqual([]);
  });

  it('tags every operation with the one caller it serves', () => {
    const known = new Set(doc.tags.map((tag) => tag.name));
    for (const { path, method, op } of operations(doc)) {
      expect(op.tags, `${method} ${path}`).toEqual([expectedTag(path)]);
      expect(known.has(op.tags?.[0] ?? ''), `${method} ${path}`).toBe(true);
    }
    expect(doc.paths['/lgw/fixture/openapi']?.get?.tags).toEqual(['lottery gateway']);
  });

  it('marks exactly the calls that refuse a plain body as encrypted', async () => {
    const withBody = operations(doc).filter(({ method }) => method === 'post' || method === 'put');
    const marked: string[] = [];
    for (const { path, method, op } of withBody) {
      if (path.includes('{') || !path.startsWith('/wps/')) continue;
      const res = await t.app.inject({ method: method.toUpperCase() as 'POST' | 'PUT', url: path, payload: {} });
      const refused = res.json<{ errorCode?: string }>().errorCode === ErrorCode.ENCRYPTION_REQUIRED;
      expect(
        op['x-encrypted'] === true,
        `${method} ${path}: marked ${String(op['x-encrypted'])}, refuses plain JSON ${refused}`,
      ).toBe(refused);
      if (refused) {
        expect(op.description, `${method} ${path}`).toMatch(/Encrypted call/);
        marked.push(`${method} ${path}`);
      }
    }
    expect(marked).toEqual(
      expect.arrayContaining(['post /wps/session/login', 'put /wps/member/register', 'post /wps/withdraw/orders']),
    );
    // Nothing outside the player API is marked.
    for (const { path, op } of operations(doc))
      if (!path.startsWith('/wps/')) expect(op['x-encrypted'], path).toBeUndefined();
  });

  it('documents every answer: the 200 schema of each call and the shared failure envelope', () => {
    const undocumented = operations(doc)
      .filter(
        ({ path, method, op }) => !op.responses?.[NON_JSON_ANSWERS[`${method} ${path}`]?.status ?? '200']?.content,
      )
      .map(({ path, method }) => `${method} ${path}`);
    expect(undocumented, 'calls without a response schema').toEqual([]);
    for (const { path, method, op } of operations(doc)) {
      const key = `${method} ${path}`;
      const nonJson = NON_JSON_ANSWERS[key];
      if (nonJson) {
        expect(Object.keys(op.responses?.[nonJson.status]?.content ?? {}), key).toContain(nonJson.type);
        continue;
      }
      const ok = op.responses?.['200'];
      const schema = ok?.content?.['application/json']?.schema as
        | { properties?: { success?: unknown; value?: unknown } }
        | undefined;
      expect(schema?.properties, `${key}: no JSON schema for its answer`).toBeDefined();
      expect(op.responses?.['4XX'], key).toEqual({ $ref: '#/components/responses/Failure' });
      if (PLAIN_JSON_ANSWERS.has(key)) continue;
      expect(schema?.properties?.success, `${key}: no envelope`).toBeDefined();
      expect(schema?.properties?.value, `${key}: no value schema`).toBeDefined();
    }
    const failure = resolvePointer(doc, '#/components/schemas/Failure') as {
      properties: Record<string, { enum?: string[] }>;
    };
    expect(failure.properties.errorCode?.enum).toEqual(
      expect.arrayContaining([ErrorCode.VALIDATION_FAILED, ErrorCode.UNAUTHORIZED]),
    );
  });

  it('the game list, sent as cached bytes past the serializer, still matches its documented schema', async () => {
    const { token } = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: 'openapi-game-list' }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/GCSGAME_gameList',
      headers: { authorization: token },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const parsed = success(gameListSchema)[200].safeParse(res.json());
    expect(parsed.error?.issues ?? [], res.body.slice(0, 500)).toEqual([]);
    expect(parsed.data?.value.games.length).toBeGreaterThan(0);
  });

  it('has only references that resolve', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) expect(resolvePointer(doc, ref), ref).toBeDefined();
  });

  it('serves Swagger UI at /docs from our own origin under the site-wide CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('id="swagger-ui"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, 'scripts come from our origin').toMatch(/^\/docs\//);
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toMatch(/javascript/);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
    const copy = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(copy.json<Document>().paths).toEqual(doc.paths);
  });
});

describe('response serializer', () => {
  async function appWith(validate: boolean) {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(createResponseSerializer({ validate }));
    app.get('/drift', { schema: { response: success(z.object({ amountMinor: z.string() })) } }, async () => ({
      success: true,
      value: { amountMinor: 100 },
    }));
    app.get('/extra', { schema: { response: success(z.object({ amountMinor: z.string() })) } }, async () => ({
      success: true,
      value: { amountMinor: '100', note: 'x' },
    }));
    app.get(
      '/fine',
      { schema: { response: success(z.object({ amountMinor: z.string(), note: z.string() })) } },
      async () => ({
        success: true,
        value: { note: 'kept in this order', amountMinor: '100' },
      }),
    );
    await app.ready();
    return app;
  }

  it('outside production, an answer that does not match its schema is a 500', async () => {
    const app = await appWith(true);
    expect((await app.inject({ method: 'GET', url: '/drift' })).statusCode).toBe(500);
    await app.close();
  });

  it('outside production, a field the schema does not declare is a 500 too', async () => {
    const app = await appWith(true);
    expect((await app.inject({ method: 'GET', url: '/extra' })).statusCode).toBe(500);
    await app.close();
  });

  it('never rewrites the answer: what passes is sent as the handler returned it', async () => {
    const app = await appWith(true);
    expect((await app.inject({ method: 'GET', url: '/fine' })).body).toBe(
      '{"success":true,"value":{"note":"kept in this order","amountMinor":"100"}}',
    );
    await app.close();
  });

  it('in production, answers are written as they are, whatever the schema says', async () => {
    const app = await appWith(false);
    const res = await app.inject({ method: 'GET', url: '/drift' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { amountMinor: 100 } });
    await app.close();
  });
});
