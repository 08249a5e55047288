/**
 * The access gate (maintenance 503, region block 403, unknown `Merchant` 4xx) holds for every
 * spelling of a path. The router decodes `%77ps`, ignores a trailing slash and so
 * on; a gate that tests the raw URL string can be walked around by such spellings. Every
 * spelling below must be refused by the gate or be unknown (404), never reach the route.
 *
 * Requests go over a real socket (app.listen) because `app.inject` parses the URL with WHATWG
 * rules first, which would resolve `/./`, `/../` and `%2e` before the server ever saw them.
 * Under /lgw/ the lottery's public popular list is a product route; a test-only fixture with a
 * path parameter and one under /lotto/ (whose product route needs a login) are gated by the same
 * rule without any change to the gate, as any route added later is.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { ok } from '../src/http/envelope';
import { spellings } from './path-spellings';
import { rawRequest } from './raw-http';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

/** The gated routes the table runs on: product /wps and /lgw routes, and fixtures under /lgw and /lotto. */
const PATHS = ['/wps/captcha', '/lgw/games/popular', '/lgw/games/SBX-slot-01', '/lotto/lgw/fixture/numero'];

/** The captcha call needs its key; the query goes before any fragment or joins an existing query. */
function withKey(spelling: string): string {
  const query = 'captchaKey=gate-test-key-01';
  const hash = spelling.indexOf('#');
  const [path, fragment] = hash === -1 ? [spelling, ''] : [spelling.slice(0, hash), spelling.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}${query}${fragment}`;
}

describeEachDatabase('access gate: every spelling of a gated path', (target) => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp(
      target,
      // One trusted hop, so the region block can be shown over the loopback socket with X-Forwarded-For.
      { trustProxy: 1 },
      {
        extraRoutes: (app) => {
          app.get('/lgw/games/:gameId', async () => ok({ fixture: true }));
          app.get('/lotto/lgw/fixture/numero', async () => ok([]));
        },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each route answers 200 while the gate is open, so the table below is not vacuous', async () => {
    for (const path of PATHS) {
      const res = await rawRequest(port, 'GET', withKey(path));
      expect(res.status, `${path}: ${res.body}`).toBe(200);
    }
  });

  const closures: {
    name: string;
    errorCode: string;
    status: number;
    headers: Record<string, string>;
    close?: () => Promise<void>;
    reopen?: () => Promise<void>;
  }[] = [
    {
      name: 'maintenance',
      errorCode: ErrorCode.SYSTEM_MAINTENANCE,
      status: 503,
      headers: {},
      close: () => t.app.services.system.updateSetting('maintenance', true).then(() => undefined),
      reopen: () => t.app.services.system.updateSetting('maintenance', false).then(() => undefined),
    },
    // The demo operator maps 203.0.113.0/24 (RFC 5737) to US and blocks US.
    {
      name: 'region block',
      errorCode: ErrorCode.REGION_RESTRICTED,
      status: 403,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    },
    {
      name: 'unknown merchant',
      errorCode: ErrorCode.UNKNOWN_MERCHANT,
      status: 0,
      headers: { merchant: 'NOT-THIS-OPERATOR' },
    },
  ];

  for (const closure of closures) {
    describe(closure.name, () => {
      it('refuses every spelling that reaches a gated route; the rest are unknown (404)', async () => {
        await closure.close?.();
        try {
          const leaks: string[] = [];
          let refused = 0;
          for (const path of PATHS) {
            for (const spelling of spellings(path)) {
              const res = await rawRequest(port, 'GET', withKey(spelling), closure.headers);
              const isGateAnswer =
                res.errorCode === closure.errorCode &&
                (closure.status === 0 ? res.status >= 400 && res.status < 500 : res.status === closure.status);
              const isUnknown = res.status === 404 && res.errorCode === ErrorCode.NOT_FOUND;
              if (isGateAnswer) refused++;
              else if (!isUnknown) leaks.push(`${spelling} → ${res.status} ${res.body.slice(0, 120)}`);
            }
          }
          expect(leaks, `spellings that got past the ${closure.name} gate`).toEqual([]);
          // The canonical paths and the router's own equivalents (decoded letters, trailing slash) are refused.
          expect(refused).toBeGreaterThanOrEqual(PATHS.length * 4);
        } finally {
          await closure.reopen?.();
        }
      });

      it('refuses the spellings the router resolves to a route, one by one', async () => {
        await closure.close?.();
        try {
          for (const spelling of [
            '/%77ps/captcha',
            '/wp%73/captcha',
            '/wps/c%61ptcha',
            '/wps/captcha/',
            '/%6cgw/games/popular',
            '/%6Cgw/games/popular',
            '/lgw/games/SBX;x=1',
            '/%6cotto/lgw/fixture/numero',
            '/lotto/lgw/fixture/numero/',
          ]) {
            const res = await rawRequest(port, 'GET', withKey(spelling), closure.headers);
            expect(res.errorCode, `${spelling}: ${res.body}`).toBe(closure.errorCode);
          }
        } finally {
          await closure.reopen?.();
        }
      });
    });
  }

  it('keeps the calls the maintenance page needs open, whatever their spelling', async () => {
    await t.app.services.system.updateSetting('maintenance', true);
    try {
      for (const spelling of ['/wps/system/status', '/wps/system/%73tatus', '/wps/session/key/rsa/']) {
        const res = await rawRequest(port, 'GET', spelling);
        expect(res.status, `${spelling}: ${res.body}`).toBe(200);
      }
    } finally {
      await t.app.services.system.updateSetting('maintenance', false);
    }
  });

  it('answers a request that matches no route with the 404 envelope, gate or not', async () => {
    await t.app.services.system.updateSetting('maintenance', true);
    try {
      for (const path of ['/wps/no/such/call', '/lgw/no/such', '/%77ps/no/such', '/lotto/x/../y']) {
        const res = await rawRequest(port, 'GET', path);
        expect(res.status, path).toBe(404);
        expect(res.errorCode, path).toBe(ErrorCode.NOT_FOUND);
      }
    } finally {
      await t.app.services.system.updateSetting('maintenance', false);
    }
  });
});
