import crypto from 'node:crypto';
import { newCpf } from '../../apps/server/src/modules/identity/identity-fixtures';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './backoffice';
import { setLicenceBeforeStart } from './licence';
import { operatorLogin } from './operators';
import type { ExtraServer } from './servers';
import { acceptTerms, disableRegisterCaptcha, fieldLabel } from './setup';
import { expect, test, type APIRequestContext, type Page } from './test';

/**
 * The BR licence's player journeys (docs/compliance.md): a server of their own with the BR
 * profile switched on by an admin, a registration with a CPF and a date of birth, the sign-up's
 * limits step and the sandbox identity provider's pages.
 */

/** A server with an admin, the captcha off and the test clock door, switched to the BR profile. */
async function startBrServer(
  name: string,
  port: number,
  request: APIRequestContext,
): Promise<{ server: ExtraServer; adminToken: string }> {
  const server = await startBackofficeServer(name, port, {
    roles: ['admin'],
    configure: (dataDir) => {
      disableRegisterCaptcha(dataDir);
      setLicenceBeforeStart(dataDir, 'BR');
    },
    env: { TEST_CLOCK_DOOR: '1' },
  });
  const { username, password } = BACKOFFICE_OPERATORS.admin;
  const adminToken = await operatorLogin(request, server.baseURL, username, password);
  return { server, adminToken };
}

/**
 * The describe block's BR server, started before its tests and stopped after them (the test clock
 * door put back first). Read `.server` inside the tests.
 */
export function useBrServer(name: string, port: number): { server: ExtraServer } {
  const holder = {} as { server: ExtraServer };
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext();
    holder.server = (await startBrServer(name, port, request)).server;
    await request.dispose();
  });
  test.afterAll(async ({ request }) => {
    if (!holder.server) return;
    await request.put(`${holder.server.baseURL}/dev/clock`, { data: { offsetMs: 0 } }).catch(() => undefined);
    await holder.server.stop();
  });
  return holder;
}

/** Register on /register with a new CPF and a date of birth; the success dialog closed. Returns the account name. */
export async function registerWithCpf(page: Page, baseURL: string, prefix: string, password: string): Promise<string> {
  const username = `${prefix}${Date.now() % 1e8}${crypto.randomInt(10, 99)}`;
  await page.goto(`${baseURL}/register`);
  const form = page.getByRole('region', { name: 'Criar conta' });
  await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await form.getByLabel(fieldLabel('Senha')).fill(password);
  await form.getByLabel(fieldLabel('Confirmar senha')).fill(password);
  await form.getByRole('textbox', { name: fieldLabel('CPF') }).pressSequentially(newCpf());
  await form.getByLabel(fieldLabel('Data de nascimento')).fill('1991-08-23');
  await acceptTerms(form);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await page
    .getByRole('dialog', { name: 'Cadastro concluído' })
    .getByRole('button', { name: 'Começar a jogar' })
    .click();
  return username;
}

/** The sign-up's limits step: monthly deposit and loss limits (the loss limit as the deposit's) and hours a day, saved. */
export async function setSignUpLimits(page: Page, deposit: string, hours: string): Promise<void> {
  await expect(page).toHaveURL(/\/welcome\/limits$/);
  const step = page.getByTestId('sign-up-limits');
  await step.getByLabel('Período do limite de depósito').selectOption({ label: 'Depósitos por mês' });
  await step.getByLabel(fieldLabel('Limite de depósito')).fill(deposit);
  await step.getByLabel('Período do limite de perdas').selectOption({ label: 'Perda líquida por mês' });
  await step.getByLabel(fieldLabel('Limite de perdas')).fill(deposit);
  await step.getByLabel(fieldLabel('Tempo por dia')).fill(hours);
  await step.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/\/welcome\/identity$/);
}

/**
 * The sandbox provider's first check: document, selfie, liveness, then the tester's outcome. The
 * document is the player's own (it reads the CPF and date of birth the site sent) unless `holder`
 * names another choice of its page, e.g. "Someone else's: another CPF", which the site refuses.
 */
export async function doSandboxIdentityCheck(page: Page, name: string, holder?: string): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-kyc\/check\/kyc_[a-f0-9]{24}$/);
  // The site sent the registered CPF (masked on the page) and date of birth with the check.
  await expect(page.getByTestId('kyc-sandbox-subject')).toContainText('CPF ***.');
  await page.getByLabel('Full name as printed on the document').fill(name);
  if (holder) await page.getByLabel(holder).check();
  await page.getByRole('button', { name: 'Capture the document (simulated)' }).click();
  await page.getByRole('button', { name: 'Take the selfie (simulated)' }).click();
  await page.getByRole('button', { name: 'Blink and turn your head (simulated)' }).click();
  await page.getByRole('button', { name: 'Pass' }).click();
  await expect(page).not.toHaveURL(/sandbox-kyc/);
}
