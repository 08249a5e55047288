import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/** HSTS lifetime: one year, the value ASVS and the preload list expect. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Powerful features nothing on the site uses: denied to our pages and to every frame. */
const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
];

/**
 * The Permissions-Policy value (helmet has no option for it). Autoplay and fullscreen stay open to
 * our own pages and the game frames, which the /game iframe delegates them to (`allow="autoplay;
 * fullscreen"`); everything else in DENIED_FEATURES is off.
 */
export function permissionsPolicy(frameOrigins: readonly string[]): string {
  const allowlist = ['self', ...frameOrigins.map((origin) => `"${origin}"`)].join(' ');
  return [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    `autoplay=(${allowlist})`,
    `fullscreen=(${allowlist})`,
  ].join(', ');
}

/**
 * What the site settings add to the CSP (their `delivery`): the picture CDNs' origins to `img-src`,
 * the in-house games' CDNs' to `frame-src`, and Google's tag hosts only while an analytics tag is set.
 */
export type DeliveryOrigins = {
  img: readonly string[];
  frame: readonly string[];
  analytics: boolean;
  /**
   * Who else may frame our pages: with launch CDNs set, an in-house game's page comes from a CDN's
   * origin and is framed by the site's, so the operator's own domains are let in (`frame-ancestors`).
   */
  ancestors?: readonly string[];
};
const NO_DELIVERY: DeliveryOrigins = { img: [], frame: [], analytics: false };

/** Where Google's tag (gtag.js) loads from and reports to, per Google's CSP guide for Google Analytics 4. */
const GOOGLE_TAG = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
};

/**
 * helmet's middleware with the site's options (see docs/decisions.md "Security headers"):
 * - the CSP: everything from our origin, game iframes also from the vendors' origins, and
 *   `connect-src` also the origins in `connectOrigins` (the error collector, ERROR_REPORT_URL);
 * - HSTS (one year, subdomains), X-Frame-Options SAMEORIGIN, nosniff, the referrer policy;
 * - COOP `same-origin` (our pages open no cross-origin window that needs `window.opener`) and
 *   CORP `same-origin` (no other origin loads our resources: the vendor's game page is framed,
 *   not fed from here). COEP stays off: it would require every framed vendor page to opt in.
 */
export function siteHelmet(
  frameOrigins: readonly string[],
  connectOrigins: readonly string[] = [],
  delivery: DeliveryOrigins = NO_DELIVERY,
): ReturnType<typeof helmet> {
  const tag = delivery.analytics ? GOOGLE_TAG : { script: [], connect: [], img: [] };
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...tag.script],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...delivery.img, ...tag.img],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...connectOrigins, ...tag.connect],
        'frame-src': ["'self'", ...frameOrigins, ...delivery.frame],
        'frame-ancestors': ["'self'", ...(delivery.ancestors ?? [])],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
}

/**
 * The headers helmet's middleware sets on a response, lower-cased name → value. Run against a
 * stand-in request: with the options above (no directive is a function of the request) helmet
 * writes the same headers whatever the request; apps/server/test/security-headers.test.ts checks
 * that against helmet run on real requests, so an upgrade that starts to vary them is caught.
 */
function helmetHeaders(applyHelmet: ReturnType<typeof helmet>): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown;
  let called = false;
  applyHelmet(request, response, (err?: unknown) => {
    called = true;
    failure = err;
  });
  if (!called || failure) throw new Error('helmet did not finish its headers synchronously', { cause: failure });
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/** Every security header the site sends: helmet's and the Permissions-Policy. */
export function securityHeaders(
  frameOrigins: readonly string[],
  connectOrigins: readonly string[] = [],
  delivery: DeliveryOrigins = NO_DELIVERY,
): Record<string, string> {
  return {
    ...helmetHeaders(siteHelmet(frameOrigins, connectOrigins, delivery)),
    'permissions-policy': permissionsPolicy(frameOrigins),
  };
}

/**
 * The origin the page's error reports go to, for `connect-src`: that of an absolute
 * ERROR_REPORT_URL; none for a path on the site itself (already `'self'`) or when unset.
 */
export function reportOrigins(errorReportUrl: string | undefined): string[] {
  if (!errorReportUrl || errorReportUrl.startsWith('/')) return [];
  return [new URL(errorReportUrl).origin];
}

/** What `registerSecurityHeaders` lets the app change after start. */
export type SecurityHeadersControl = {
  /**
   * What the site settings add: the operator's other domains, which the speed test pings from the
   * page (`connect-src`), and the delivery settings' CDNs and analytics tag. The headers are worked
   * out again when any of it changes, and every later response carries them.
   */
  setSiteOrigins(origins: readonly string[], delivery?: DeliveryOrigins): void;
};

/**
 * Security headers on every response (helmet's set and a Permissions-Policy, as helmet has none).
 * They do not depend on the request, so they are worked out once, here (and again when the site's
 * domains change), and set as one object: running helmet's middleware on every request cost about
 * as much CPU again as a small JSON answer (bench/hooks.bench.ts,
 * BENCH_HOOKS=security-headers,static-security-headers); the @fastify/helmet plugin costs more
 * still (it re-parses the CSP each time). Registered before every route and hook so even refused
 * and unmatched requests carry the headers. The back office replaces the CSP and X-Frame-Options
 * on its own pages.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<AppConfig, 'frameOrigins' | 'errorReportUrl'>,
): SecurityHeadersControl {
  const reports = reportOrigins(config.errorReportUrl);
  let siteOrigins = JSON.stringify([[], [], [], false]);
  let headers = securityHeaders(config.frameOrigins ?? [], reports);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  return {
    setSiteOrigins(origins, delivery = NO_DELIVERY) {
      const unique = [...new Set(origins)].sort();
      const img = [...new Set(delivery.img)].sort();
      const frame = [...new Set(delivery.frame)].sort();
      const key = JSON.stringify([unique, img, frame, delivery.analytics]);
      if (key === siteOrigins) return;
      siteOrigins = key;
      headers = securityHeaders(config.frameOrigins ?? [], [...new Set([...reports, ...unique])], {
        img,
        frame,
        analytics: delivery.analytics,
        ancestors: frame.length > 0 ? unique : [],
      });
    },
  };
}
