import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { EXTRA_PORTS, startServer } from './support/servers';

/**
 * ERROR_REPORT_URL at run time: a server started with it writes the collector into the page it
 * serves and lets the page reach it (CSP connect-src), so an error a page throws while rendering
 * is POSTed to the operator's collector, here a plain HTTP server on another origin.
 */

/** The in-house lobby's page chunk: loaded only when /inhouse is opened. */
const LOBBY_CHUNK = /\/assets\/inhouse-lobby-page-[\w-]+\.js$/;

type Received = { contentType: string | undefined; report: Record<string, unknown> };

/** A collector on its own port that keeps every JSON body POSTed to /collect. */
async function startCollector(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/collect') {
        received.push({
          contentType: request.headers['content-type'],
          report: JSON.parse(body) as Record<string, unknown>,
        });
      }
      response.writeHead(204);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/collect`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a page that fails while rendering POSTs its report to the ERROR_REPORT_URL the server was started with', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const collector = await startCollector();
  const server = await startServer('error-report', EXTRA_PORTS.errorReport, () => undefined, {
    ERROR_REPORT_URL: collector.url,
  });
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  try {
    await page.goto(`${server.baseURL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator('meta[name="error-report-url"]').getAttribute('content')).toBe(collector.url);

    // The lobby's code never arrives: the lazy page throws as it renders, its boundary reports it.
    await page.route(LOBBY_CHUNK, (route) => route.abort('failed'));
    await page.goto(`${server.baseURL}/inhouse`);
    await expect(page.getByRole('heading', { level: 1, name: 'Algo deu errado nesta página' })).toBeVisible();

    await expect.poll(() => collector.received.map(({ report }) => report.kind)).toContain('boundary');
    const boundary = collector.received.find(({ report }) => report.kind === 'boundary') as Received;
    expect(boundary.contentType).toMatch(/^text\/plain/);
    expect(boundary.report).toMatchObject({ kind: 'boundary', path: '/inhouse' });
    expect(String(boundary.report.componentStack)).not.toBe('');
    expect(blocked).toEqual([]);
  } finally {
    // The page first: its open connections (the live events stream) would hold the server's
    // graceful shutdown until the stop's 30 s ceiling.
    await page.close();
    await server.stop();
    await collector.close();
  }
});
