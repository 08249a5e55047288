import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { nextTotpCode } from '../../apps/server/test/totp-codes';
import { createOperatorWithCli, knownTotpSecret, operatorLogin } from './operators';
import { expectNoSeriousA11yViolations, startServer, type ExtraServer } from './servers';

/**
 * Back-office helpers for the browser suites: one operator per role made with the ops CLI
 * before the server starts, and sign-in through the real form (password, then the TOTP code an
 * authenticator app would show). A suite:
 *
 *   const server = await startBackofficeServer('players', EXTRA_PORTS.backofficePlayers, { roles: ['support', 'admin'] });
 *   await signInOperator(page, { baseURL: server.baseURL, role: 'support' });
 */
export type BackofficeRole = 'admin' | 'finance' | 'support' | 'marketing';

export const BACKOFFICE_OPERATORS: Readonly<Record<BackofficeRole, { username: string; password: string }>> = {
  admin: { username: 'bo.admin', password: 'bo-admin-e2e-pass-2026' },
  finance: { username: 'bo.finance', password: 'bo-finance-e2e-pass-2026' },
  support: { username: 'bo.support', password: 'bo-support-e2e-pass-2026' },
  marketing: { username: 'bo.marketing', password: 'bo-marketing-e2e-pass-2026' },
};

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
  { roles, env = {}, configure }: { roles: readonly BackofficeRole[]; env?: Record<string, string>; configure?: (dataDir: string) => void },
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
 * Sign in to the back office as the operator of `role` through the sign-in form and wait for the
 * signed-in shell. The first call per server enrols the operator's authenticator through the API
 * (the enrolment screen has its own suite), so every later sign-in types a fresh code.
 */
export async function signInOperator(page: Page, { baseURL, role }: { baseURL: string; role: BackofficeRole }): Promise<void> {
  const { username, password } = BACKOFFICE_OPERATORS[role];
  if (!knownTotpSecret(baseURL, username)) await operatorLogin(page.request, baseURL, username, password);
  const secret = knownTotpSecret(baseURL, username);
  if (!secret) throw new Error(`${username}: no TOTP secret after enrolment`);
  await page.goto(`${baseURL}/backoffice/sign-in`);
  // The form's labels in either language (PT is the default).
  await page.getByLabel(/^(Usuário|Username)$/).fill(username);
  await page.getByLabel(/^(Senha|Password)$/).fill(password);
  await page.getByLabel(/^(Código de autenticação|Authentication code)$/).fill(await nextTotpCode(secret));
  await page.getByRole('button', { name: /^(Entrar|Sign in)$/ }).click();
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

/** Axe finds nothing serious, nothing scrolls the page sideways, and a screenshot is kept under `shotsDir`. */
export async function checkBackofficePage(page: Page, name: string, shotsDir: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${name}: page width`).toBeLessThanOrEqual(widths.viewport);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** At desktop widths every column is in view: no table scrolls sideways inside its region. */
export async function expectTablesFit(page: Page, name: string): Promise<void> {
  const overflows = await page.locator('.table-scroll').evaluateAll((regions) => regions.map((el) => el.scrollWidth - el.clientWidth));
  expect(overflows.length, `${name}: tables`).toBeGreaterThan(0);
  overflows.forEach((overflow, index) => expect(overflow, `${name}: table ${index + 1} scrolls sideways`).toBeLessThanOrEqual(0));
}
