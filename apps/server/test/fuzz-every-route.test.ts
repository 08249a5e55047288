/**
 * Property test over every route the server registers, found at run time (so a new route is
 * covered the day it is added): fed random path parameters, queries and bodies, by a caller with
 * no session, a player's session and an admin operator's session, it never answers 5xx, and every
 * JSON answer is the envelope. fuzz.test.ts goes deeper on the foundation's calls (encrypted
 * bodies, headers, encoded paths); this one goes wide.
 *
 * The field names each route knows come from its schema in the OpenAPI document, so random values
 * reach past "unknown field" into the handlers. Runs on PGlite only, like fuzz.test.ts: input
 * handling does not depend on the database engine.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { registeredRoutes } from '../src/openapi/register';
import { disableRegisterCaptcha, registerUser } from './api-client';
import { wrongValue } from './fuzz-values';
import { createTestOperator } from './operator-login';
import { createTestApp, type TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Calls that would end the session the rest of the run uses, serve documentation, not the API, or
 * stream without end (the lottery's live events: their input is tested in lottery-live.test.ts;
 * crash's, which take none).
 */
const SKIPPED = [
  /^DELETE \/(wps|ops)\/session\/logout$/,
  /^\w+ \/docs\b/,
  /^GET \/openapi\.json$/,
  /^GET \/lgw\/live$/,
  /^GET \/wps\/inhouse\/crash\/live$/,
];

/** The API answers in the envelope; probes, vendor protocols and served pages have their own formats. */
const ENVELOPED = /^\/(wps|ops)\//;

/** Runs per route and caller: every route is hit 3 × RUNS times. */
const RUNS = 10;

/** Values a field could be given: the shared wrong values, and plausible numbers as strings. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(wrongValue, fc.integer({ min: 0, max: 10_000 }).map(String));

const pathParam = fc.oneof(
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '999999999',
    '99999999999999999999',
    'x',
    'inhouse',
    'SBX',
    '00000000-0000-0000-0000-000000000000',
    '%00',
    '..',
    'a%2Fb',
  ),
  fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
);

type Operation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
};

/** The body and query fields a route's schema names, from the OpenAPI document. */
function fieldsOf(
  doc: { paths: Record<string, Record<string, Operation>> },
  method: Method,
  url: string,
): { body: string[]; query: string[] } {
  const operation = doc.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
  const body = Object.keys(operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {});
  const query = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return { body, query };
}

/** An object with some of the known fields and a few unknown ones, each given any value. */
function objectWith(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fields.length
    ? fc
        .subarray([...fields])
        .chain((keys) => fc.tuple(...keys.map((k) => anyValue.map((v) => [k, v] as const))).map(Object.fromEntries))
    : fc.constant({});
  return fc
    .tuple(known, fc.dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 2 }))
    .map(([a, b]) => ({ ...b, ...a }) as Record<string, unknown>);
}

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) params.append(k, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  const text = params.toString();
  return text ? `?${text}` : '';
}

describe('fuzz: every registered route', () => {
  let t: TestApp;
  const callers: { name: string; token: string | null }[] = [{ name: 'anonymous', token: null }];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await disableRegisterCaptcha(t.app);
    callers.push({ name: 'player', token: (await registerUser(t.app)).result.token });
    callers.push({ name: 'admin operator', token: (await createTestOperator(t.app, 'admin')).token });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never answers 5xx, and answers JSON only in the envelope', { timeout: 600_000 }, async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const routes = [
      ...new Map(
        registeredRoutes(t.app)
          .filter((r): r is typeof r & { method: Method } =>
            ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(r.method),
          )
          .filter((r) => !r.url.includes('*') && !SKIPPED.some((re) => re.test(`${r.method} ${r.url}`)))
          .map((r) => [`${r.method} ${r.url}`, r]),
      ).values(),
    ];
    // The server has far more than the foundation's calls; a broken enumeration would pass vacuously.
    expect(routes.length).toBeGreaterThan(200);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const route of routes) {
      const fields = fieldsOf(doc, route.method, route.url);
      const params = (route.url.match(/:[A-Za-z0-9_]+/g) ?? []).length;
      const input = fc.record({
        params: fc.array(pathParam, { minLength: params, maxLength: params }),
        query: objectWith(fields.query),
        body: fc.oneof({ weight: 4, arbitrary: objectWith(fields.body) }, anyValue),
      });
      for (const caller of callers) {
        for (const sample of fc.sample(input, RUNS)) {
          let i = 0;
          const url = route.url.replace(/:[A-Za-z0-9_]+/g, () => encodeURIComponent(String(sample.params[i++])));
          const res = await t.app.inject({
            method: route.method,
            url: `${url}${queryString(sample.query)}`,
            headers: { ...(caller.token ? { authorization: caller.token } : {}), 'content-type': 'application/json' },
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: JSON.stringify(sample.body) }),
          });
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          const label = `${caller.name} ${route.method} ${url}${queryString(sample.query)} → ${res.statusCode}`;
          const json = (res.headers['content-type'] ?? '').toString().startsWith('application/json');
          let body: { success?: unknown; errorCode?: unknown } | undefined;
          if (json) {
            try {
              body = res.json();
            } catch {
              failures.push(`${label}: JSON that does not parse`);
              continue;
            }
          }
          // Maintenance (an admin may switch it on at random) is the one 5xx a request may get.
          const maintenance = res.statusCode === 503 && body?.errorCode === ErrorCode.SYSTEM_MAINTENANCE;
          if (res.statusCode >= 500 && !maintenance) failures.push(`${label}: ${res.body.slice(0, 300)}`);
          else if (ENVELOPED.test(route.url) && json && typeof body?.success !== 'boolean')
            failures.push(`${label}: not the envelope: ${res.body.slice(0, 200)}`);
        }
      }
    }
    console.log(
      `fuzzed ${routes.length} routes, ${routes.length * callers.length * RUNS} requests; statuses: ${JSON.stringify(statuses)}`,
    );
    expect(failures).toEqual([]);
  });
});
