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
  return [...DENIED_FEATURES.map((feature) => `${feature}=()`), `autoplay=(${allowlist})`, `fullscreen=(${allowlist})`].join(', ');
}

/**
 * Security headers on every response, from helmet (see docs/decisions.md "Security headers"):
 * - the CSP: everything from our origin, game iframes also from the vendors' origins;
 * - HSTS (one year, subdomains), X-Frame-Options SAMEORIGIN, nosniff, the referrer policy;
 * - COOP `same-origin` (our pages open no cross-origin window that needs `window.opener`) and
 *   CORP `same-origin` (no other origin loads our resources: the vendor's game page is framed,
 *   not fed from here). COEP stays off: it would require every framed vendor page to opt in;
 * - a Permissions-Policy set here, as helmet has none.
 * helmet's middleware is built once, here. The @fastify/helmet plugin builds it again on every
 * request (it re-parses the CSP each time); in bench:callbacks that was the largest new cost on
 * the server's CPU profile. Registered before every route and hook so even refused and unmatched
 * requests carry the headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<AppConfig, 'frameOrigins'>): void {
  const frameOrigins = config.frameOrigins ?? [];
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", ...frameOrigins],
        'frame-ancestors': ["'self'"],
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
  const permissions = permissionsPolicy(frameOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('permissions-policy', permissions);
    applyHelmet(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
