import path from 'node:path';
import { expect, test, type Page, type Request } from './support/test';
import { ROOT, expectNoSeriousA11yViolations } from './support/servers';
import { saveScreenshot } from './support/screenshots';

/**
 * Web resilience: a route whose code cannot be loaded shows an error page with a retry inside
 * the site's frame (never a blank page), a chunk missing after a redeploy reloads the page once
 * and never in a loop, errors reach the operator's collector without tokens, and the lazily
 * loaded translations still switch language.
 */

const SHOTS = path.join(ROOT, 'test-results', 'resilience');

/** The in-house lobby's page chunk: loaded only when /inhouse is opened. */
const LOBBY_CHUNK = /\/assets\/inhouse-lobby-page-[\w-]+\.js$/;
const COLLECTOR = '/test-error-collector';

/** Count the page's document loads of a path (the first visit and any reload). */
function countDocumentLoads(page: Page, pathname: string): () => number {
  let loads = 0;
  page.on('request', (request: Request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname === pathname) loads += 1;
  });
  return () => loads;
}

/** Point the page's error reporting at a collector path this test answers, and keep what it receives. */
async function collectReports(page: Page): Promise<Array<Record<string, unknown>>> {
  const reports: Array<Record<string, unknown>> = [];
  await page.addInitScript((collector) => {
    document.addEventListener('DOMContentLoaded', () => {
      document.querySelector('meta[name="error-report-url"]')?.setAttribute('content', collector);
    });
  }, COLLECTOR);
  await page.route(`**${COLLECTOR}`, async (route) => {
    reports.push(JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>);
    await route.fulfill({ status: 204 });
  });
  return reports;
}

test('a route whose code does not load reloads once, then shows the error page, and retry recovers it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  const reports = await collectReports(page);
  // A player with a session: the reports must not carry its token.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Demo grátis' }).click();
  await expect(page.getByTestId('header-balance')).toBeVisible();
  const secrets = await page.evaluate(() =>
    Object.values({ ...window.sessionStorage, ...window.localStorage }).filter((value) => value.length >= 16),
  );
  expect(secrets.length).toBeGreaterThan(0);

  const loads = countDocumentLoads(page, '/inhouse');
  let chunkRequests = 0;
  await page.route(LOBBY_CHUNK, async (route) => {
    chunkRequests += 1;
    await route.abort('failed');
  });
  await page.goto('/inhouse');
  await expect(page.getByRole('heading', { level: 1, name: 'Algo deu errado nesta página' })).toBeVisible();
  // One reload for a possible redeploy, then no more: the page stays on the error page.
  expect(loads()).toBe(2);
  expect(chunkRequests).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('banner')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'route error 1366');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSeriousA11yViolations(page, 'route error 360');
  await saveScreenshot(page, { path: path.join(SHOTS, 'route-error-dark-360.png') });
  expect(loads()).toBe(2);

  // The chunk is back (the network recovered): retry renders the page without a reload.
  await page.unroute(LOBBY_CHUNK);
  await page.getByRole('button', { name: 'Tentar de novo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos da casa' })).toBeVisible();
  expect(loads()).toBe(2);

  // The failures reached the collector, each with its kind and path, and without the session token.
  await expect
    .poll(() => reports.map((report) => report.kind))
    .toEqual(expect.arrayContaining(['preload', 'boundary']));
  for (const report of reports) {
    expect(report.path).toBe('/inhouse');
    const body = JSON.stringify(report);
    for (const secret of secrets) expect(body).not.toContain(secret);
  }
});

test('a chunk missing once (a redeploy) reloads the page once and then shows the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const loads = countDocumentLoads(page, '/inhouse');
  // Missing until the page reloads (its modulepreload hint and its import both fail), there after.
  let chunkRequests = 0;
  await page.route(LOBBY_CHUNK, async (route) => {
    chunkRequests += 1;
    if (loads() === 0) await route.abort('failed');
    else await route.continue();
  });
  // Client-side navigation (the router follows history), as a player who opened the site before the deploy would.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/inhouse');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos da casa' })).toBeVisible();
  await expect(page).toHaveURL(/\/inhouse$/);
  // The reload is the only document load of /inhouse (the visit itself was client-side).
  expect(loads()).toBe(1);
  expect(chunkRequests).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { level: 1, name: 'Algo deu errado nesta página' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'after stale-chunk reload 360');
});

test('language switch loads the other language lazily: PT by default, EN strings after switching, on lazy pages too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  const localeFiles: string[] = [];
  page.on('response', (response) => {
    if (/\/assets\/(initial|inhouse|auth|errors)-[\w-]+\.js$/.test(response.url()))
      localeFiles.push(new URL(response.url()).pathname);
  });
  await page.goto('/inhouse');
  await expect(page.getByRole('heading', { level: 1, name: 'Jogos da casa' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
  const beforeSwitch = new Set(localeFiles).size;

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('EN');
  await expect(page.getByRole('heading', { level: 1, name: 'In-house games' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  // The EN files were fetched on the switch, not at start.
  expect(new Set(localeFiles).size).toBeGreaterThan(beforeSwitch);
  await expectNoSeriousA11yViolations(page, 'EN in-house lobby 1366');

  // A new visit starts in the stored language.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSeriousA11yViolations(page, 'EN 404 360');

  // Back to PT.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('PT');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
});
