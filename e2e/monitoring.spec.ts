import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { checkBackofficePage, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { callApi, disableRegisterCaptcha, registerThroughSite } from './support/setup';

/**
 * Behaviour monitoring (docs/compliance.md, "Behaviour monitoring"):
 * - the age notice and the responsible-gambling message with its link on the screens that need
 *   them (registration, deposit, the game screen, the footer), at 360 and 1366 px;
 * - a player asks four times in a row to raise their deposit limit (through the API, as the page
 *   does), the scan raises a "limits raised often" flag, and a support operator opens it in the
 *   back office, reads the figures, adds a note and closes it with an outcome; the player's page
 *   lists the flag. Every screen is axe-clean at 1366 and 360 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'monitoring');
const PASSWORD = 'Watchful2026play';

let server: ExtraServer;

async function expectNotice(page: Page, name: string): Promise<void> {
  const notice = page.getByTestId('rg-notice').first();
  await expect(notice).toContainText('18+');
  await expect(notice.getByRole('link', { name: /Jogo responsável|Jogue com responsabilidade/ })).toHaveAttribute('href', '/responsible-gaming');
  await expectNoSeriousA11yViolations(page, name);
}

test.describe('behaviour monitoring', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startBackofficeServer('monitoring', EXTRA_PORTS.monitoring, { roles: ['support'], configure: disableRegisterCaptcha });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the 18+ notice and the responsible-gaming message on registration, deposit, the game screen and the footer', async ({ page }) => {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.context().clearCookies();
      await page.goto(`${server.baseURL}/`);
      await page.evaluate(() => window.sessionStorage.clear());
      await page.goto(`${server.baseURL}/register`);
      await expect(page.getByRole('region', { name: 'Criar conta' }).getByTestId('rg-notice')).toContainText('Somente para maiores de 18 anos');
      await expectNotice(page, `registration (${width} px)`);
      await registerThroughSite(page, server.baseURL, { prefix: 'mon', password: PASSWORD });
      await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
      const deposit = page.getByRole('dialog');
      await expect(deposit.getByTestId('rg-notice')).toBeVisible();
      await expectNotice(page, `deposit (${width} px)`);
      await page.screenshot({ path: path.join(SHOTS, `deposit-notice-${width}.png`) });
      await page.keyboard.press('Escape');
      await page.goto(`${server.baseURL}/game`);
      await expect(page.getByTestId('rg-notice')).toContainText('Jogue com responsabilidade');
      await expectNotice(page, `game screen (${width} px)`);
      await page.goto(`${server.baseURL}/`);
      await page.locator('footer').getByTestId('rg-notice').scrollIntoViewIfNeeded();
      await expect(page.locator('footer').getByTestId('rg-notice')).toContainText('O jogo pode causar dependência');
      await page.screenshot({ path: path.join(SHOTS, `footer-notice-${width}.png`), fullPage: true });
    }
  });

  test('limits raised often raise a flag; support opens it, adds a note and closes it with an outcome', async ({ page, browser, request }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const player = await registerThroughSite(page, server.baseURL, { prefix: 'mon', password: PASSWORD });
    const api = { request, baseURL: server.baseURL, token: player.token };
    // A limit set, then raised three times: each raise waits a day, and each request counts.
    for (const value of ['50', '100', '200', '400']) await callApi(api, 'PUT', '/wps/responsible-gaming/limits', { limits: [{ kind: 'deposit_day', value }] });

    const support = await newBackofficePage(browser, 1366);
    await signInOperator(support, { baseURL: server.baseURL, role: 'support' });
    await support.goto(`${server.baseURL}/backoffice/compliance/monitoring`);
    await expect(support.getByRole('heading', { name: 'Monitoramento de comportamento', level: 1 })).toBeVisible();
    await support.getByRole('button', { name: 'Verificar agora' }).click();
    await expect(support.getByText(/Verificação feita: \d+ alertas? novos?\./)).toBeVisible();
    const row = support.getByRole('row', { name: new RegExp(player.username) });
    await expect(row).toContainText('Limites aumentados com frequência');
    await expect(row).toContainText('Aberto');
    await checkBackofficePage(support, 'monitoring-list-1366', SHOTS);

    await row.getByRole('link', { name: /^Alerta \d+$/ }).click();
    await expect(support.getByRole('heading', { name: /^Alerta \d+: Limites aumentados com frequência$/, level: 1 })).toBeVisible();
    const figures = support.getByTestId('monitoring-figures');
    await expect(figures).toContainText('Pedidos para aumentar ou remover um limite');
    await expect(figures).toContainText('3');
    await expect(figures).toContainText('Depósitos por dia');
    await checkBackofficePage(support, 'monitoring-flag-1366', SHOTS);

    await support.getByLabel('Nota', { exact: true }).fill('Falei com o jogador por telefone: quer aumentar o limite para uma viagem.');
    await support.getByRole('button', { name: 'Adicionar nota' }).click();
    await expect(support.getByTestId('monitoring-notes')).toContainText('quer aumentar o limite para uma viagem');
    await expect(support.getByTestId('monitoring-notes')).toContainText('bo.support');

    await support.getByLabel('Resultado', { exact: true }).selectOption('limits_suggested');
    await support.getByLabel(/Motivo/).fill('Sugeri um limite semanal menor.');
    await support.getByRole('button', { name: 'Fechar alerta' }).click();
    await expect(support.getByText('Fechado: Limites sugeridos').first()).toBeVisible();
    await expect(support.getByRole('button', { name: 'Fechar alerta' })).toHaveCount(0);
    await checkBackofficePage(support, 'monitoring-flag-closed-1366', SHOTS);

    // The player's page lists the flag, closed with its outcome.
    await support.getByRole('link', { name: player.username }).click();
    const panel = support.getByTestId('player-monitoring-panel');
    await expect(panel.getByRole('row', { name: /Limites aumentados com frequência/ })).toContainText('Fechado: Limites sugeridos');
    await checkBackofficePage(support, 'monitoring-player-1366', SHOTS);

    // The same screens on a phone.
    const phone = await newBackofficePage(browser, 360, 780);
    await signInOperator(phone, { baseURL: server.baseURL, role: 'support' });
    await phone.goto(`${server.baseURL}/backoffice/compliance/monitoring?status=all`);
    await expect(phone.getByRole('row', { name: new RegExp(player.username) })).toBeVisible();
    await checkBackofficePage(phone, 'monitoring-list-360', SHOTS);
    await phone.getByRole('row', { name: new RegExp(player.username) }).getByRole('link', { name: /^Alerta \d+$/ }).click();
    await expect(phone.getByTestId('monitoring-notes')).toBeVisible();
    await checkBackofficePage(phone, 'monitoring-flag-360', SHOTS);
  });
});

