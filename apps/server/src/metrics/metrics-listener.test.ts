import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsListener } from './http';
import { createMetrics, type Metrics } from './metrics';

// The internal metrics port (METRICS_PORT) in process: `GET /metrics` (and HEAD) answers the
// registry's text, anything else is 404, and a registry that fails to collect answers 500 rather
// than leaving the scraper hanging. test/metrics.test.ts covers the same port on a spawned server.

async function request(port: number, method: string, path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

describe('the internal metrics listener', () => {
  let metrics: Metrics;
  let listener: { port: number; close: () => Promise<void> };

  beforeAll(async () => {
    metrics = createMetrics();
    // Port 0: the system picks a free port, which the listener reports.
    listener = await startMetricsListener(metrics, 0, '127.0.0.1');
  });
  afterAll(async () => {
    await listener?.close();
  });

  it('reports the port it got and serves the registry on GET /metrics, with or without a query', async () => {
    expect(listener.port).toBeGreaterThan(0);
    for (const path of ['/metrics', '/metrics?x=1']) {
      const res = await request(listener.port, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.type).toBe(metrics.registry.contentType);
      expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    }
    const head = await request(listener.port, 'HEAD', '/metrics');
    expect(head).toMatchObject({ status: 200, body: '' });
  });

  it('answers 404 to other paths and methods', async () => {
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/metrics/extra'],
      ['POST', '/metrics'],
      ['DELETE', '/metrics'],
    ] as const) {
      const res = await request(listener.port, method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toBe('not found\n');
    }
  });

  it('answers 500 when the registry cannot collect', async () => {
    const failing = createMetrics();
    failing.registry.metrics = () => Promise.reject(new Error('collector failed'));
    const other = await startMetricsListener(failing, 0, '127.0.0.1');
    try {
      const res = await request(other.port, 'GET', '/metrics');
      expect(res).toMatchObject({ status: 500, body: 'metrics unavailable\n' });
    } finally {
      await other.close();
    }
  });

  it('refuses to start on a port already taken', async () => {
    await expect(startMetricsListener(createMetrics(), listener.port, '127.0.0.1')).rejects.toMatchObject({
      code: 'EADDRINUSE',
    });
  });
});
