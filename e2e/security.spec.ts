import path from 'node:path';
import { expect, test, type Locator, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { acceptTerms, disableRegisterCaptcha, fieldLabel } from './support/setup';
import { confirmBankBinding } from './support/security-centre';
import { saveScreenshot } from './support/screenshots';

/**
 * The security centre in My account: bind the real name, set the payment password,
 * bind a bank account (holder must be the real name), link an e-mail and a mobile number with
 * their codes from the dev outbox, and the bound items can no longer be changed.
 *
 * Like the auth suite, this runs on a second built server whose operator has the registration
 * captcha off (set with the ops CLI before it starts), so the player can register in the browser.
 */

const SHOTS = path.join(ROOT, 'test-results', 'security');
const PASSWORD = 'Lumen2024play';
const PAYEE = 'Maria Clara Souza';
const PIN = '483920';

function newUsername(): string {
  return `s${Date.now() % 1e9}${Math.floor(Math.random() * 90 + 10)}`;
}

async function registerAndOpenMyAccount(page: Page, baseURL: string): Promise<{ username: string; panel: Locator }> {
  const username = newUsername();
  await page.goto(`${baseURL}/register`);
  const form = page.getByRole('region', { name: 'Criar conta' });
  await form.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await form.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await form.getByLabel(fieldLabel('Confirmar senha')).fill(PASSWORD);
  await acceptTerms(form);
  await form.getByRole('button', { name: 'Cadastrar' }).click();
  const success = page.getByRole('dialog', { name: 'Cadastro concluído' });
  await success.getByRole('button', { name: 'Começar a jogar' }).click();
  await expect(page.getByTestId('header-balance')).toContainText('R$');
  await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Segurança da conta' })).toBeVisible();
  return { username, panel };
}

async function readSmsCode(page: Page, baseURL: string, fullNumber: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${baseURL}/dev/outbox/sms?mobile=${fullNumber}`);
        const body = (await response.json()) as { value: { code: string | null }[] };
        code = body.value[0]?.code ?? null;
        return code;
      },
      { timeout: 10_000 },
    )
    .not.toBeNull();
  return code as unknown as string;
}

async function readEmailCode(page: Page, baseURL: string, to: string): Promise<string> {
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

let server: ExtraServer;

test.describe('security centre', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer('security', EXTRA_PORTS.security, disableRegisterCaptcha);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('bind the real name, set the payment password, bind a bank account, link an e-mail and a mobile', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const { username, panel } = await registerAndOpenMyAccount(page, server.baseURL);
    await expectNoSeriousA11yViolations(page, 'security centre, empty');

    // A bank account needs the real name first: no add button yet.
    const bank = panel.getByTestId('sec-bank-accounts');
    await expect(bank).toContainText('Vincule seu nome real primeiro.');
    await expect(bank.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);

    // Real name: the operator's rule (two or more names) is checked in the browser first.
    const payee = panel.getByTestId('sec-payee-name');
    await payee.getByRole('button', { name: 'Vincular' }).click();
    const payeeField = payee.getByRole('textbox', { name: 'Nome real (como na conta bancária)' });
    await payeeField.fill('Maria');
    await payee.getByRole('button', { name: 'Vincular nome real' }).click();
    await expect(payee.locator('.field__error')).toBeVisible();
    await payeeField.fill(`  ${PAYEE} `);
    await payee.getByRole('button', { name: 'Vincular nome real' }).click();
    await expect(page.getByText('Nome real vinculado.')).toBeVisible();
    await expect(payee).toContainText(PAYEE);
    await expect(payee.getByRole('button')).toHaveCount(0);

    // Payment password: first set, with the first error under each field.
    const pin = panel.getByTestId('sec-payment-password');
    await pin.getByRole('button', { name: 'Definir' }).click();
    await pin.getByLabel(fieldLabel('Nova senha de pagamento')).fill('12ab');
    await pin.getByLabel(fieldLabel('Confirme a senha de pagamento')).fill('999999');
    await pin.getByRole('button', { name: 'Definir senha de pagamento' }).click();
    await expect(pin.getByText('Os valores não coincidem')).toBeVisible();
    await pin.getByLabel(fieldLabel('Nova senha de pagamento')).fill(PIN);
    await pin.getByLabel(fieldLabel('Confirme a senha de pagamento')).fill(PIN);
    await pin.getByRole('button', { name: 'Definir senha de pagamento' }).click();
    await expect(page.getByText('Senha de pagamento definida.')).toBeVisible();
    await expect(pin).toContainText('Definida');

    // Changing it needs the current one; a wrong one says how many tries are left.
    await pin.getByRole('button', { name: 'Alterar' }).click();
    await pin.getByLabel(fieldLabel('Senha de pagamento atual')).fill('000111');
    await pin.getByLabel(fieldLabel('Nova senha de pagamento')).fill('592817');
    await pin.getByLabel(fieldLabel('Confirme a senha de pagamento')).fill('592817');
    await pin.getByRole('button', { name: 'Alterar senha de pagamento' }).click();
    await expect(pin.getByText('Senha de pagamento incorreta. Restam 4 tentativas antes do bloqueio.')).toBeVisible();
    await pin.getByRole('button', { name: 'Cancelar' }).click();

    // Bank account: the holder is prefilled with the real name and must match it.
    await bank.getByRole('button', { name: 'Adicionar' }).click();
    const holder = bank.getByLabel(fieldLabel('Titular da conta'));
    await expect(holder).toHaveValue(PAYEE);
    await bank.getByLabel(fieldLabel('Banco')).selectOption({ label: '260 · Nubank' });
    await bank.getByLabel(fieldLabel('Número da conta')).fill('1234567-8');
    await holder.fill('Outra Pessoa');
    await bank.getByRole('button', { name: 'Vincular conta bancária' }).click();
    await expect(bank.getByText('Deve ser o seu nome real vinculado.').first()).toBeVisible();
    await holder.fill('maria clara  SOUZA');
    // Binding cannot be undone: the account is shown back first; going back keeps what was typed.
    await bank.getByRole('button', { name: 'Vincular conta bancária' }).click();
    const review = bank.getByRole('group', { name: 'Confira antes de vincular' });
    await expect(review.getByRole('heading', { name: 'Confira antes de vincular' })).toBeFocused();
    await expect(review).toContainText('260 · Nubank');
    await expect(review).toContainText('12345678');
    await expectNoSeriousA11yViolations(page, 'security centre, bank review');
    await review.getByRole('button', { name: 'Corrigir' }).click();
    await expect(bank.getByLabel(fieldLabel('Número da conta'))).toHaveValue('1234567-8');
    await expect(bank).not.toContainText('****5678');
    await confirmBankBinding(bank, { bank: '260 · Nubank', accountNumber: '12345678' });
    await expect(page.getByText('Conta bancária vinculada.')).toBeVisible();
    await expect(bank).toContainText('Nubank');
    await expect(bank).toContainText('****5678');
    await expect(bank).toContainText('1 de 5');
    await expect(bank).not.toContainText('12345678');

    // E-mail: code from the outbox, then the link is final.
    const email = `${username}@example.com`;
    const mail = panel.getByTestId('sec-email');
    await mail.getByRole('button', { name: 'Vincular' }).click();
    await mail.getByRole('textbox', { name: 'Endereço de e-mail' }).fill(email);
    await mail.getByRole('button', { name: 'Obter código' }).click();
    await expect(mail.getByRole('button', { name: /Código enviado \(\d+ s\)/ })).toBeDisabled();
    const code = await readEmailCode(page, server.baseURL, email);
    await mail.getByRole('textbox', { name: 'Código do e-mail' }).fill(code);
    await mail.getByRole('button', { name: 'Vincular e-mail' }).click();
    await expect(page.getByText('E-mail vinculado.')).toBeVisible();
    await expect(mail).toContainText('Vinculado');
    await expect(mail.getByRole('button')).toHaveCount(0);

    // Mobile: SMS code (purpose bind) from the outbox, then the link is final.
    const mobile = `119${String(Date.now() % 1e8).padStart(8, '0')}`;
    const phone = panel.getByTestId('sec-mobile');
    await phone.getByRole('button', { name: 'Vincular' }).click();
    await phone.getByRole('textbox', { name: 'Número de celular', exact: true }).fill(mobile);
    await phone.getByRole('button', { name: 'Obter código' }).click();
    await expect(phone.getByRole('button', { name: /Código enviado \(\d+ s\)/ })).toBeDisabled();
    const smsCode = await readSmsCode(page, server.baseURL, `55${mobile}`);
    await phone.getByRole('textbox', { name: 'Código SMS', exact: true }).fill(smsCode);
    await phone.getByRole('button', { name: 'Vincular celular' }).click();
    await expect(page.getByText('Celular vinculado.')).toBeVisible();
    await expect(phone).toContainText(`+55 ${mobile.slice(0, 2)}`);
    await expect(phone.getByRole('button')).toHaveCount(0);

    await expectNoSeriousA11yViolations(page, 'security centre, bound');
    await saveScreenshot(page, { path: path.join(SHOTS, 'security-centre-1366.png') });
    await panel.getByTestId('sec-bank-accounts').scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: path.join(SHOTS, 'security-centre-bank-1366.png') });
  });

  test('at 360 px: forms fit, nothing scrolls sideways, axe-clean', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 760 });
    const { panel } = await registerAndOpenMyAccount(page, server.baseURL);
    await panel.getByTestId('sec-payee-name').getByRole('button', { name: 'Vincular' }).click();
    await panel.getByRole('textbox', { name: 'Nome real (como na conta bancária)' }).fill(PAYEE);
    await panel.getByRole('button', { name: 'Vincular nome real' }).click();
    await expect(page.getByText('Nome real vinculado.')).toBeVisible();
    const bank = panel.getByTestId('sec-bank-accounts');
    await bank.getByRole('button', { name: 'Adicionar' }).click();
    await expect(bank.getByLabel(fieldLabel('Banco'))).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'security centre at 360 px');
    await saveScreenshot(page, { path: path.join(SHOTS, 'security-centre-360.png') });
    await bank.scrollIntoViewIfNeeded();
    await saveScreenshot(page, { path: path.join(SHOTS, 'security-centre-bank-form-360.png') });

    // The light theme reads as well.
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await expectNoSeriousA11yViolations(page, 'security centre at 360 px, light theme');
    await saveScreenshot(page, { path: path.join(SHOTS, 'security-centre-bank-form-360-light.png') });
  });
});
