import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, runOps, startServer } from './support/servers';
import { setLook } from './support/looks';
import { saveScreenshot } from './support/screenshots';

/**
 * Site shell: language and theme persistence, the status pages, the login-to-home guard,
 * accessibility and screenshots. Operator flags are set with the ops CLI on a second server
 * with its own DATA_DIR, so the main test server stays in its default configuration.
 */

const SHOTS = path.join(ROOT, 'test-results', 'shell');

async function gotoHome(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('language and theme', () => {
  test('switching to EN and the light theme, then back to dark, survives reloads without a flash', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await gotoHome(page);
    // The header's buttons: until the permission call answers, the home hero shows a 'Log in' of its own.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('EN');
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

    await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    // No flash: the stored theme is on the document before any application code runs.
    await page.getByRole('banner').getByRole('button', { name: 'Light theme' }).click();
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.unroute(/\/assets\/.*\.js$/);
  });

  test('the menu lists only the languages the site is written in; a stored other one falls back to EN strings', async ({
    page,
  }) => {
    await gotoHome(page);
    const select = page.getByRole('combobox', { name: 'Idioma' });
    // The side menu, which holds the menu, is drawn after the first paint.
    await expect(select).toBeVisible();
    const listed = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(listed).toEqual(['PT', 'EN']);
    await expect(select).toHaveAccessibleDescription('Outros idiomas: use a tradução do seu navegador.');
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

  test('a token in the URL is stored and removed from the address bar', async ({ page }) => {
    await page.goto('/?token=not-a-real-token&x=1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/\?x=1$/);
    // The server rejects the bogus token, so the session is dropped and the visitor header shows.
    // (The header's button: the hero offers one too while another test has registration switched off.)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
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
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

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

  test('a blocked region shows the region-block page with the visitor IP and country', async ({ browser }) => {
    test.setTimeout(180_000);
    // The demo operator maps the RFC 5737 range 203.0.113.0/24 to US and blocks US.
    const server = await startServer('region', EXTRA_PORTS.region, () => undefined, { TRUST_PROXY: '1' });
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.7' } });
    try {
      const page = await context.newPage();
      await page.goto(`${server.baseURL}/`);
      await expect(page.getByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
      await expect(page.getByTestId('region-ip')).toHaveText('203.0.113.7');
      await expect(page.getByText('US', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Fale conosco' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'region block');
      await saveScreenshot(page, { path: path.join(SHOTS, 'region-block-dark-1280.png') });
    } finally {
      await context.close();
      await server.stop();
    }
  });

  test('the login-to-home guard sends a visitor to /login', async ({ page }) => {
    test.setTimeout(180_000);
    const server = await startServer('login-to-home', EXTRA_PORTS.loginToHome, (dataDir) =>
      runOps(dataDir, ['config:set', 'loginToHome', 'true']),
    );
    try {
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

test.describe('logged-in header', () => {
  test('free demo: balance with eye and refresh, trial blocked from the member centre, sign out', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await gotoHome(page);
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Demo grátis' }).click();

    const balance = page.getByTestId('header-balance');
    await expect(balance).toContainText('R$');
    await header.getByRole('button', { name: 'Ocultar saldo' }).click();
    await expect(balance).toHaveText('***');
    await page.reload();
    await expect(balance).toHaveText('***');
    await header.getByRole('button', { name: 'Mostrar saldo' }).click();
    await expect(balance).toContainText('R$');
    await header.getByRole('button', { name: 'Atualizar saldo' }).click();
    await expect(balance).toContainText('R$');

    // Trial accounts are told a real account is needed, from the avatar menu; the header says DEMO
    // and offers no deposit or withdrawal (e2e/storefront.spec.ts checks the other places).
    const trialWarning = 'Esta é uma conta de demonstração. Cadastre uma conta real para usar esta função.';
    await expect(header.getByText('DEMO', { exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Depositar' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Sacar' })).toHaveCount(0);
    await header.getByRole('button', { name: /Menu da conta/ }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    await expect(page.getByRole('dialog')).toContainText(trialWarning);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await saveScreenshot(page, { path: path.join(SHOTS, 'home-trial-dark-1366.png') });

    await header.getByRole('button', { name: /Menu da conta/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(header.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(
      await page.evaluate(() => [sessionStorage.getItem('token'), sessionStorage.getItem('merchantCode')]),
    ).toEqual([null, 'demo']);
  });
});

test.describe('accessibility and look', () => {
  test('home at 360 and 1366 px in both themes: no serious axe violations, no sideways scroll', async ({ page }) => {
    // One load; each theme set with the header's button and each width by resizing (the stored
    // theme read at a load is the first test's of this file).
    await gotoHome(page);
    for (const theme of ['dark', 'light'] as const) {
      for (const width of [360, 1366]) {
        const label = `home ${theme} ${width}`;
        await setLook(page, { width, theme, language: 'PT' });
        await expect(page.locator('html'), label).toHaveAttribute('data-theme', theme);
        await expectNoSeriousA11yViolations(page, label);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${label}: page width`,
        ).toBeLessThanOrEqual(width);
        await saveScreenshot(page, { path: path.join(SHOTS, `home-${theme}-${width}.png`) });
        await saveScreenshot(page, { path: path.join(SHOTS, `home-${theme}-${width}-full.png`), fullPage: true });
      }
    }
  });

  test('the login modal traps focus, closes on Escape and returns focus to its opener', async ({ page }) => {
    await gotoHome(page);
    const opener = page.getByRole('banner').getByRole('button', { name: 'Entrar' });
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login modal');
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
