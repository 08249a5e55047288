import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { createFinanceOperator, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { depositConfirmed } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * Only what can be played, as a newcomer finds it on a development server started with no vendor
 * settings at all: the server starts the reference vendor (apps/vendor-sandbox) beside itself and
 * connects its seamless (SBX) and transfer (SBT) vendors, so the fish page offers Sandbox Transfer
 * and nothing unconnected. Its game, launched with 0 in that vendor's wallet, offers the transfer
 * right on /game: too much is refused in place, an amount the main wallet holds moves and the game
 * starts with it. axe at 360 and 1366 px, dark and light, PT and EN.
 */

const SHOTS = path.join(ROOT, 'test-results', 'play-transfer');
const OPERATOR = { username: 'e2e.playtransfer', password: 'play-transfer-e2e-2026' };

let server: ExtraServer;

/** Both themes at the page's current width and language: the theme is switched in place. */
async function checkThemes(page: Page, label: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await expectNoSeriousA11yViolations(page, `${label} ${theme}`);
  }
}

test.describe('a transfer-wallet game with an empty vendor wallet', () => {
  test.setTimeout(150_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer('play-transfer', EXTRA_PORTS.playTransfer, (dataDir) => {
      disableRegisterCaptcha(dataDir);
      createFinanceOperator(dataDir, OPERATOR.username, OPERATOR.password);
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('offers the transfer on the game page, refuses too much there, and starts the game once the money moved', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const { token } = await signedInNewPlayer(page, server.baseURL, { prefix: 't', password: 'Lumen2024play' });
    await depositConfirmed({ request, baseURL: server.baseURL, token }, OPERATOR, '50');

    // Only connected vendors are offered: the sandbox's transfer vendor, not the unconnected reef vendor.
    await page.goto(`${server.baseURL}/fish`);
    const vendors = page.getByRole('list', { name: 'Fornecedores' });
    await expect(vendors.getByRole('button', { name: /Deep Reef Fishing/ })).toHaveCount(0);
    await vendors.getByRole('button', { name: /Sandbox Transfer/ }).click();
    await page
      .getByRole('dialog', { name: 'Sandbox Transfer' })
      .getByRole('button', { name: 'Jogar Ocean Hunter' })
      .click();
    await expect(page).toHaveURL(/\/game$/);

    const gate = page.getByTestId('transfer-gate');
    await expect(gate.getByRole('heading', { name: 'Sua carteira em Sandbox Transfer está vazia' })).toBeVisible();
    await expect(gate.getByTestId('gate-main-balance')).toHaveText(/R\$\s*50,00/);
    await expect(gate.getByTestId('gate-vendor-balance')).toHaveText(/R\$\s*0,00/);
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
    await checkThemes(page, 'transfer offer 1366 PT');
    await saveScreenshot(page, { path: path.join(SHOTS, 'offer-1366.png') });
    await page.setViewportSize({ width: 360, height: 760 });
    await expect(gate.getByRole('button', { name: 'Transferir e jogar' })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await checkThemes(page, 'transfer offer 360 PT');
    await saveScreenshot(page, { path: path.join(SHOTS, 'offer-360-light.png') });

    // The same offer in English (the stored language, read on reload): still nothing moved, still offered.
    await page.evaluate(() => {
      localStorage.setItem('lang', 'EN');
      localStorage.setItem('hisLang', 'EN');
    });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(gate.getByRole('heading', { name: 'Your Sandbox Transfer wallet is empty' })).toBeVisible();
    await checkThemes(page, 'transfer offer 360 EN');
    await page.setViewportSize({ width: 1366, height: 860 });
    await expect(gate.getByRole('button', { name: 'Transfer and play' })).toBeVisible();
    await checkThemes(page, 'transfer offer 1366 EN');

    // More than the main wallet holds: refused on the field, nothing moved, the game not started.
    await gate.getByLabel('Amount').fill('80');
    await gate.getByRole('button', { name: 'Transfer and play' }).click();
    await expect(gate.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
    await expect(gate.getByText('Insufficient balance.')).toBeVisible();
    await expect(gate.getByTestId('gate-main-balance')).toHaveText(/R\$\s*50[.,]00/);
    await expect(page.getByTestId('game-frame')).toHaveCount(0);

    // An amount it holds: the money moves to the vendor and the game starts with it.
    await gate.getByLabel('Amount').fill('20');
    await gate.getByRole('button', { name: 'Transfer and play' }).click();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('sandbox-balance')).toHaveText('20.00 BRL');
    await expect(gate).toHaveCount(0);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*30[.,]00/);
    await frame.getByTestId('sandbox-spin').click();
    await expect(frame.getByTestId('sandbox-result')).not.toBeEmpty();
    await saveScreenshot(page, { path: path.join(SHOTS, 'playing-1366.png') });
  });
});
