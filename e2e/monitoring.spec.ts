import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { checkBackofficePage, newBackofficePage, signInOperator, startBackofficeServer } from './support/backoffice';
import { callApi, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { scrolledFooter } from './support/footer';
import { saveScreenshot } from './support/screenshots';

/**
 * Behaviour monitoring (docs/compliance.md, "Behaviour monitoring"):
 * - the age notice and the responsible-gambling message with its link on the screens that need
 *   them (registration, deposit, the game screen, the footer), at 360 and 1366 px;
 * - a player asks four times in a row to raise their deposit limit (through the API, as the page
 *   does), the scan raises a "limits raised often" flag, and a support operator opens it in the
 *   back office, reads the figures, adds a note and closes it with an outcome; the player's page
 *   lists the flag. Every screen is axe-clean at 1366 and 360 px;
 * - an admin lowers the "limits raised often" threshold on the rules-and-thresholds screen (a
 *   number out of the shared schema's bounds refused first), and the next scan flags a player whose
 *   two raise requests it passed over before; support, without settings.write, is not shown the
 *   screen nor let in by its address.
 */

const SHOTS = path.join(ROOT, 'test-results', 'monitoring');
const PASSWORD = 'Watchful2026play';

let server: ExtraServer;

async function expectNotice(page: Page, name: string): Promise<void> {
  const notice = page.getByTestId('rg-notice').first();
  await expect(notice).toContainText('18+');
  await expect(notice.getByRole('link', { name: /Jogo responsável|Jogue com responsabilidade/ })).toHaveAttribute(
    'href',
    '/responsible-gaming',
  );
  await expectNoSeriousA11yViolations(page, name);
}

test.describe('behaviour monitoring', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startBackofficeServer('monitoring', EXTRA_PORTS.monitoring, {
      roles: ['support', 'admin'],
      configure: disableRegisterCaptcha,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the 18+ notice and the responsible-gaming message on registration, deposit, the game screen and the footer', async ({
    page,
  }) => {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.context().clearCookies();
      await page.goto(`${server.baseURL}/`);
      await page.evaluate(() => window.sessionStorage.clear());
      await page.goto(`${server.baseURL}/register`);
      await expect(page.getByRole('region', { name: 'Criar conta' }).getByTestId('rg-notice')).toContainText(
        'Somente para maiores de 18 anos',
      );
      await expectNotice(page, `registration (${width} px)`);
      await signedInNewPlayer(page, server.baseURL, { prefix: 'mon', password: PASSWORD });
      await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
      const deposit = page.getByRole('dialog');
      await expect(deposit.getByTestId('rg-notice')).toBeVisible();
      await expectNotice(page, `deposit (${width} px)`);
      await saveScreenshot(page, { path: path.join(SHOTS, `deposit-notice-${width}.png`) });
      await page.keyboard.press('Escape');
      await page.goto(`${server.baseURL}/game`);
      await expect(page.getByTestId('rg-notice')).toContainText('Jogue com responsabilidade');
      await expectNotice(page, `game screen (${width} px)`);
      await page.goto(`${server.baseURL}/`);
      const footer = await scrolledFooter(page);
      await footer.getByTestId('rg-notice').scrollIntoViewIfNeeded();
      await expect(footer.getByTestId('rg-notice')).toContainText('O jogo pode causar dependência');
      await saveScreenshot(page, { path: path.join(SHOTS, `footer-notice-${width}.png`), fullPage: true });
    }
  });

  test('limits raised often raise a flag; support opens it, adds a note and closes it with an outcome', async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const player = await signedInNewPlayer(page, server.baseURL, { prefix: 'mon', password: PASSWORD });
    const api = { request, baseURL: server.baseURL, token: player.token };
    // A limit set, then raised three times: each raise waits a day, and each request counts.
    for (const value of ['50', '100', '200', '400'])
      await callApi(api, 'PUT', '/wps/responsible-gaming/limits', { limits: [{ kind: 'deposit_day', value }] });

    const support = await newBackofficePage(browser, 1366);
    await signInOperator(support, { baseURL: server.baseURL, role: 'support', path: 'compliance/monitoring' });
    await expect(support.getByRole('heading', { name: 'Monitoramento de comportamento', level: 1 })).toBeVisible();
    await support.getByRole('button', { name: 'Verificar agora' }).click();
    await expect(support.getByText(/Verificação feita: \d+ alertas? novos?\./)).toBeVisible();
    const row = support.getByRole('row', { name: new RegExp(player.username) });
    await expect(row).toContainText('Limites aumentados com frequência');
    await expect(row).toContainText('Aberto');
    await checkBackofficePage(support, 'monitoring-list-1366', SHOTS);

    await row.getByRole('link', { name: /^Alerta \d+$/ }).click();
    await expect(
      support.getByRole('heading', { name: /^Alerta \d+: Limites aumentados com frequência$/, level: 1 }),
    ).toBeVisible();
    const figures = support.getByTestId('monitoring-figures');
    await expect(figures).toContainText('Pedidos para aumentar ou remover um limite');
    await expect(figures).toContainText('3');
    await expect(figures).toContainText('Depósitos por dia');
    await checkBackofficePage(support, 'monitoring-flag-1366', SHOTS);

    await support
      .getByLabel('Nota', { exact: true })
      .fill('Falei com o jogador por telefone: quer aumentar o limite para uma viagem.');
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
    await expect(panel.getByRole('row', { name: /Limites aumentados com frequência/ })).toContainText(
      'Fechado: Limites sugeridos',
    );
    await checkBackofficePage(support, 'monitoring-player-1366', SHOTS);

    // The same screens on a phone.
    const phone = await newBackofficePage(browser, 360, 780);
    await signInOperator(phone, { baseURL: server.baseURL, role: 'support', path: 'compliance/monitoring?status=all' });
    await expect(phone.getByRole('row', { name: new RegExp(player.username) })).toBeVisible();
    await checkBackofficePage(phone, 'monitoring-list-360', SHOTS);
    await phone
      .getByRole('row', { name: new RegExp(player.username) })
      .getByRole('link', { name: /^Alerta \d+$/ })
      .click();
    await expect(phone.getByTestId('monitoring-notes')).toBeVisible();
    await checkBackofficePage(phone, 'monitoring-flag-360', SHOTS);
  });

  test('an admin lowers a threshold on the screen and the next scan flags what it passed over; support does not see the screen', async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const player = await signedInNewPlayer(page, server.baseURL, { prefix: 'thr', password: PASSWORD });
    const api = { request, baseURL: server.baseURL, token: player.token };
    // A limit set, then raised twice: two requests, one fewer than the default threshold.
    for (const value of ['50', '100', '200'])
      await callApi(api, 'PUT', '/wps/responsible-gaming/limits', { limits: [{ kind: 'deposit_day', value }] });

    const admin = await newBackofficePage(browser, 1366);
    await signInOperator(admin, { baseURL: server.baseURL, role: 'admin', path: 'compliance/monitoring' });
    await admin.getByRole('button', { name: 'Verificar agora' }).click();
    await expect(admin.getByText(/Verificação feita: \d+ alertas? novos?\./)).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(player.username) })).toHaveCount(0);

    await admin.getByRole('link', { name: 'Regras e limiares' }).click();
    await expect(admin.getByRole('heading', { name: 'Limiares do monitoramento', level: 1 })).toBeVisible();
    await expect(admin.getByRole('switch', { name: 'Monitoramento ligado' })).toBeChecked();
    const rule = admin.getByRole('group', { name: 'Limites aumentados com frequência' });
    await expect(rule.getByRole('switch', { name: 'Verificar “Limites aumentados com frequência”' })).toBeChecked();
    // Amounts in reais, as the operator types them.
    await expect(
      admin.getByRole('group', { name: 'Depósitos subindo rápido' }).getByLabel(/e de pelo menos \(BRL\)/),
    ).toHaveValue('500,00');
    const raises = rule.getByLabel('Pedidos para aumentar ou remover um limite nos últimos 30 dias');
    await expect(raises).toHaveValue('3');
    await checkBackofficePage(admin, 'monitoring-settings-1366', SHOTS);

    // Out of the shared schema's bounds: refused on the field, nothing saved.
    await raises.fill('0');
    await admin.getByRole('button', { name: 'Salvar limiares' }).click();
    await expect(rule.getByText('Digite um número inteiro de 1 a 50.')).toBeVisible();
    await checkBackofficePage(admin, 'monitoring-settings-error-1366', SHOTS);
    await raises.fill('2');
    await admin.getByRole('button', { name: 'Salvar limiares' }).click();
    await expect(admin.getByText('Limiares do monitoramento salvos.')).toBeVisible();
    await admin.reload();
    await expect(
      admin
        .getByRole('group', { name: 'Limites aumentados com frequência' })
        .getByLabel('Pedidos para aumentar ou remover um limite nos últimos 30 dias'),
    ).toHaveValue('2');

    // The next scan uses it: the player's two requests now raise a flag.
    await admin.getByRole('link', { name: 'Todos os alertas' }).click();
    await admin.getByRole('button', { name: 'Verificar agora' }).click();
    await expect(admin.getByText(/Verificação feita: \d+ alertas? novos?\./)).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(player.username) });
    await expect(row).toContainText('Limites aumentados com frequência');
    await row.getByRole('link', { name: /^Alerta \d+$/ }).click();
    await expect(admin.getByTestId('monitoring-figures')).toContainText('Limiar (pedidos)');
    await expect(admin.getByTestId('monitoring-figures')).toContainText('2');

    // The screen on a phone.
    const phone = await newBackofficePage(browser, 360, 780);
    await signInOperator(phone, { baseURL: server.baseURL, role: 'admin', path: 'compliance/monitoring/settings' });
    await expect(phone.getByRole('heading', { name: 'Limiares do monitoramento', level: 1 })).toBeVisible();
    await expect(
      phone.getByRole('group', { name: 'Jogo de madrugada' }).getByLabel('A madrugada começa às'),
    ).toHaveValue('0');
    await checkBackofficePage(phone, 'monitoring-settings-360', SHOTS);

    // Support reviews flags but does not hold settings.write: no way to the screen, and its address refuses.
    const support = await newBackofficePage(browser, 1366);
    await signInOperator(support, { baseURL: server.baseURL, role: 'support', path: 'compliance/monitoring' });
    await expect(support.getByRole('heading', { name: 'Monitoramento de comportamento', level: 1 })).toBeVisible();
    await expect(support.getByRole('button', { name: 'Verificar agora' })).toBeVisible();
    await expect(support.getByRole('link', { name: 'Regras e limiares' })).toHaveCount(0);
    await support.goto(`${server.baseURL}/backoffice/compliance/monitoring/settings`);
    await expect(support.getByRole('heading', { name: 'Indisponível para a sua função', level: 1 })).toBeVisible();
    await expect(support.getByRole('button', { name: 'Salvar limiares' })).toHaveCount(0);
  });
});
