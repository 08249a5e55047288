import path from 'node:path';
import { expect, test, type Browser, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { checkBackofficePage, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { callApi, disableRegisterCaptcha, fieldLabel, signedInNewPlayer } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * Login from a device the account has not remembered (docs/decisions.md, "Login from a new device"):
 * - an admin turns the switch on in the back office's site settings (with a reason);
 * - a player with a bound e-mail logs in from a new browser: the login form asks for the code the
 *   server mailed (read from the dev outbox), the player remembers the device for 30 days;
 * - logging in again from that browser asks for no code; the player forgets the device in the
 *   security centre, and the next login asks for a code again; remembered once more, an operator
 *   forgets it from the back office's player page with a reason, and the code is asked again;
 * - the admin turns the switch off. Every screen axe-clean at 360 and 1366 px.
 */
const SHOTS = path.join(ROOT, 'test-results', 'new-ip-verification');
const PASSWORD = 'Trusted2026device';

let server: ExtraServer;

/** The newest code mailed to `to` that is not `previous`, polled (codes go out in the background). */
async function readCode(page: Page, to: string, previous: string | null): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${server.baseURL}/dev/outbox/email?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { value: { text: string }[] };
        const text = body.value[0]?.text ?? '';
        code = /novo dispositivo: (\d{6})/.exec(text)?.[1] ?? null;
        return code !== null && code !== previous;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return code as unknown as string;
}

async function setSwitch(browser: Browser, on: boolean, width: number): Promise<void> {
  const page = await newBackofficePage(browser, width);
  await signInOperator(page, { baseURL: server.baseURL, role: 'admin', path: 'site-settings' });
  await page.getByRole('tab', { name: 'Chaves' }).click();
  const box = page.getByLabel('Pedir código no login de dispositivos novos');
  await (on ? box.check() : box.uncheck());
  await page
    .getByLabel(fieldLabel('Motivo da mudança'))
    .fill(on ? 'Proteger contas contra senhas vazadas' : 'Fim do teste de verificação');
  await checkBackofficePage(page, `site settings switch (${width} px)`, SHOTS);
  await page.getByRole('button', { name: 'Salvar mudanças' }).click();
  await expect(page.getByText('Configurações salvas.', { exact: false })).toBeVisible();
  await page.close();
}

async function openLogin(page: Page, username: string): Promise<Page> {
  await page.goto(`${server.baseURL}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
  await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar' }).click();
  return page;
}

async function logOut(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
}

test.describe('login from a new device', () => {
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startBackofficeServer('newIpVerification', EXTRA_PORTS.newIpVerification, {
      roles: ['admin'],
      configure: disableRegisterCaptcha,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a code at the first login, none from the remembered device, asked again once it is forgotten', async ({
    browser,
  }) => {
    // The player, with an e-mail bound through the security centre's calls.
    const setupPage = await browser.newPage();
    const player = await signedInNewPlayer(setupPage, server.baseURL, { prefix: 'dev', password: PASSWORD });
    // Short: the back office's profile grid does not wrap a long address (checked at 1366 px below).
    const email = `${player.username.slice(-8)}@ex.io`;
    const api = { request: setupPage.request, baseURL: server.baseURL, token: player.token };
    await callApi(api, 'POST', '/wps/verification/email/bind', { email });
    let bindCode: string | null = null;
    await expect
      .poll(async () => {
        const body = (await (
          await setupPage.request.get(`${server.baseURL}/dev/outbox/email?to=${encodeURIComponent(email)}`)
        ).json()) as { value: { text: string }[] };
        bindCode = /\b(\d{6})\b/.exec(body.value[0]?.text ?? '')?.[1] ?? null;
        return bindCode;
      })
      .not.toBeNull();
    await callApi(api, 'POST', '/wps/member/email', { email, verificationCode: bindCode });
    await setupPage.close();

    await setSwitch(browser, true, 1366);

    // A new browser is a new device: the code step, at 360 px.
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await openLogin(page, player.username);
    const step = page.getByTestId('device-code-step');
    await expect(step.getByRole('heading', { name: 'Confirme que é você' })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'code step (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'code-step-360.png') });
    const first = await readCode(page, email, null);
    await step.getByRole('textbox', { name: 'Código de verificação' }).fill(first === '000000' ? '111111' : '000000');
    await step.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect(step.getByText('Código inválido')).toBeVisible();
    await step.getByRole('textbox', { name: 'Código de verificação' }).fill(first);
    await step.getByRole('radio', { name: '30 dias' }).check();
    await step.getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect(page.getByTestId('header-balance')).toContainText('R$');

    // The same browser again: no code.
    await logOut(page, player.username);
    await openLogin(page, player.username);
    await expect(page.getByTestId('header-balance')).toContainText('R$');

    // The security centre lists the device; the player forgets it (at 1366 px).
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.getByRole('button', { name: `Menu da conta ${player.username}` }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    const devices = page.getByRole('dialog').getByTestId('trusted-devices');
    await expect(devices.getByRole('heading', { name: 'Dispositivos lembrados' })).toBeVisible();
    await expect(devices.getByText(/Lembrado em .+ \(/)).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'security centre devices (1366 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'security-centre-1366.png') });
    await devices.getByRole('button', { name: /^Esquecer / }).click();
    await expect(devices.getByText('Nenhum dispositivo lembrado.')).toBeVisible();
    await page.keyboard.press('Escape');

    // Forgotten: the code is asked for again.
    await logOut(page, player.username);
    await openLogin(page, player.username);
    await expect(page.getByTestId('device-code-step')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'code step (1366 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'code-step-1366.png') });
    const second = await readCode(page, email, first);
    await page.getByTestId('device-code-step').getByRole('textbox', { name: 'Código de verificação' }).fill(second);
    await page.getByTestId('device-code-step').getByRole('radio', { name: '7 dias' }).check();
    await page.getByTestId('device-code-step').getByRole('button', { name: 'Confirmar e entrar' }).click();
    await expect(page.getByTestId('header-balance')).toContainText('R$');

    // The back office's player page lists the device, and an operator forgets it with a reason.
    const memberId = (
      await callApi<{ id: string }>(
        { request: page.request, baseURL: server.baseURL, token: player.token },
        'GET',
        '/wps/member/info',
      )
    ).id;
    const ops = await newBackofficePage(browser, 1366);
    await signInOperator(ops, { baseURL: server.baseURL, role: 'admin', path: `players/${memberId}` });
    const panel = ops.getByTestId('player-trusted-devices');
    await expect(panel.getByRole('row')).toHaveCount(2);
    await checkBackofficePage(ops, 'player page devices (1366 px)', SHOTS);
    await panel
      .getByRole('row')
      .nth(1)
      .getByRole('button', { name: /^Esquecer / })
      .click();
    await ops
      .getByRole('dialog')
      .getByLabel(fieldLabel('Motivo (fica no registro de auditoria)'))
      .fill('Jogador perdeu o celular');
    await ops.getByRole('dialog').getByRole('button', { name: 'Esquecer dispositivo' }).click();
    await expect(panel.getByText('Nenhum dispositivo lembrado', { exact: false })).toBeVisible();
    await ops.close();
    await logOut(page, player.username);
    await openLogin(page, player.username);
    await expect(page.getByTestId('device-code-step')).toBeVisible();
    await context.close();

    await setSwitch(browser, false, 360);
  });
});
