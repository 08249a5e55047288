import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { encryptPayload } from '../packages/shared/src/payload-crypto';
import { newCpf } from '../apps/server/src/modules/identity/identity-fixtures';
import { BR_REGISTRATION_DETAILS } from './support/br-profile';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  expectTablesFit,
  newBackofficePage,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { operatorLogin } from './support/operators';
import { setLicenceBeforeStart } from './support/licence';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { type Api, callApi, disableRegisterCaptcha, fieldLabel } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * PIX under the BR profile (docs/compliance.md, "PIX"), on a server of its own switched to BR:
 * - a PIX deposit shows its QR code and "copia e cola" code; paid on the sandbox gateway's page
 *   from the player's own CPF, it is credited;
 * - one paid from another CPF is returned: the balance does not move and the deposit list says
 *   why (payer's CPF masked, money sent back);
 * - the player's own CPF key, listed in the sandbox PIX directory, is bound in the security
 *   centre (whose payee name comes from the identity check, with no form to type it), and a
 *   withdrawal goes to it, its steps and times shown.
 * - the back office's Payments page under BR marks the channel players do not see (Sandbox Pay, of
 *   kind "other") and the kinds the licence refuses; a finance operator makes it a PIX channel and
 *   players get it again (1366 and 360 px).
 * Every screen axe-clean at 1366 and 360 px. The player's registration, limits, identity check
 * and payment password are set up through the API (their own suites test those screens).
 */

const SHOTS = path.join(ROOT, 'test-results', 'pix-payments');
const PASSWORD = 'PixLumen2026';
const PAYMENT_PASSWORD = '739184';
const NAME = 'Beatriz Costa Amaral';

let server: ExtraServer;
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

async function encrypted(a: Api, body: unknown): Promise<unknown> {
  const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(a, 'GET', '/wps/session/key/rsa');
  return encryptPayload(key.jwk, key.keyId, body);
}

/** A BR player made through the API: CPF, birth date, address and gender, the licence's limits, a confirmed e-mail, a passed identity check, a payment password. */
async function brPlayer(request: APIRequestContext): Promise<{ username: string; cpf: string; api: Api }> {
  const cpf = newCpf();
  const username = `pix${Date.now() % 1e8}${crypto.randomInt(10, 99)}`;
  const anonymous: Api = { request, baseURL: server.baseURL, token: '' };
  const login = await callApi<{ token: string }>(
    anonymous,
    'PUT',
    '/wps/member/register',
    await encrypted(anonymous, {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
      cpf,
      birthDate: '1992-06-18',
      ...BR_REGISTRATION_DETAILS,
    }),
  );
  const api: Api = { ...anonymous, token: login.token };
  await callApi(api, 'PUT', '/wps/responsible-gaming/limits', { limits: [{ kind: 'deposit_month', value: '1000' }] });
  await callApi(api, 'PUT', '/wps/responsible-gaming/limits', { limits: [{ kind: 'loss_month', value: '1000' }] });
  await callApi(api, 'PUT', '/wps/responsible-gaming/limits', { limits: [{ kind: 'daily_time', value: '600' }] });
  // The contact BR asks an account registered by username to confirm: an e-mail, with the code from the dev outbox.
  const email = `${username}@example.com`;
  await callApi(api, 'POST', '/wps/verification/email/bind', { email });
  let code: string | null = null;
  await expect
    .poll(async () => {
      const res = await request.get(`${server.baseURL}/dev/outbox/email?to=${encodeURIComponent(email)}`);
      code =
        /\b(\d{6})\b/.exec(((await res.json()) as { value: { text: string }[] }).value[0]?.text ?? '')?.[1] ?? null;
      return code;
    })
    .not.toBeNull();
  await callApi(api, 'POST', '/wps/member/email', { email, verificationCode: code });
  const check = await callApi<{ url: string }>(api, 'POST', '/wps/kyc/checks', { returnUrl: '/' });
  const steps: Record<string, string>[] = [
    { step: 'document', documentName: NAME },
    { step: 'selfie' },
    { step: 'liveness' },
    { step: 'outcome', outcome: 'passed' },
  ];
  for (const form of steps) {
    const res = await request.post(`${server.baseURL}${check.url}`, { form, maxRedirects: 0 });
    expect(res.status(), `sandbox identity step ${form.step}`).toBe(303);
  }
  await callApi(
    api,
    'PUT',
    '/wps/member/payment-password',
    await encrypted(api, { newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD }),
  );
  return { username, cpf, api };
}

type PlayerChannel = { id: string; name: string; method: string };

/** A player registered under BR through the API (CPF and birth date); only their token is needed. */
async function brRegistered(request: APIRequestContext): Promise<Api> {
  const anonymous: Api = { request, baseURL: server.baseURL, token: '' };
  const login = await callApi<{ token: string }>(
    anonymous,
    'PUT',
    '/wps/member/register',
    await encrypted(anonymous, {
      username: `pixch${Date.now() % 1e8}${crypto.randomInt(10, 99)}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: true,
      cpf: newCpf(),
      birthDate: '1990-03-02',
      ...BR_REGISTRATION_DETAILS,
    }),
  );
  return { ...anonymous, token: login.token };
}

/** The deposit channels table of the back office's Payments page, and a channel's row and kind cell. */
function channelsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Canais de depósito' });
}
function rowOf(page: Page, name: string): Locator {
  return channelsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}
function methodCell(page: Page, name: string): Locator {
  return rowOf(page, name).locator(':scope > *').nth(1);
}

async function auditEntries(
  request: APIRequestContext,
  query: string,
): Promise<{ reason: string | null; before: unknown; after: unknown }[]> {
  const { username, password } = BACKOFFICE_OPERATORS.admin;
  const token = await operatorLogin(request, server.baseURL, username, password);
  const page = await callApi<{ list: { reason: string | null; before: unknown; after: unknown }[] }>(
    { request, baseURL: server.baseURL, token: `Bearer ${token}` },
    'GET',
    `/ops/audit?${query}&sort=at&order=asc`,
  );
  return page.list;
}

const checkPage = (page: Page, name: string): Promise<void> => checkBackofficePage(page, name, SHOTS);

async function logIn(page: Page, username: string, balance = '0,00'): Promise<void> {
  await page.goto(server.baseURL);
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`R\\$\\s*${balance}`));
}

/** Open the deposit page and ask for a PIX charge of `amount`; returns the panel showing it. */
async function pixCharge(page: Page, amount: string): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Depósito', level: 2 })).toBeVisible();
  // Under BR only PIX and bank transfers are offered.
  await expect(panel.getByRole('tablist', { name: 'Canais de depósito' }).getByRole('tab')).toHaveText([
    'PIX',
    'Transferência bancária',
  ]);
  await panel.getByRole('tab', { name: 'PIX' }).click();
  await panel.getByLabel(fieldLabel('Valor')).fill(amount);
  await panel.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  const charge = panel.getByTestId('pix-charge');
  await expect(charge.getByRole('heading', { name: 'Pague com PIX' })).toBeVisible();
  return panel;
}

async function checkBothWidths(page: Page, label: string, shot: string): Promise<void> {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
    await expectNoSeriousA11yViolations(page, `${label} at ${width} px`);
    await saveScreenshot(page, { path: path.join(SHOTS, `${shot}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

test.describe('PIX payments under the BR profile', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    server = await startBackofficeServer('pix-payments', EXTRA_PORTS.pixPayments, {
      roles: ['admin', 'finance'],
      configure: (dataDir) => {
        disableRegisterCaptcha(dataDir);
        setLicenceBeforeStart(dataDir, 'BR');
      },
    });
    const register = (await (await request.get(`${server.baseURL}/wps/system/setting/register`)).json()) as {
      value: { jurisdiction: { profile: string } };
    };
    expect(register.value.jurisdiction.profile).toBe('BR');
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a PIX deposit from the player's own CPF is credited; one from another CPF is returned and the player sees why", async ({
    page,
    request,
  }) => {
    const player = await brPlayer(request);
    await page.setViewportSize({ width: 1366, height: 860 });
    await logIn(page, player.username);

    let panel = await pixCharge(page, '20');
    const code = await panel.getByTestId('pix-code').inputValue();
    expect(code).toMatch(/^000201.*5802BR.*6304[0-9A-F]{4}$/);
    expect(code).toContain('540520.00');
    await expect(panel.locator('.deposit-pix__qr svg')).toBeVisible();
    await expect(panel.getByTestId('pix-own-account')).toContainText('seu próprio CPF');
    await checkBothWidths(page, 'PIX charge', 'pix-charge');

    // The tester pays on the sandbox gateway's page, from the player's own CPF.
    await panel.getByRole('link', { name: 'Abrir a página de pagamento' }).click();
    await expect(page.getByTestId('sandbox-pix-code')).toHaveText(code);
    await page.getByRole('button', { name: `Pay from ${masked(player.cpf)}` }).click();
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*20,00/);
    panel = page.getByRole('dialog');
    await expect(panel.getByTestId('deposit-orders').locator('li').first()).toContainText('Creditado');

    // A second charge, paid from someone else's CPF: returned, never credited.
    await page.keyboard.press('Escape');
    panel = await pixCharge(page, '15');
    await panel.getByRole('link', { name: 'Abrir a página de pagamento' }).click();
    const stranger = await page.getByLabel('Or pay from another CPF').inputValue();
    expect(stranger).not.toBe(player.cpf);
    await page.getByRole('button', { name: 'Pay from this CPF' }).click();
    panel = page.getByRole('dialog');
    const returned = panel.getByTestId('deposit-orders').locator('li').first();
    await expect(returned).toContainText('Devolvido');
    await expect(returned).toContainText(`o pagamento veio de outro CPF (${masked(stranger)})`);
    await expect(returned).toContainText('O valor foi devolvido a quem pagou');
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*20,00/);
    await checkBothWidths(page, 'deposits with a returned payment', 'deposit-returned');
  });

  test("a withdrawal goes to the player's own PIX key", async ({ page, request }) => {
    const player = await brPlayer(request);
    // Money in first, from the player's own CPF (the previous test shows it through the screens).
    const channels = await callApi<{ id: string; method: string }[]>(player.api, 'GET', '/wps/deposit/channels');
    const order = await callApi<{ payUrl: string }>(player.api, 'POST', '/wps/deposit/orders', {
      channelId: channels.find((c) => c.method === 'pix')!.id,
      amount: '50',
      idempotencyKey: `e2e-pix-${Date.now()}`,
    });
    expect(
      (
        await request.post(`${server.baseURL}${order.payUrl}`, { form: { outcome: 'succeeded' }, maxRedirects: 0 })
      ).status(),
    ).toBe(303);

    // The player's bank registered their CPF as a PIX key: listed in the sandbox directory by its
    // form's post (the directory's page is br-journey.spec.ts's, a tester's tool, not this journey).
    const listed = await request.post(`${server.baseURL}/sandbox-pix/directory`, {
      form: {
        ownerCpf: player.cpf,
        ownerName: NAME,
        bankCode: '260',
        accountNumber: '40028922',
        keyType: 'cpf',
        key: player.cpf,
      },
      maxRedirects: 0,
    });
    expect(listed.status(), 'listed in the sandbox PIX directory').toBe(303);

    await page.setViewportSize({ width: 1366, height: 860 });
    await logIn(page, player.username, '50,00');
    await page.getByRole('button', { name: `Menu da conta ${player.username}` }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    const account = page.getByRole('dialog');
    // The payee name is the document's: shown, with nothing to type.
    const payee = account.getByTestId('sec-payee-name');
    await expect(payee).toContainText(NAME);
    await expect(payee.getByRole('button')).toHaveCount(0);

    const pix = account.getByTestId('sec-pix-keys');
    await pix.getByRole('button', { name: 'Adicionar' }).click();
    // Someone else's CPF is refused, saying why.
    await pix.getByLabel('Tipo de chave').selectOption('cpf');
    await pix.getByLabel(fieldLabel('Chave PIX')).fill(newCpf());
    await pix.getByRole('button', { name: 'Cadastrar chave PIX' }).click();
    await expect(pix).toContainText('registrada em outro CPF');
    await pix.getByLabel(fieldLabel('Chave PIX')).fill(player.cpf);
    await pix.getByRole('button', { name: 'Cadastrar chave PIX' }).click();
    await expect(account.getByTestId('sec-bank-accounts')).toContainText(`PIX · CPF${masked(player.cpf)}`);
    await checkBothWidths(page, 'security centre with a PIX key', 'pix-key-bound');
    await page.keyboard.press('Escape');

    await page.getByRole('banner').getByRole('button', { name: 'Sacar' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel.getByRole('heading', { name: 'Sacar', level: 2 })).toBeVisible();
    await panel
      .getByLabel(fieldLabel('Conta bancária'))
      .selectOption({ label: `PIX · ${masked(player.cpf)} · ${NAME}` });
    await panel.getByLabel(fieldLabel('Valor')).fill('30');
    await panel.getByLabel(fieldLabel('Senha de pagamento')).fill(PAYMENT_PASSWORD);
    await panel.locator('form').getByRole('button', { name: 'Sacar' }).click();
    const withdrawal = panel.locator('.wd-order').first();
    await expect(withdrawal).toContainText(`PIX · ${masked(player.cpf)}`);
    await expect(withdrawal.getByTestId('withdrawal-times')).toContainText('Pedido em');
    await expect(withdrawal.getByTestId('withdrawal-times')).toContainText('Em processamento');
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*20,00/);
    await checkBothWidths(page, 'withdrawal to a PIX key', 'withdrawal-pix');
  });

  test('under the BR profile the list and form mark the kinds players do not see, and Sandbox Pay becomes a PIX channel (1366 and 360 px)', async ({
    browser,
    request,
  }) => {
    const player = await brRegistered(request);
    const playerChannels = async () =>
      (await callApi<PlayerChannel[]>(player, 'GET', '/wps/deposit/channels')).map((c) => c.name);
    {
      expect(await playerChannels()).not.toContain('Sandbox Pay');
      const finance = await newBackofficePage(browser, 1366);
      await signInOperator(finance, { baseURL: server.baseURL, role: 'finance', path: 'payments' });
      await expect(channelsTable(finance).getByRole('columnheader', { name: 'Forma de pagamento' })).toBeVisible();
      await expect(methodCell(finance, 'Sandbox Pay')).toHaveText(
        'OutraOculto aos jogadores: a licença (BR) não permite',
      );
      await expect(methodCell(finance, 'PIX')).toHaveText('PIX');
      await expect(methodCell(finance, 'Transferência bancária')).toHaveText('Transferência bancária');
      await expectTablesFit(finance, 'payments-br-1366');
      await checkPage(finance, 'payments-br-1366');

      await rowOf(finance, 'Sandbox Pay').getByRole('button', { name: 'Editar Sandbox Pay', exact: true }).click();
      const dialog = finance.getByRole('dialog', { name: 'Editar Sandbox Pay' });
      const method = dialog.getByLabel('Forma de pagamento');
      await expect(method).toHaveValue('other');
      await expect(method).toHaveAccessibleDescription(
        /A licença \(BR\) não permite as formas marcadas: um canal assim fica oculto aos jogadores/,
      );
      expect(await method.locator('option').allTextContents()).toEqual([
        'Escolha…',
        'PIX',
        'Transferência bancária',
        'Cartão (oculto aos jogadores pela licença)',
        'Criptomoeda (oculto aos jogadores pela licença)',
        'Dinheiro (oculto aos jogadores pela licença)',
        'Outra (oculto aos jogadores pela licença)',
      ]);
      await checkPage(finance, 'channel-dialog-br-1366');
      await method.selectOption('pix');
      await dialog.getByLabel('Motivo').fill('e2e: the sandbox gateway takes PIX');
      await dialog.getByRole('button', { name: 'Salvar canal' }).click();
      await expect(dialog).toBeHidden();
      await expect(methodCell(finance, 'Sandbox Pay')).toHaveText('PIX');
      // Players see it again, as a PIX channel, and the audit log has the change of kind.
      const sandbox = (await callApi<PlayerChannel[]>(player, 'GET', '/wps/deposit/channels')).find(
        (c) => c.name === 'Sandbox Pay',
      );
      expect(sandbox).toMatchObject({ method: 'pix' });
      const edits = await auditEntries(request, `action=deposit_channel.update&subjectId=${sandbox!.id}`);
      expect(edits.at(-1)).toMatchObject({
        reason: 'e2e: the sandbox gateway takes PIX',
        before: { method: 'other' },
        after: { method: 'pix' },
      });

      // A phone: the list with the new column and the form with its hint, nothing scrolling sideways.
      // The same tab, resized.
      const phone = finance;
      await phone.setViewportSize({ width: 360, height: 800 });
      await expect(methodCell(phone, 'Sandbox Pay')).toHaveText('PIX');
      await checkPage(phone, 'payments-br-360');
      await phone.getByRole('button', { name: 'Novo canal', exact: true }).click();
      const create = phone.getByRole('dialog', { name: 'Novo canal de depósito' });
      await expect(create.getByLabel('Forma de pagamento')).toHaveAccessibleDescription(/oculto aos jogadores/);
      await checkPage(phone, 'channel-dialog-br-360');
      await create.getByRole('button', { name: 'Cancelar' }).click();
      await expect(create).toBeHidden();
      await phone.context().close();
    }
  });
});
