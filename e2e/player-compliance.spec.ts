import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { checkBackofficePage, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { disableRegisterCaptcha, fieldLabel, signedInNewPlayer } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * A player's compliance screens in My account (docs/compliance.md), as a player and an operator
 * use them. Identity checks ("KYC"): the player starts the check, does the sandbox provider's
 * document, selfie and liveness steps on its pages and comes back verified, with the name read
 * from the document; a second player's check goes to a person's review, and a support operator
 * passes it in the back office. Player rights: the player downloads their data as a file and
 * closes the account with the password, after which the login is refused.
 */

const SHOTS = path.join(ROOT, 'test-results', 'player-compliance');
const PASSWORD = 'Lumen2024play';

let server: ExtraServer;

async function openMyAccountPanel(page: Page, username: string) {
  await page.getByRole('button', { name: `Menu da conta ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Segurança da conta' })).toBeVisible();
  return panel;
}

async function openMyAccount(page: Page, username: string) {
  return (await openMyAccountPanel(page, username)).getByTestId('kyc-card');
}

/** The sandbox provider's three steps, then the outcome the tester picks. */
async function doSandboxCheck(page: Page, name: string, outcome: 'Pass' | 'Send to review') {
  await expect(page).toHaveURL(/\/sandbox-kyc\/check\/kyc_[a-f0-9]{24}$/);
  await page.getByLabel('Full name as printed on the document').fill(name);
  await page.getByRole('button', { name: 'Capture the document (simulated)' }).click();
  await expect(page.getByText(`Document read: ${name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Take the selfie (simulated)' }).click();
  await page.getByRole('button', { name: 'Blink and turn your head (simulated)' }).click();
  await page.getByRole('button', { name: outcome }).click();
  await expect(page).not.toHaveURL(/sandbox-kyc/);
}

test.describe("a player's identity check, data and account", () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startBackofficeServer('player-compliance', EXTRA_PORTS.playerCompliance, {
      roles: ['support'],
      configure: disableRegisterCaptcha,
    });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('a player verifies through the sandbox provider and comes back verified', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const { username } = await signedInNewPlayer(page, server.baseURL, { prefix: 'kyc', password: PASSWORD });
    const card = await openMyAccount(page, username);
    await expect(card.getByTestId('kyc-level')).toHaveText('Identidade não verificada');
    await expectNoSeriousA11yViolations(page, 'my account, identity unverified');
    await card.getByRole('button', { name: 'Verificar identidade' }).click();

    await doSandboxCheck(page, 'Maria Clara Souza', 'Pass');
    const after = await openMyAccount(page, username);
    await expect(after.getByTestId('kyc-level')).toHaveText('Identidade verificada');
    await expect(after).toContainText('Nome no documento: Maria Clara Souza');
    await expect(after.getByRole('button')).toHaveCount(0);
    await saveScreenshot(page, { path: path.join(SHOTS, 'verified-1366.png') });
  });

  test('a check sent to review waits for a person; a support operator passes it in the back office', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const { username } = await signedInNewPlayer(page, server.baseURL, { prefix: 'kyr', password: PASSWORD });
    await (await openMyAccount(page, username)).getByRole('button', { name: 'Verificar identidade' }).click();
    await doSandboxCheck(page, 'João Pereira Lima', 'Send to review');
    const waiting = await openMyAccount(page, username);
    await expect(waiting.getByTestId('kyc-level')).toHaveText('Em análise por nossa equipe');
    await expect(waiting).toContainText('Motivo: The document photo is unclear (sandbox)');
    await expectNoSeriousA11yViolations(page, 'my account, identity in review, 360 px');
    const shot = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(shot.page).toBeLessThanOrEqual(shot.viewport);

    // One operator tab: the review list at 1366 px, then the same tab narrowed to 360 px once the
    // check is decided (a resize, not a second context, sign-in and load of the back office).
    const ops = await newBackofficePage(browser, 1366);
    await signInOperator(ops, { baseURL: server.baseURL, role: 'support', path: 'compliance/kyc' });
    await expect(ops.getByRole('heading', { name: 'Verificações de identidade', level: 1 })).toBeVisible();
    const row = ops.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText('João Pereira Lima');
    await expect(row).toContainText('Aguardando análise');
    await checkBackofficePage(ops, 'kyc-checks-1366', SHOTS);
    await row.getByRole('button', { name: /^Aprovar a verificação \d+ de / }).click();
    const dialog = ops.getByRole('dialog', { name: `Aprovar a verificação de identidade de ${username}` });
    await expect(dialog).toContainText('"João Pereira Lima" passa a ser o nome do titular dos saques');
    await dialog.getByRole('textbox').fill('Documento conferido manualmente');
    await dialog.getByRole('button', { name: 'Aprovar' }).click();
    await expect(ops.getByText(/Verificação \d+ aprovada\./)).toBeVisible();
    await expect(row).toHaveCount(0);
    await ops.setViewportSize({ width: 360, height: 900 });
    await checkBackofficePage(ops, 'kyc-checks-360', SHOTS);

    await page.reload();
    const verified = await openMyAccount(page, username);
    await expect(verified.getByTestId('kyc-level')).toHaveText('Identidade verificada');
    await expect(verified).toContainText('Nome no documento: João Pereira Lima');
  });

  test('a player downloads their data as a file and closes the account with the password; then login is refused', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const { username } = await signedInNewPlayer(page, server.baseURL, { prefix: 'prv', password: PASSWORD });
    const card = (await openMyAccountPanel(page, username)).getByTestId('privacy-card');
    await expectNoSeriousA11yViolations(page, 'my account, your data and your account');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Baixar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      profile: { account: string };
      sessions: unknown[];
    };
    expect(data.profile.account).toBe(username);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);

    await card.getByRole('button', { name: 'Encerrar conta' }).click();
    await expect(card).toContainText('guardamos os registros de apostas e pagamentos por 5 anos');
    await card.getByLabel(fieldLabel('Sua senha')).fill('Not-the-password-9');
    await card.getByRole('button', { name: 'Encerrar minha conta' }).click();
    await expect(card).toContainText('A senha atual está incorreta.');
    await card.getByLabel(fieldLabel('Sua senha')).fill(PASSWORD);
    await card.getByRole('button', { name: 'Encerrar minha conta' }).click();
    await expect(page.getByText('Sua conta foi encerrada.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Usuário', exact: true }).fill(username);
    await dialog.getByLabel(fieldLabel('Senha')).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await expect(dialog).toContainText('Esta conta está desativada.');
  });
});
