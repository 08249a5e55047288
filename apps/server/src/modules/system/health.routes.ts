import type { FastifyInstance, FastifyReply } from 'fastify';
import { livenessSchema, readinessSchema } from '@wps/shared/schemas/system';
import type { HealthService } from './health.service';

/** Paths of the probes; the SPA fallback and the access gate leave them alone. */
export const PROBE_PATHS = ['/healthz', '/readyz'] as const;

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

/**
 * Load-balancer probes. Neither sits under a gated prefix, so maintenance, the region block and
 * the `Merchant` header never change their answer (plugins/access-gate.ts). They answer plain
 * JSON, not the API envelope, and carry no configuration or error text.
 * - /healthz: the process is alive and its event loop turns: always 200.
 * - /readyz: ready for traffic (database, migrations, change feed): 200, or 503 with each reason;
 *   with a read replica, also where the routed reads go and its lag (never a reason for 503).
 */
export function registerHealthRoutes(app: FastifyInstance, health: HealthService): void {
  app.get('/healthz', { schema: { response: { 200: livenessSchema } } }, async (_request, reply) =>
    noStore(reply).send({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const { ready, checks, readReplica } = await health.readiness();
      return noStore(reply)
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not ready', checks, ...(readReplica ? { readReplica } : {}) });
    },
  );
}
