import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { encryptPayload } from '../../packages/shared/src/payload-crypto';
import { runOps } from './servers';
import { NO_CAPTCHA_STEP } from './prepared-templates.mjs';

/**
 * Setup steps the browser suites share: operator configuration through the ops CLI, form labels,
 * and calls to the API as the test's player or operator.
 */

/** A time-based username with the suite's prefix, so suites can tell their players apart. */
export function newUsername(prefix: string): string {
  return `${prefix}${Date.now() % 1e9}${crypto.randomInt(10, 99)}`;
}

/**
 * A new player registered by username through the API, encrypted as the site sends it (the
 * server's registration captcha must be off): the session token and the username. Registration
 * through the form has its own tests (auth, br-journey, compliance-identity, responsible-gaming);
 * with `affiliateCode`, under that code's agent, as the form's field sends it.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  baseURL: string,
  { prefix, password, affiliateCode }: { prefix: string; password: string; affiliateCode?: string },
): Promise<{ username: string; token: string }> {
  const username = newUsername(prefix);
  const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(
    { request, baseURL, token: '' },
    'GET',
    '/wps/session/key/rsa',
  );
  const data = await encryptPayload(key.jwk, key.keyId, {
    username,
    password,
    confirmPassword: password,
    agree: true,
    ...(affiliateCode ? { affiliateCode } : {}),
  });
  const response = await request.put(`${baseURL}/wps/member/register`, { data });
  const body = (await response.json()) as { success: boolean; value: { token: string } };
  expect(body.success, `register ${username}: ${JSON.stringify(body)}`).toBe(true);
  return { username, token: body.value.token };
}

/**
 * Open the site on `page` signed in with `token`, as a login leaves it (the token in the tab's
 * session storage), at `path` (the home by default), and wait for the header's balance. A test
 * that goes elsewhere next passes that page as `path`: the home costs about a second of a core to
 * render, spent for nothing.
 */
export async function openSignedIn(page: Page, baseURL: string, token: string, path = '/'): Promise<void> {
  await openWithSessionToken(page, baseURL, { key: 'token', token }, path);
  await expect(page.getByTestId('header-balance')).toBeVisible({ timeout: 30_000 });
}

/**
 * Open `path` of the site with `token` under `key` in the tab's session storage, where the site and
 * the back office keep their sessions. Session storage belongs to the tab and the origin, so the
 * token is set on the status call's page first: same origin, no script of the apps to load.
 */
export async function openWithSessionToken(
  page: Page,
  baseURL: string,
  { key, token }: { key: string; token: string },
  path: string,
): Promise<void> {
  await page.goto(`${baseURL}/wps/system/status`);
  await page.evaluate(([k, t]) => window.sessionStorage.setItem(k, t), [key, token] as const);
  await page.goto(new URL(path, baseURL).toString());
}

/**
 * A new player, signed in on `page` at the site's home (or at `path`) with an empty balance. The
 * username is `prefix` and a time-based number. Registered through the API and handed to the page
 * as a login leaves it, since registration is not what these suites test; with `query` (the
 * address's query as a link brings it, `referralCode=…`), the link is what the suite tests, so the
 * player registers on the site's /register page through that link as a visitor would (the welcome
 * dialog closed). A test that needs only the player's token, not a page, calls registerThroughApi.
 */
export async function signedInNewPlayer(
  page: Page,
  baseURL: string,
  { prefix, password, query, path }: { prefix: string; password: string; query?: string; path?: string },
): Promise<{ username: string; token: string }> {
  if (!query) {
    const player = await registerThroughApi(page.request, baseURL, { prefix, password });
    await openSignedIn(page, baseURL, player.token, path);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*0,00/);
    return player;
  }
  const username = newUsername(prefix);
  await page.goto(`${baseURL}/register?${query}`);
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
  runOps(dataDir, NO_CAPTCHA_STEP.args);
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
