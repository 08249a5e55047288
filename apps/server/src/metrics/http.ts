import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Metrics } from './metrics';
import { failureEnvelopeSchema, nonJson } from '../openapi/responses';

/** Requests that matched no route share one label, so a scanner cannot grow the label set. */
const UNMATCHED = 'unmatched';

/** The one label of every built file's route (serve-web.ts declares one route per file, about 200). */
export const STATIC_FILES_ROUTE = 'static';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route label of the latency metric when it is not the declared path (built files: STATIC_FILES_ROUTE). */
    metricsRoute?: string;
  }
}

/**
 * Time every answered request by the route the router matched (`routeOptions.url`, the path as
 * declared: `/vendor/:vendor/bet`, never `/vendor/acme/bet?x=…`), method and status class.
 * Built files share one label (`metricsRoute`, set by registerBuiltFiles). `reply.elapsedTime` runs
 * from the moment Fastify received the request.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? UNMATCHED;
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** Compare without leaking the token's length or where it differs: both sides are hashed to the same size first. */
export function tokenMatches(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * `/metrics` on the main port, for deployments without a separate internal port: only with
 * `Authorization: Bearer <token>`. Without a token configured the route does not exist (404).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get(
    '/metrics',
    {
      schema: {
        response: { 200: nonJson(['text/plain'], 'Prometheus text exposition format'), 401: failureEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!given || !tokenMatches(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ success: false, errorCode: ErrorCode.UNAUTHORIZED, message: 'A metrics token is required' });
      }
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.registry.contentType)
        .send(await metrics.registry.metrics());
    },
  );
}

/**
 * The internal metrics listener (METRICS_PORT): `GET /metrics` and nothing else, no token. Kept
 * off the public port so a firewall rule, not a secret, decides who scrapes.
 */
export async function startMetricsListener(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) =>
        res
          .writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : body),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
