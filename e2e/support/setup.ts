import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { runOps } from './servers';

/**
 * Setup steps the browser suites share: operator configuration through the ops CLI, form labels,
 * and calls to the API as the test's player or operator.
 */

/**
 * A new player, registered by username on the site's /register page as a visitor would, and left
 * signed in on `page` (the welcome dialog closed, the header showing an empty balance). The
 * username is `prefix` and a time-based number, so suites can tell their players apart. `query`
 * is the address's query, as a link brings it (`referralCode=…`).
 */
export async function registerThroughSite(
  page: Page,
  baseURL: string,
  { prefix, password, query }: { prefix: string; password: string; query?: string },
): Promise<{ username: string; token: string }> {
  const username = `${prefix}${Date.now() % 1e9}${crypto.randomInt(10, 99)}`;
  await page.goto(`${baseURL}/register${query ? `?${query}` : ''}`);
  const form = page.getByRole('region', { name: 'Criar conta' });
  await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await form.getByLabel(fieldLabel('Senha')).fill(password);
  await form.getByLabel(fieldLabel('Confirmar senha')).fill(password);
  await acceptTerms(form);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await page
    .getByRole('dialog', { name: 'Cadastro concluído' })
    .getByRole('button', { name: 'Começar a jogar' })
    .click();
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*0,00/);
  const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
  expect(token, 'the session token after registering').toBeTruthy();
  return { username, token: token! };
}

/**
 * Tick the registration form's consent (age, terms, privacy): it starts unticked unless the
 * operator pre-ticks it, so every registration through the site ticks it as a player would.
 */
export async function acceptTerms(form: Locator): Promise<void> {
  const consent = form.getByRole('checkbox', { name: /aceito os Termos e Condições/ });
  await expect(consent).not.toBeChecked();
  await consent.check();
}

/** A field's label, with or without the required star in front of it. */
export function fieldLabel(text: string): RegExp {
  return new RegExp(`^\\*?${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Registration without the image captcha (a browser test cannot read it); the rest as the demo operator has it. */
export function disableRegisterCaptcha(dataDir: string): void {
  runOps(dataDir, ['config:patch', 'register', JSON.stringify({ showCaptcha: false })]);
}

/** Create a finance operator with the ops CLI, as an operator would for the first back-office user. */
export function createFinanceOperator(dataDir: string, username: string, password: string): void {
  process.env.OPS_PASSWORD = password;
  try {
    runOps(dataDir, ['operator:create', username, 'finance']);
  } finally {
    delete process.env.OPS_PASSWORD;
  }
}

/** Where API calls go, and the player token they carry unless another is given. */
export type Api = { request: APIRequestContext; baseURL: string; token: string };

/** Call the API and expect success; returns the envelope's value. */
export async function callApi<T>(
  a: Api,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
  token = a.token,
): Promise<T> {
  const response = await a.request.fetch(`${a.baseURL}${url}`, {
    method,
    headers: { authorization: token },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}
