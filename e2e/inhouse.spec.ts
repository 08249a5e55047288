import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { type Api, callApi, createFinanceOperator, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { operatorLogin } from './support/operators';
import { saveScreenshot } from './support/screenshots';

/**
 * In-house provably-fair games: launch the slot through the gateway's
 * launch flow, spin inside the /game iframe, see the header balance follow, check the round in
 * the fairness panel after rotating the seed, and find it in the betting record and the profit
 * and loss; then play a dice round.
 *
 * Runs its own built server (EXTRA_PORTS.inhouse) with an operator, so a deposit puts real money in.
 */

const SHOTS = path.join(ROOT, 'test-results', 'inhouse');
const PASSWORD = 'Lumen2024play';
const OPERATOR = 'e2e.inhouse';
const OPERATOR_PASSWORD = 'inhouse-e2e-pass-2026';

function prepare(dataDir: string): void {
  disableRegisterCaptcha(dataDir);
  createFinanceOperator(dataDir, OPERATOR, OPERATOR_PASSWORD);
}

async function register(page: Page, baseURL: string): Promise<string> {
  return (await signedInNewPlayer(page, baseURL, { prefix: 'ih', password: PASSWORD })).token;
}

/** A manual bank-transfer deposit confirmed by the operator: real money in the main wallet. */
async function deposit(a: Api, amount: string): Promise<void> {
  const ops = await operatorLogin(a.request, a.baseURL, OPERATOR, OPERATOR_PASSWORD);
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const manual = channels.find((c) => c.type === 'manual_bank');
  expect(manual, 'a manual bank-transfer channel').toBeDefined();
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: manual!.id,
    amount,
    idempotencyKey: `e2e-ih-${Date.now()}`,
  });
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'checked by e2e' }, ops);
}

async function noSidewaysScroll(page: Page, frame?: ReturnType<Page['frames']>[number]): Promise<void> {
  const target = frame ?? page.mainFrame();
  const overflow = await target.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The game fits the screen: the framed game's stake and its spin (or roll) button are wholly
 * inside the page's viewport without scrolling the page or the game.
 */
async function expectControlsInView(page: Page, spinTestId: string): Promise<void> {
  const frame = page.frameLocator('[data-testid="game-frame"]');
  const viewport = page.viewportSize()!;
  for (const control of [frame.getByTestId('inhouse-stake'), frame.getByTestId(spinTestId)]) {
    const box = await control.boundingBox();
    expect(box, spinTestId).not.toBeNull();
    expect(box!.y, `${spinTestId} at ${viewport.width}×${viewport.height}`).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height, `${spinTestId} at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(
      viewport.height,
    );
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

let server: ExtraServer;

test.describe('in-house games', () => {
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer('inhouse', EXTRA_PORTS.inhouse, prepare);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('launch the slot, spin in the /game frame, the header balance follows, the round verifies and shows in the betting record', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const token = await register(page, server.baseURL);
    const a = { request, baseURL: server.baseURL, token };
    await deposit(a, '100');

    await page.goto(`${server.baseURL}/inhouse`);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*100,00/);
    await expect(page.getByRole('heading', { name: 'Jogos da casa' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'in-house lobby');
    await saveScreenshot(page, { path: path.join(SHOTS, 'inhouse-lobby-1366.png') });
    await page.getByTestId('inhouse-play-slot').click();

    await expect(page).toHaveURL(/\/game$/);
    const frameEl = page.getByTestId('game-frame');
    await expect(frameEl).toHaveAttribute('src', /\/inhouse\/play\/slot\?launch=[a-f0-9]{64}/);
    const frame = page.frameLocator('[data-testid="game-frame"]');
    const frameBalance = frame.getByTestId('inhouse-balance');
    await expect(frameBalance).toHaveText(/R\$\s*100,00/);
    await expectControlsInView(page, 'slot-spin');
    // The launch token in the frame URL did not replace the player's login.
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBe(token);

    // Spin until the balance moves (a spin paying back exactly its stake leaves it unchanged).
    let spins = 0;
    let shown = 'R$ 100,00';
    while (spins < 6) {
      await frame.getByTestId('slot-spin').click();
      spins++;
      await expect(frame.getByTestId('slot-result')).toContainText(/Você ganhou|Sem prêmio/);
      await expect(frame.getByTestId('slot-spin')).toBeEnabled();
      shown = (await frameBalance.textContent()) ?? '';
      if (!/100,00/.test(shown)) break;
    }
    expect(shown).not.toMatch(/100,00/);
    // The host page's header shows the same balance as the game, from the server.
    const amount = shown.replace(/[^\d,]/g, '');
    await expect(page.getByTestId('header-balance')).toContainText(amount);
    const balance = await callApi<{ sumBalance: string }>(a, 'GET', '/wps/v2/wallets/balance');
    expect(amount).toBe(Number(balance.sumBalance).toFixed(2).replace('.', ','));
    await saveScreenshot(page, { path: path.join(SHOTS, 'slot-1366.png') });

    // Provably fair: set a client seed, spin, rotate, and every round verifies in the browser.
    const panel = frame.getByTestId('fairness-panel');
    await panel.locator('summary').click();
    const hashBefore = (await panel.getByTestId('fair-hash').textContent())!;
    expect(hashBefore).toMatch(/^[a-f0-9]{64}$/);
    await panel.getByTestId('fair-client-seed-input').fill('e2e-lucky-seed');
    await panel.getByTestId('fair-client-seed-save').click();
    await expect(panel.getByTestId('fair-client-seed')).toHaveText('e2e-lucky-seed');
    await frame.getByTestId('slot-spin').click();
    await expect(frame.getByTestId('slot-spin')).toBeEnabled();
    await expect(panel.getByTestId('fair-nonce')).toHaveText(String(spins + 1));
    await expect(panel.getByTestId('fair-round').first()).toContainText('Semente ainda não revelada');
    await panel.getByTestId('fair-rotate').click();
    await expect(panel.getByTestId('fair-previous')).toContainText(hashBefore);
    await expect(panel.getByTestId('fair-hash')).not.toHaveText(hashBefore);
    await expect(panel.getByTestId('fair-nonce')).toHaveText('0');
    await expect(panel.getByTestId('fair-round')).toHaveCount(spins + 1);
    for (const round of await panel.getByTestId('fair-round').all()) await expect(round).toContainText('Conferido');
    await saveScreenshot(page, { path: path.join(SHOTS, 'slot-fairness-1366.png') });

    // Phones: the game fits 360×640 without sideways scrolling, its controls in view, in both themes.
    await page.setViewportSize({ width: 360, height: 640 });
    // As the page opens on a phone: the clicks above may have scrolled the host page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectControlsInView(page, 'slot-spin');
    const gameFrame = page.frame({ url: /\/inhouse\/play\/slot/ })!;
    await noSidewaysScroll(page);
    await noSidewaysScroll(page, gameFrame);
    await saveScreenshot(page, { path: path.join(SHOTS, 'slot-360-dark.png') });
    await gameFrame.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await saveScreenshot(page, { path: path.join(SHOTS, 'slot-360-light.png') });
    await expectNoSeriousA11yViolations(page, 'slot in /game (light, 360 px)');
    await page.evaluate(() => {
      document.documentElement.dataset.theme = 'dark';
    });

    // The betting record lists every spin, newest first, from the round records.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Menu da conta|Account menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Histórico de apostas' }).click();
    const record = page.getByTestId('betting-record');
    await expect(record.getByTestId('betting-record-row')).toHaveCount(spins + 1);
    await expect(record.getByTestId('betting-record-row').first()).toContainText('Lucky Fives');
    await expect(record.getByTestId('betting-record-row').first()).toContainText('Liquidada');
    await expect(record.getByTestId('betting-record-totals')).toContainText(String(spins + 1));
    const listed = await callApi<{ list: { payoutMinor: string; stakeMinor: string }[] }>(a, 'GET', '/wps/bet-record');
    expect(listed.list).toHaveLength(spins + 1);
    await expectNoSeriousA11yViolations(page, 'betting record');
    // Wide records get the width: no column hides behind a sideways scroll at 1366 px.
    const fit = await record.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(fit).toBeLessThanOrEqual(0);
    await saveScreenshot(page, { path: path.join(SHOTS, 'betting-record-1366.png') });
    // Filters: another category has nothing.
    await record.getByLabel('Categoria').selectOption('LIVE');
    await expect(record.getByText('Nenhuma aposta neste período')).toBeVisible();
    await record.getByLabel('Categoria').selectOption('RNG');
    await expect(record.getByTestId('betting-record-row')).toHaveCount(spins + 1);

    // Profit and loss from the same records.
    await page.getByRole('dialog').getByRole('button', { name: 'Lucros e perdas' }).click();
    const pnl = page.getByTestId('profit-page');
    await expect(pnl.getByTestId('profit-total')).toContainText(`${spins + 1} apostas`);
    await expect(pnl.getByTestId('profit-category-row')).toHaveCount(1);
    await expect(pnl.getByTestId('profit-day-row')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, 'profit and loss');
    await saveScreenshot(page, { path: path.join(SHOTS, 'profit-1366.png') });
    await page.setViewportSize({ width: 360, height: 780 });
    await noSidewaysScroll(page);
    await saveScreenshot(page, { path: path.join(SHOTS, 'profit-360.png') });
    await page.getByRole('dialog').getByRole('button', { name: 'Histórico de apostas' }).click();
    await expect(page.getByTestId('betting-record-row')).toHaveCount(spins + 1);
    await noSidewaysScroll(page);
    await saveScreenshot(page, { path: path.join(SHOTS, 'betting-record-360.png') });
    // The account record names the game money's kinds in Portuguese, never as codes.
    await page.getByRole('dialog').getByRole('button', { name: 'Registro da conta' }).click();
    const types = page.getByTestId('account-record-type');
    await expect(types.first()).toBeVisible();
    const names = await types.allTextContents();
    expect(names).toContain('Aposta');
    expect(names.filter((name) => /_|^[a-z]+$/.test(name))).toEqual([]);
  });

  test('play a dice round', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    const token = await register(page, server.baseURL);
    await deposit({ request, baseURL: server.baseURL, token }, '20');
    await page.goto(`${server.baseURL}/inhouse/dice`);
    await expect(page.getByRole('heading', { name: 'Provable Dice' })).toBeVisible();
    await noSidewaysScroll(page);
    await page.getByTestId('inhouse-detail-play-dice').click();
    await expect(page).toHaveURL(/\/game$/);
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$\s*20,00/);
    await expectControlsInView(page, 'dice-roll-button');
    // Odds in the player's language: 50,00% and a decimal comma.
    await expect(frame.getByText('50,00%')).toBeVisible();
    await frame.getByRole('radio', { name: 'Acima' }).click();
    await frame.getByTestId('dice-roll-button').click();
    await expect(frame.getByTestId('dice-roll')).toHaveText(/^\d{1,2},\d{2}$/);
    await expect(frame.getByTestId('dice-result')).toContainText(/Você ganhou|Sem prêmio/);
    const rolls = await callApi<{ list: { gameName: string; stakeMinor: string; status: string }[] }>(
      { request, baseURL: server.baseURL, token },
      'GET',
      '/wps/bet-record',
    );
    expect(rolls.list).toEqual([
      expect.objectContaining({ gameName: 'Provable Dice', stakeMinor: '100', status: 'settled' }),
    ]);
    const gameFrame = page.frame({ url: /\/inhouse\/play\/dice/ })!;
    await noSidewaysScroll(page, gameFrame);
    await expectNoSeriousA11yViolations(page, 'dice in /game (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'dice-360.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectControlsInView(page, 'dice-roll-button');
    await saveScreenshot(page, { path: path.join(SHOTS, 'dice-1366.png') });
  });
});
