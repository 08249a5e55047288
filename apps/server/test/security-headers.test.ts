/**
 * Security headers from helmet: HSTS, COOP/CORP, a Permissions-Policy and
 * the CSP the site had before, on every kind of response (success, refusal, unknown path, error).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { permissionsPolicy, securityHeaders, siteHelmet } from '../src/plugins/security-headers';
import { createTestApp, describeEachDatabase, type TestApp } from './test-app';

const VENDOR_ORIGIN = 'http://127.0.0.1:8257';

/** The CSP as directive → sources, so the comparison does not depend on separators. */
function parseCsp(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** The policy the site has always had: only the frame sources vary with the vendors. */
const EXPECTED_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'", VENDOR_ORIGIN],
  'frame-ancestors': ["'self'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const h = res.headers;
  expect(h['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['cross-origin-resource-policy'], what).toBe('same-origin');
  // COEP would make every framed vendor page opt in with CORP/CORS headers of its own.
  expect(h['cross-origin-embedder-policy'], what).toBeUndefined();
  expect(h['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(parseCsp(String(h['content-security-policy'])), what).toEqual(EXPECTED_CSP);

  const permissions = String(h['permissions-policy']);
  for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
    expect(permissions, what).toContain(denied);
  }
  // The /game iframe delegates these (allow="autoplay; fullscreen"): our pages and the vendors keep them.
  expect(permissions, what).toContain(`fullscreen=(self "${VENDOR_ORIGIN}")`);
  expect(permissions, what).toContain(`autoplay=(self "${VENDOR_ORIGIN}")`);
}

describeEachDatabase('security headers', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { frameOrigins: [VENDOR_ORIGIN] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are on a successful API answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res, 'status');
  });

  it('are on refusals, unknown paths, validation errors and malformed URLs', async () => {
    const responses: [string, LightMyRequestResponse][] = [
      ['unknown path', await t.app.inject({ method: 'GET', url: '/wps/no/such/call' })],
      ['no token', await t.app.inject({ method: 'GET', url: '/wps/member/info' })],
      ['validation', await t.app.inject({ method: 'GET', url: '/wps/captcha' })],
      [
        'unknown merchant',
        await t.app.inject({ method: 'GET', url: '/wps/captcha?captchaKey=abcdefgh', headers: { merchant: 'NOPE' } }),
      ],
      ['malformed URL', await t.app.inject({ method: 'GET', url: '/wps/%%77' })],
      [
        'over-long path parameter',
        await t.app.inject({ method: 'POST', url: `/wps/withdraw/orders/${'9'.repeat(200)}/confirm` }),
      ],
    ];
    for (const [what, res] of responses) {
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expectSecurityHeaders(res, what);
    }
    // URLs the router cannot take answer the 404 envelope like any unknown path, not Fastify's bare JSON.
    for (const [, res] of responses.slice(-2)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    }
  });
  it('are the headers helmet itself writes on each request, worked out once', async () => {
    // helmet's middleware run on every request, as the plugin did before it precomputed them:
    // if a helmet upgrade made any header depend on the request, the two would part here.
    const reference = Fastify({ logger: false });
    const applyHelmet = siteHelmet([VENDOR_ORIGIN]);
    reference.addHook('onRequest', (request, reply, done) => {
      reply.header('permissions-policy', permissionsPolicy([VENDOR_ORIGIN]));
      applyHelmet(request.raw, reply.raw, (err) => done(err as Error | undefined));
    });
    reference.all('/*', async () => 'ok');
    const precomputed = securityHeaders([VENDOR_ORIGIN]);
    expect(Object.keys(precomputed)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'strict-transport-security',
        'x-frame-options',
        'permissions-policy',
      ]),
    );
    const requests = [
      { method: 'GET', url: '/wps/system/status', headers: {} },
      {
        method: 'POST',
        url: '/wps/no/such/call',
        headers: { 'user-agent': 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)' },
      },
      { method: 'GET', url: '/docs', headers: { 'x-forwarded-proto': 'https', accept: 'text/html' } },
      {
        method: 'GET',
        url: '/backoffice/',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
      },
    ] as const;
    try {
      for (const request of requests) {
        const expected = await reference.inject(request);
        const written = Object.fromEntries(
          Object.entries(expected.headers).filter(
            ([name]) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
          ),
        );
        expect(written, request.url).toEqual(precomputed);
      }
    } finally {
      await reference.close();
    }
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    for (const [name, value] of Object.entries(precomputed)) expect(res.headers[name], name).toBe(value);
  });

  it("lets the page's speed test reach the operator's other domains (connect-src), following the setting", async () => {
    const connectSrc = async () =>
      parseCsp(
        String((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).headers['content-security-policy']),
      )['connect-src'];
    await t.app.services.system.updateSetting('domains', [
      { domainName: 'https://play2.example' },
      { domainName: 'https://fast.example:8443' },
    ]);
    await t.app.services.system.getOperatorConfig();
    expect(await connectSrc()).toEqual(["'self'", 'https://fast.example:8443', 'https://play2.example']);
    await t.app.services.system.updateSetting('domains', []);
    await t.app.services.system.getOperatorConfig();
    expect(await connectSrc()).toEqual(["'self'"]);
  });

  it("serves the delivery settings in the permission answer, and lets exactly their CDNs (and Google's tag hosts only with a tag) into the CSP", async () => {
    const csp = async () =>
      parseCsp(
        String((await t.app.inject({ method: 'GET', url: '/wps/system/status' })).headers['content-security-policy']),
      );
    const permission = async () =>
      (await t.app.inject({ method: 'GET', url: '/wps/system/permission' })).json().value as {
        analytics: { gtagId: string | null };
        imageCDNs: string[];
        launchGameCDNs: string[];
      };
    expect(await permission()).toMatchObject({ analytics: { gtagId: null }, imageCDNs: [], launchGameCDNs: [] });
    // An in-house game's page from a launch CDN is framed by the operator's own domains.
    await t.app.services.system.updateSetting('domains', [{ domainName: 'https://play.example' }]);
    await t.app.services.system.updateSetting('delivery', {
      imageCdns: ['https://img1.cdn.example/site', 'https://img2.cdn.example'],
      launchGameCdns: ['https://games.cdn.example:8443'],
      gtagId: 'G-ABC123XYZ9',
    });
    await t.app.services.system.getOperatorConfig();
    expect(await permission()).toMatchObject({
      analytics: { gtagId: 'G-ABC123XYZ9' },
      imageCDNs: ['https://img1.cdn.example/site', 'https://img2.cdn.example'],
      launchGameCDNs: ['https://games.cdn.example:8443'],
    });
    const withTag = await csp();
    expect(withTag['img-src']).toEqual(
      expect.arrayContaining([
        'https://img1.cdn.example',
        'https://img2.cdn.example',
        'https://*.google-analytics.com',
      ]),
    );
    expect(withTag['frame-src']).toContain('https://games.cdn.example:8443');
    expect(withTag['frame-ancestors']).toEqual(["'self'", 'https://play.example']);
    expect(withTag['script-src']).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(withTag['connect-src']).toContain('https://*.google-analytics.com');

    await t.app.services.system.updateSetting('delivery', { imageCdns: [], launchGameCdns: [], gtagId: '' });
    await t.app.services.system.updateSetting('domains', []);
    await t.app.services.system.getOperatorConfig();
    const without = await csp();
    expect(without['frame-ancestors']).toEqual(["'self'"]);
    expect(without['script-src']).toEqual(["'self'"]);
    expect(without['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(without['connect-src']).toEqual(["'self'"]);
  });
});
