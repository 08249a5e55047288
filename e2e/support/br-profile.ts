import crypto from 'node:crypto';
import { newCpf } from '../../apps/server/src/modules/identity/identity-fixtures';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './backoffice';
import { setLicenceBeforeStart } from './licence';
import { operatorLogin } from './operators';
import type { ExtraServer } from './servers';
import { acceptTerms, disableRegisterCaptcha, fieldLabel } from './setup';
import { expect, test, type APIRequestContext, type Locator, type Page } from './test';

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

/** The address and gender BR asks for at registration, as a registration body's fields (API registrations). */
export const BR_REGISTRATION_DETAILS = {
  addressStreet: 'Rua Augusta',
  addressNumber: '900',
  addressDistrict: 'Consolação',
  addressCity: 'São Paulo',
  addressState: 'SP',
  addressCep: '01304001',
  gender: 'female',
} as const;

/** The registration form's address and gender under BR, filled (the complement left out: it is optional). */
export async function fillRegistrationDetails(form: Locator): Promise<void> {
  await form.getByLabel(fieldLabel('Logradouro')).fill(BR_REGISTRATION_DETAILS.addressStreet);
  await form.getByLabel(fieldLabel('Número')).fill(BR_REGISTRATION_DETAILS.addressNumber);
  await form.getByLabel(fieldLabel('Bairro')).fill(BR_REGISTRATION_DETAILS.addressDistrict);
  await form.getByLabel(fieldLabel('Cidade')).fill(BR_REGISTRATION_DETAILS.addressCity);
  await form.getByLabel(fieldLabel('Estado (UF)')).selectOption('SP');
  await form.getByLabel(fieldLabel('CEP')).pressSequentially(BR_REGISTRATION_DETAILS.addressCep);
  await form.getByLabel(fieldLabel('Gênero')).selectOption({ label: 'Feminino' });
}

/** The newest code the dev outbox holds for an e-mail address. */
export async function readEmailCode(page: Page, baseURL: string, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${baseURL}/dev/outbox/email?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { value: { text: string }[] };
        code = /\b(\d{6})\b/.exec(body.value[0]?.text ?? '')?.[1] ?? null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

/**
 * The sign-up's contact step (an account registered by username under BR): an e-mail (`email`, else
 * a new one) linked with the code from the dev outbox; the identity step follows. The link makes it
 * the account's e-mail, so a test that registered with one passes it.
 */
export async function confirmSignUpContact(page: Page, email?: string): Promise<void> {
  await expect(page).toHaveURL(/\/welcome\/contact$/);
  const baseURL = new URL(page.url()).origin;
  const step = page.getByTestId('sign-up-contact');
  const address = email ?? `br${Date.now() % 1e8}${crypto.randomInt(10, 99)}@example.com`;
  await step.getByRole('textbox', { name: 'Endereço de e-mail' }).fill(address);
  await step.getByRole('button', { name: 'Obter código' }).click();
  await step.getByRole('textbox', { name: 'Código do e-mail' }).fill(await readEmailCode(page, baseURL, address));
  await step.getByRole('button', { name: 'Vincular e-mail' }).click();
  await expect(page).toHaveURL(/\/welcome\/identity$/);
}

/**
 * Under BR a registration leads to the sign-up steps, which are its welcome: the limits step opens,
 * with no "Cadastro concluído" dialog over it.
 */
export async function expectSignUpStepsFirst(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/welcome\/limits$/);
  await expect(page.getByTestId('sign-up-limits')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cadastro concluído' })).toHaveCount(0);
}

/** Register on /register with a CPF (a new one unless given), a date of birth, an address and a gender; it leads to the limits step. Returns the account name. */
export async function registerWithCpf(
  page: Page,
  baseURL: string,
  prefix: string,
  password: string,
  cpf: string = newCpf(),
): Promise<string> {
  const username = `${prefix}${Date.now() % 1e8}${crypto.randomInt(10, 99)}`;
  await page.goto(`${baseURL}/register`);
  const form = page.getByRole('region', { name: 'Criar conta' });
  await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await form.getByLabel(fieldLabel('Senha')).fill(password);
  await form.getByLabel(fieldLabel('Confirmar senha')).fill(password);
  await form.getByRole('textbox', { name: fieldLabel('CPF') }).pressSequentially(cpf);
  await form.getByLabel(fieldLabel('Data de nascimento')).fill('1991-08-23');
  await fillRegistrationDetails(form);
  await acceptTerms(form);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  await expectSignUpStepsFirst(page);
  return username;
}

/**
 * The sign-up's limits step: monthly deposit and loss limits (the loss limit as the deposit's) and
 * hours a day, saved; then the contact step (confirmSignUpContact, with the e-mail given unless a
 * new one), and the identity step follows.
 */
export async function setSignUpLimits(page: Page, deposit: string, hours: string, email?: string): Promise<void> {
  await expect(page).toHaveURL(/\/welcome\/limits$/);
  const step = page.getByTestId('sign-up-limits');
  await step.getByLabel('Período do limite de depósito').selectOption({ label: 'Depósitos por mês' });
  await step.getByLabel(fieldLabel('Limite de depósito')).fill(deposit);
  await step.getByLabel('Período do limite de perdas').selectOption({ label: 'Perda líquida por mês' });
  await step.getByLabel(fieldLabel('Limite de perdas')).fill(deposit);
  await step.getByLabel(fieldLabel('Tempo por dia')).fill(hours);
  await step.getByRole('button', { name: 'Salvar e continuar' }).click();
  await confirmSignUpContact(page, email);
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
