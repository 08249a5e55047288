import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations } from './support/servers';
import { doSandboxIdentityCheck, registerWithCpf, setSignUpLimits, useBrServer } from './support/br-profile';
import { checkBackofficePage, newBackofficePage, signInOperator } from './support/backoffice';
import { fieldLabel } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * Identity tiers under the BR licence (docs/compliance.md, "KYC"):
 * - an admin sets the cap and the schedule in the back office (Identity tiers, with a reason);
 * - before the identity check, the deposit page shows the room left under the operator's cap and
 *   the way to verify; a deposit over it is refused with the room left; once verified, the cap is gone;
 * - a face check falls due at login on the operator's schedule (the test clock door runs the
 *   calendar 31 days ahead): the player is routed to it and cannot deposit; a failed selfie keeps
 *   the restriction, a passed one lifts it.
 * At 360 and 1366 px, axe-clean.
 */

const SHOTS = path.join(ROOT, 'test-results', 'kyc-tiers');
const PASSWORD = 'Niveis2026kyc';
const DAY = 86_400_000;

let username = '';

async function openDeposit(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Depósito', level: 2 })).toBeVisible();
  return panel;
}

test.describe('KYC tiers', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);
  const br = useBrServer('kyc-tiers', EXTRA_PORTS.kycTiers);

  test('an admin sets the cap and the schedule; before verification a deposit over the cap is refused with the room left; verified, the cap is gone', async ({
    page,
    browser,
  }) => {
    const { server } = br;
    for (const width of [360, 1366]) {
      const ops = await newBackofficePage(browser, width);
      await signInOperator(ops, { baseURL: server.baseURL, role: 'admin', path: 'compliance/kyc-settings' });
      await expect(ops.getByRole('heading', { name: 'Níveis de identidade', level: 1 })).toBeVisible();
      const form = ops.getByRole('form', { name: 'Configurações dos níveis de identidade' });
      await expect(form.getByLabel(fieldLabel('Verificação facial no login a cada (dias)'))).toHaveValue('30');
      await checkBackofficePage(ops, `kyc-settings-${width}`, SHOTS);
      if (width === 1366) {
        await form.getByLabel(fieldLabel('Depósitos antes da verificação, no total (BRL)')).fill('150');
        await form.getByLabel(fieldLabel('Motivo')).fill('Teto de depósitos antes da verificação');
        await form.getByRole('button', { name: 'Salvar' }).click();
        await expect(ops.getByText('Configurações dos níveis de identidade salvas.')).toBeVisible();
        await expect(form.getByLabel(fieldLabel('Depósitos antes da verificação, no total (BRL)'))).toHaveValue(
          '150,00',
        );
      }
      await ops.context().close();
    }

    await page.setViewportSize({ width: 1366, height: 860 });
    username = await registerWithCpf(page, server.baseURL, 'kyt', PASSWORD);
    await setSignUpLimits(page, '5000', '4');
    await page.getByRole('link', { name: 'Depois: ir para o lobby' }).click();

    let panel = await openDeposit(page);
    const notice = panel.getByTestId('kyc-deposit-cap');
    await expect(notice).toContainText('Até sua identidade ser verificada, você pode depositar no máximo R$');
    await expect(notice.getByTestId('kyc-deposit-room')).toHaveText(/Você ainda pode depositar R\$\s*150,00\./);
    await expectNoSeriousA11yViolations(page, 'deposit with the unverified cap 1366');
    await panel.getByLabel(fieldLabel('Valor')).fill('200');
    await panel.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(
      panel.getByText(
        /Até sua identidade ser verificada, os depósitos param em R\$\s150,00 no total\. Você ainda pode depositar R\$\s150,00\./,
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'deposit over the cap refused 1366');
    await saveScreenshot(page, { path: path.join(SHOTS, 'cap-refused-1366.png') });

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(notice).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'deposit over the cap refused 360');
    await saveScreenshot(page, { path: path.join(SHOTS, 'cap-refused-360.png'), fullPage: true });

    // The notice's way to verify: the sandbox's check, then back.
    await notice.getByRole('button', { name: 'Verificar minha identidade' }).click();
    await doSandboxIdentityCheck(page, 'Marcos Vinicius Prado');
    panel = await openDeposit(page);
    await expect(panel.getByRole('tab').first()).toBeVisible();
    await expect(panel.getByTestId('kyc-deposit-cap')).toHaveCount(0);
  });

  test('a face check due at login routes the player to it; deposits wait; a failed selfie keeps them waiting, a passed one lifts it', async ({
    page,
    request,
  }) => {
    const { server } = br;
    expect(username, 'the first test registered and verified the player').not.toBe('');
    const moved = await request.put(`${server.baseURL}/dev/clock`, { data: { offsetMs: 31 * DAY } });
    expect(moved.ok()).toBe(true);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${server.baseURL}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
    await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar' }).click();

    await expect(page).toHaveURL(/\/kyc\/reverify$/);
    const check = page.getByTestId('kyc-reverify');
    await expect(check.getByRole('heading', { name: 'Confirme que é você', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'face check due 360');
    await saveScreenshot(page, { path: path.join(SHOTS, 'reverify-due-360.png'), fullPage: true });

    // Refused meanwhile, with its reason.
    const panel = await openDeposit(page);
    await panel.getByLabel(fieldLabel('Valor')).fill('50');
    await panel.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(
      panel.getByText('Confirme que é você com uma selfie primeiro: até lá não é possível jogar, depositar nem sacar.'),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    // A failed selfie: still due, told why.
    await check.getByRole('button', { name: 'Tirar a selfie' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox face check' })).toBeVisible();
    await expect(page.getByLabel('Full name as printed on the document')).toHaveCount(0);
    await page.getByRole('button', { name: 'Take the selfie (simulated)' }).click();
    await page.getByRole('button', { name: 'Blink and turn your head (simulated)' }).click();
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page).toHaveURL(/\/kyc\/reverify$/);
    await expect(check.getByRole('alert')).toContainText('A verificação facial não foi aprovada');

    // Again, passed: the restriction is lifted.
    await page.setViewportSize({ width: 1366, height: 860 });
    await expectNoSeriousA11yViolations(page, 'face check failed 1366');
    await check.getByRole('button', { name: 'Tentar de novo' }).click();
    await page.getByRole('button', { name: 'Take the selfie (simulated)' }).click();
    await page.getByRole('button', { name: 'Blink and turn your head (simulated)' }).click();
    await page.getByRole('button', { name: 'Pass' }).click();
    await expect(page).toHaveURL(/\/kyc\/reverify$/);
    await expect(check.getByRole('status')).toHaveText(
      'Obrigado: é você mesmo. Você já pode jogar, depositar e sacar.',
    );
    await expectNoSeriousA11yViolations(page, 'face check passed 1366');
    await saveScreenshot(page, { path: path.join(SHOTS, 'reverify-passed-1366.png') });
    await check.getByRole('link', { name: 'Ir para o lobby' }).click();
    await expect(page).toHaveURL(`${server.baseURL}/`);
  });
});
