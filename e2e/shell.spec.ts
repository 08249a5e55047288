import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, runOps, startServer } from './support/servers';
import { saveScreenshot } from './support/screenshots';

/**
 * Site shell: language and theme persistence, the status pages, the login-to-home guard and
 * screenshots. Operator flags are set with the ops CLI on a second server with its own DATA_DIR,
 * so the main test server stays in its default configuration.
 *
 * Checked elsewhere: the home's axe looks at both widths and themes (storefront.spec.ts, on a home
 * with every block filled), the header of a free-demo player (storefront.spec.ts, the trial
 * player), a dialog's focus trap, Escape and focus return (packages/ui/src/modal.test.tsx) and a
 * ?token= taken out of the address (features/auth/url-login.test.ts, auth.spec.ts's login link).
 */

const SHOTS = path.join(ROOT, 'test-results', 'shell');

async function gotoHome(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('language and theme', () => {
  test('the menu lists the written languages; EN and the light theme survive reloads without a flash; a stored other language falls back to EN strings', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await gotoHome(page);
    // The header's buttons: until the permission call answers, the home hero shows a 'Log in' of its own.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
    const select = page.getByRole('combobox', { name: 'Idioma' });
    // The side menu, which holds the menu, is drawn after the first paint.
    await expect(select).toBeVisible();
    const listed = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(listed).toEqual(['PT', 'EN']);
    await expect(select).toHaveAccessibleDescription('Outros idiomas: use a tradução do seu navegador.');

    await select.selectOption('EN');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('banner').getByRole('button', { name: 'Light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('EN');
    expect(await page.evaluate(() => [localStorage.getItem('hisLang'), localStorage.getItem('lang')])).toEqual([
      'EN',
      'EN',
    ]);

    // Back to dark and to light again: the stored choice follows each click (dark is also the
    // default, so only a stored light can show that a reload reads it, as the reloads here do).
    await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.getByRole('banner').getByRole('button', { name: 'Light theme' }).click();

    // No flash: the stored theme is on the document before any application code runs.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.unroute(/\/assets\/.*\.js$/);

    // A language chosen before the menu listed only complete ones stays shown, in English texts.
    await page.evaluate(() => localStorage.setItem('lang', 'VI'));
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('VI');
  });
});

test.describe('routing', () => {
  test('unbuilt routes show the 404 page, aliases show home, /login opens the login modal', async ({ page }) => {
    await page.goto('/tournaments#12');
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    await expect(page).toHaveURL(/\/tournaments#12$/);
    await gotoHome(page, '/index.html');
    await expect(page).toHaveURL(/\/index\.html$/);
    await page.goto('/login');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the side menu is a drawer on phones and collapses to a rail on desktop', async ({ page }) => {
    // Under the suite's reduced motion (playwright.config.ts), as a player who asks for it: the
    // drawer opens at once with focus on its first entry.
    await page.setViewportSize({ width: 360, height: 760 });
    await gotoHome(page);
    const menu = page.getByRole('complementary', { name: 'Menu principal' });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Início' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.setViewportSize({ width: 1366, height: 860 });
    await expect(menu).toBeVisible();
    // The menu's width is animated; widths are compared to the whole pixel once it settles.
    const menuWidth = async () => Math.round((await menu.boundingBox())?.width ?? 0);
    await expect.poll(menuWidth).toBe(240);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(menuWidth).toBeLessThan(240);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(menuWidth).toBe(240);
  });
});

test.describe('operator flags', () => {
  test('the maintenance flag shows the maintenance page', async ({ page }) => {
    test.setTimeout(180_000);
    const server = await startServer('maintenance', EXTRA_PORTS.maintenance, (dataDir) =>
      runOps(dataDir, ['config:set', 'maintenance', 'true']),
    );
    try {
      const status = await (await fetch(`${server.baseURL}/wps/system/status`)).json();
      expect(status).toEqual({ success: true, value: 1 });
      await page.goto(`${server.baseURL}/`);
      await expect(page.getByRole('heading', { name: 'Estamos em manutenção' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'maintenance');
      await saveScreenshot(page, { path: path.join(SHOTS, 'maintenance-dark-1280.png') });
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await expect(page.getByRole('heading', { name: 'Estamos em manutenção' })).toBeVisible();
    } finally {
      await server.stop();
    }
  });

  test('one server with login-to-home on and the proxy trusted: a blocked region shows the region-block page with the visitor IP and country; the login-to-home guard sends a visitor to /login', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // The region check answers before any route is drawn (the status call), so the login-to-home
    // guard, which only routes, cannot hide it: both flags share one server start.
    const server = await startServer(
      'login-to-home',
      EXTRA_PORTS.loginToHome,
      (dataDir) => runOps(dataDir, ['config:set', 'loginToHome', 'true']),
      { TRUST_PROXY: '1' },
    );
    try {
      // The demo operator maps the RFC 5737 range 203.0.113.0/24 to US and blocks US.
      const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.7' } });
      const blocked = await context.newPage();
      await blocked.goto(`${server.baseURL}/`);
      await expect(blocked.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
      await expect(blocked.getByTestId('region-ip')).toHaveText('203.0.113.7');
      await expect(blocked.getByText('US', { exact: true })).toBeVisible();
      await expect(blocked.getByRole('link', { name: 'Fale conosco' })).toBeVisible();
      await expectNoSeriousA11yViolations(blocked, 'region block');
      await saveScreenshot(blocked, { path: path.join(SHOTS, 'region-block-dark-1280.png') });
      await context.close();

      await page.goto(`${server.baseURL}/promotions`);
      await expect(page).toHaveURL(`${server.baseURL}/login`);
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.goto(`${server.baseURL}/`);
      await expect(page).toHaveURL(`${server.baseURL}/login`);
      await page.goto(`${server.baseURL}/register`);
      await expect(page).toHaveURL(`${server.baseURL}/register`);
    } finally {
      await server.stop();
    }
  });
});
