import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { createOperatorWithCli, operatorLogin } from './operators';
import { expectNoSeriousA11yViolations, startServer, type ExtraServer } from './servers';
import { saveScreenshot } from './screenshots';
import { openWithSessionToken } from './setup';
import { BACKOFFICE_OPERATORS as OPERATORS } from './prepared-templates.mjs';

/**
 * Back-office helpers for the browser suites: one operator per role made with the ops CLI
 * before the server starts, signed in through the API with the TOTP code an authenticator app
 * would show. A suite:
 *
 *   const server = await startBackofficeServer('players', EXTRA_PORTS.backofficePlayers, { roles: ['support', 'admin'] });
 *   await signInOperator(page, { baseURL: server.baseURL, role: 'support' });
 */
export type BackofficeRole = 'admin' | 'finance' | 'support' | 'marketing';

/** Made once per run in the prepared templates (prepared-templates.mjs), where a suite's server copies one. */
export const BACKOFFICE_OPERATORS: Readonly<Record<BackofficeRole, { username: string; password: string }>> = OPERATORS;

/** Create the operators of `roles` with the ops CLI (before the server starts on `dataDir`). */
export function createBackofficeOperators(dataDir: string, roles: readonly BackofficeRole[]): void {
  for (const role of roles) {
    const { username, password } = BACKOFFICE_OPERATORS[role];
    createOperatorWithCli(dataDir, username, role, password);
  }
}

/** A built server on its own port and data directory with one operator per role in `roles`. */
export function startBackofficeServer(
  name: string,
  port: number,
  {
    roles,
    env = {},
    configure,
  }: { roles: readonly BackofficeRole[]; env?: Record<string, string>; configure?: (dataDir: string) => void },
): Promise<ExtraServer> {
  return startServer(
    name,
    port,
    (dataDir) => {
      createBackofficeOperators(dataDir, roles);
      configure?.(dataDir);
    },
    env,
  );
}

/**
 * Sign in to the back office as the operator of `role` and wait for the signed-in shell, at `path`
 * under /backoffice/ (the landing page by default). The page takes the session this worker holds
 * for that operator (operatorLogin), as a second tab of a signed-in operator would, instead of
 * typing a new code into the form: the server takes each TOTP time-step once, so every third
 * sign-in in a period waited up to 30 s for the next one. The form itself, enrolment and codes are
 * the sign-in suites' subject (backoffice-auth, backoffice-operators). The first back-office page
 * loaded is the one the test wants: each load of the back office compiles its whole bundle again.
 */
export async function signInOperator(
  page: Page,
  { baseURL, role, path = '' }: { baseURL: string; role: BackofficeRole; path?: string },
): Promise<void> {
  const { username, password } = BACKOFFICE_OPERATORS[role];
  const token = await operatorLogin(page.request, baseURL, username, password);
  await openWithSessionToken(page, baseURL, { key: 'wps.backoffice.token', token }, `/backoffice/${path}`);
  await expect(page.getByRole('button', { name: /^(Sair|Sign out)$/ })).toBeVisible();
}

/** The operator token the signed-in page holds, for API calls made beside the browser. */
export async function pageOperatorToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('wps.backoffice.token'));
  if (!token) throw new Error('the page holds no operator token');
  return token;
}

/** A page in a fresh context at `width` px, in Portuguese (the back office's default language). */
export async function newBackofficePage(browser: Browser, width: number, height = 900): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width, height } });
  return context.newPage();
}

/**
 * An operator's page of its own at `width`, signed in as `role` at `path`. Opened in a file's
 * beforeAll hook, it is the operator's one tab for the file's tests (serial), which move between
 * screens by the sidebar (openFromSidebar) and resize it with setViewportSize: one load of the back
 * office for the file instead of a context, a sign-in and a load per test. The hook's context
 * outlives each test (e2e/support/test.ts closes only those a test opened); close it in afterAll.
 */
export async function operatorPage(
  browser: Browser,
  {
    baseURL,
    role,
    width,
    height = 900,
    path = '',
  }: { baseURL: string; role: BackofficeRole; width: number; height?: number; path?: string },
): Promise<Page> {
  const page = await newBackofficePage(browser, width, height);
  await signInOperator(page, { baseURL, role, path });
  return page;
}

/**
 * Open a screen from the sidebar, as an operator moves between screens: a route change in the open
 * back office, not a new load. Below the sidebar's width it sits behind the header's menu button.
 * A screen's lists refetch on the way in when a decision made them stale or they are older than the
 * back office's 30 seconds (lib/query-client.ts): data made through the API beside a screen read a
 * moment ago needs a fresh load instead.
 */
export async function openFromSidebar(page: Page, link: string, { exact = false } = {}): Promise<void> {
  // Under 900 px the sidebar is a drawer (apps/backoffice/src/styles/shell.css).
  if ((page.viewportSize()?.width ?? 1366) < 900) await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: link, exact }).click();
}

/** Axe finds nothing serious, nothing scrolls the page sideways, and a screenshot is kept under `shotsDir`. */
export async function checkBackofficePage(page: Page, name: string, shotsDir: string): Promise<void> {
  // While a list refetches (a new filter, a decision, its refresh) its rows are dimmed (aria-busy,
  // styles/data-table.css), which axe measures as low contrast: the page is checked once it rests.
  // A filter or a page size written to the URL renders a frame or two later (React Router navigates
  // in a transition), so the list has not started its refetch when the URL already reads right: the
  // page is given two frames to render before the check that nothing is loading.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator('table[aria-busy="true"]'), `${name}: a list still loading`).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, name);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page, `${name}: page width`).toBeLessThanOrEqual(widths.viewport);
  fs.mkdirSync(shotsDir, { recursive: true });
  await saveScreenshot(page, { path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** At desktop widths every column is in view: no table scrolls sideways inside its region. */
export async function expectTablesFit(page: Page, name: string): Promise<void> {
  const overflows = await page
    .locator('.table-scroll')
    .evaluateAll((regions) => regions.map((el) => el.scrollWidth - el.clientWidth));
  expect(overflows.length, `${name}: tables`).toBeGreaterThan(0);
  overflows.forEach((overflow, index) =>
    expect(overflow, `${name}: table ${index + 1} scrolls sideways`).toBeLessThanOrEqual(0),
  );
}
