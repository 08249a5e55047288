import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../http/app-error';
import { STATIC_FILES_ROUTE } from '../metrics/http';

/**
 * Load shedding (docs/operations.md, "Load shedding"; docs/decisions.md, "Load shedding"): an
 * overloaded instance refuses new requests at once with 503 `SERVER_OVERLOADED` and `Retry-After`,
 * before any hook, body parsing or handler has run, so nothing is half-written, instead of taking
 * every request and letting all of them wait past their clients' timeouts.
 *
 * Two signals:
 * - the process (@fastify/under-pressure, sampled every `sampleIntervalMs`): the event loop's mean
 *   delay, its utilisation over the last interval, heap used, RSS;
 * - requests in flight: admitted and not yet answered. The process signals lag by a sample and do
 *   not see requests that wait without using the CPU (for a database connection, say); the count
 *   sees the queue itself, at once.
 */
export type LoadSheddingSettings = {
  /** SHED_MAX_EVENT_LOOP_DELAY_MS: the event loop's mean delay over a sample; 0 = not checked. */
  maxEventLoopDelayMs: number;
  /** SHED_MAX_EVENT_LOOP_UTILIZATION: the loop's busy share over a sample, 0–1; 0 = not checked. */
  maxEventLoopUtilization: number;
  /** SHED_MAX_HEAP_MB, in bytes; 0 = not checked. */
  maxHeapUsedBytes: number;
  /** SHED_MAX_RSS_MB, in bytes; 0 = not checked. */
  maxRssBytes: number;
  /** SHED_MAX_IN_FLIGHT: requests admitted and not yet answered; 0 = no bound. */
  maxInFlight: number;
  /** SHED_RETRY_AFTER_SECONDS: the `Retry-After` of a refusal. */
  retryAfterSeconds: number;
  /** How often the process signals are sampled (under-pressure's default 1 s); tests shorten it. */
  sampleIntervalMs?: number;
};

/** The same thing, off: what an app built without settings gets. */
export const NO_LOAD_SHEDDING: LoadSheddingSettings = {
  maxEventLoopDelayMs: 0,
  maxEventLoopUtilization: 0,
  maxHeapUsedBytes: 0,
  maxRssBytes: 0,
  maxInFlight: 0,
  retryAfterSeconds: 2,
};

/** What was over its bound: the metric's `reason` label and the log line's. */
export type ShedReason = 'eventLoopDelay' | 'eventLoopUtilization' | 'heapUsedBytes' | 'rssBytes' | 'inFlight';

/**
 * Routes never refused (declared paths, as the router matched them) and not counted in flight:
 * - the probes and `/metrics`: a balancer or Prometheus that cannot reach an overloaded instance
 *   sees it as dead, not as busy, and restarts it, which loses every request it holds;
 * - the seamless settlement callbacks (win, rollback, end-round): they settle stakes already taken,
 *   so their number is bounded by the bets accepted before, and a refused win is money the player
 *   is owed that would then wait on the vendor's retry schedule (docs/decisions.md, "Load
 *   shedding"). Bets, balance and authenticate are shed: nothing is stored, the vendor's retry
 *   with the same transactionId is answered once, and its rollback of an unknown bet leaves a
 *   tombstone (docs/vendor-api.md, section 6).
 */
export const NEVER_SHED_ROUTES: ReadonlySet<string> = new Set([
  '/healthz',
  '/readyz',
  '/metrics',
  '/vendor/:vassalage/win',
  '/vendor/:vassalage/rollback',
  '/vendor/:vassalage/end-round',
]);

/**
 * Long-lived streams: refused under process pressure like any request, but not counted in flight
 * (each holds its request for as long as the page is open; their own caps bound them:
 * LOTTERY_LIVE_MAX_STREAMS).
 */
export const LONG_LIVED_ROUTES: ReadonlySet<string> = new Set(['/lgw/live', '/wps/inhouse/crash/live']);

/** At most one warning a window per instance: an overload must not also flood the logs. */
const LOG_WINDOW_MS = 10_000;

function neverShed(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  // Built files are read from the build with no database work; a page whose script chunk was
  // refused would be broken, where a refused API call is an error the page shows.
  return (
    (route !== undefined && NEVER_SHED_ROUTES.has(route)) ||
    request.routeOptions.config.metricsRoute === STATIC_FILES_ROUTE
  );
}

/** The warning, once a window, with how many were refused since the last one and why. */
function shedLog(log: FastifyBaseLogger, now: () => number) {
  let windowStart = -Infinity;
  let refused: Partial<Record<ShedReason, number>> = {};
  return (reason: ShedReason, detail: Record<string, number>) => {
    refused[reason] = (refused[reason] ?? 0) + 1;
    const at = now();
    if (at - windowStart < LOG_WINDOW_MS) return;
    log.warn({ reason, ...detail, refusedSinceLastWarning: refused }, 'overloaded: refusing requests (load shedding)');
    windowStart = at;
    refused = {};
  };
}

export type LoadShedding = {
  /** Requests admitted and not yet answered (the ones the bound counts). */
  inFlight(): number;
};

/**
 * Register the shedding hooks on the root instance, before every other hook that does work
 * (auth, the access gate, payload decryption). With every bound off nothing is registered.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  settings: LoadSheddingSettings,
  report: { shed: (reason: ShedReason) => void; now?: () => number },
): Promise<LoadShedding> {
  const warn = shedLog(app.log, report.now ?? Date.now);
  const refuse = (reason: ShedReason, detail: Record<string, number>) => {
    report.shed(reason);
    warn(reason, detail);
    return new AppError(ErrorCode.SERVER_OVERLOADED, 'The server is overloaded; try again shortly', {
      retryAfterSeconds: settings.retryAfterSeconds,
    });
  };

  const processBounds =
    settings.maxEventLoopDelayMs > 0 ||
    settings.maxEventLoopUtilization > 0 ||
    settings.maxHeapUsedBytes > 0 ||
    settings.maxRssBytes > 0;
  if (processBounds) {
    await app.register(underPressure, {
      maxEventLoopDelay: settings.maxEventLoopDelayMs,
      maxEventLoopUtilization: settings.maxEventLoopUtilization,
      // The busy share of the last sample, not since the process started (the plugin's default).
      eventLoopUtilizationMode: 'interval',
      maxHeapUsedBytes: settings.maxHeapUsedBytes,
      maxRssBytes: settings.maxRssBytes,
      ...(settings.sampleIntervalMs ? { sampleInterval: settings.sampleIntervalMs } : {}),
      // Called only while a bound is passed. Undefined lets the request through; a rejection
      // becomes the envelope through the error handler (plugins/errors.ts), with Retry-After.
      pressureHandler: (request, _reply, type, value) => {
        if (neverShed(request)) return undefined;
        return Promise.reject(refuse(type as ShedReason, { value: Number(value ?? 0) }));
      },
    });
  }

  let inFlight = 0;
  if (settings.maxInFlight > 0) {
    app.addHook('onRequest', (request, reply, done) => {
      const route = request.routeOptions.url;
      if (neverShed(request) || (route !== undefined && LONG_LIVED_ROUTES.has(route))) return done();
      if (inFlight >= settings.maxInFlight)
        return done(refuse('inFlight', { inFlight, maxInFlight: settings.maxInFlight }));
      inFlight += 1;
      // 'close' comes once, when the answer is written or the client went away, whichever is first.
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
      done();
    });
  }
  return { inFlight: () => inFlight };
}
