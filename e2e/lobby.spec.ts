import path from 'node:path';
import { expect, test, type Page } from './support/test';
import {
  EXTRA_PORTS,
  ROOT,
  expectNoSeriousA11yViolations,
  runOps,
  startServer,
  type ExtraServer,
} from './support/servers';
import { disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { createOperatorWithCli } from './support/operators';
import { connectDemoVendors } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * Lobby: categories in the top navigation and side menu, category pages with
 * vendor cards and the game popup, the RNG page (vendor tabs, classify tabs, search, favourites,
 * infinite scroll, lazy images), launching the in-house slot into /game and seeing it as recently
 * played, the maintenance message with popular games, and the login popup for a visitor who
 * tries to favourite or play.
 *
 * Runs on a second built server whose registration captcha is off and where, before it started,
 * `npm run ops` put the game "Star Harbor" (SBX-slot-04) and the vendor "Card Room" (CRD) under
 * maintenance. Players see only vendors that can launch: the server connects the reference
 * vendor's SBX and SBT itself (development start), and the suite connects five more demo vendors
 * through the back office's API; "Aurora Live" (ALV) and the rest stay unconnected, so hidden.
 */

const SHOTS = path.join(ROOT, 'test-results', 'lobby');
const PASSWORD = 'Lumen2024play';
const ADMIN = { username: 'e2e.lobby.admin', password: 'lobby-e2e-admin-2026' };
/** One vendor behind each top-navigation entry besides the sandbox's, and the cockfight group. */
const CONNECTED = [
  { vassalage: 'NLT', walletModel: 'seamless' },
  { vassalage: 'KSB', walletModel: 'transfer' },
  { vassalage: 'AV', walletModel: 'transfer' },
  { vassalage: 'DS88', walletModel: 'transfer' },
  { vassalage: 'CRD', walletModel: 'seamless' },
] as const;

function prepare(dataDir: string): void {
  disableRegisterCaptcha(dataDir);
  runOps(dataDir, ['game:maintenance', 'SBX-slot-04', 'on', 'e2e']);
  runOps(dataDir, ['vendor:maintenance', 'CRD', 'on', 'e2e']);
  createOperatorWithCli(dataDir, ADMIN.username, 'admin', ADMIN.password);
}

async function register(page: Page, baseURL: string, path?: string): Promise<void> {
  await signedInNewPlayer(page, baseURL, { prefix: 'l', password: PASSWORD, path });
}

let server: ExtraServer;

test.describe('lobby', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(120_000);

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    server = await startServer('lobby', EXTRA_PORTS.lobby, prepare);
    const request = await playwright.request.newContext();
    await connectDemoVendors(request, server.baseURL, ADMIN, CONNECTED);
    await request.dispose();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('a visitor browses categories; favouriting or playing a game opens the login popup', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto(`${server.baseURL}/`);
    const topNav = page.getByRole('banner').getByRole('navigation', { name: 'Categorias de jogos' });
    // The header also holds the game search now: at 1366 px the last entry (E-sports) may move
    // into "Mais", which the next test checks.
    for (const name of ['Loteria', 'Cassino ao vivo', 'Esportes', 'Pesca', 'Slots', 'Jogos de cartas']) {
      await expect(topNav.getByRole('link', { name })).toBeVisible();
    }

    // Sports lists its own vendors and its groups (esports, cockfight).
    await topNav.getByRole('link', { name: 'Esportes' }).click();
    await expect(page).toHaveURL(/\/sports$/);
    const vendors = page.getByRole('list', { name: 'Fornecedores' });
    for (const name of ['Kickoff Sportsbook', 'AV Esports', 'DS88 Cockfight'])
      await expect(vendors.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    // Vendors without a connection are not offered at all.
    for (const name of ['IM Esports', 'DIG Cockfight'])
      await expect(vendors.getByRole('button', { name: new RegExp(name) })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'sports page');
    await saveScreenshot(page, { path: path.join(SHOTS, 'sports-visitor-1366.png'), fullPage: true });

    // The RNG page for a visitor: vendor tabs and the popular games; the full list needs login.
    await topNav.getByRole('link', { name: 'Slots' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Fornecedores de slots' }).getByRole('link', { name: 'In-house Games' }),
    ).toHaveAttribute('aria-current', 'page');
    await page
      .getByRole('navigation', { name: 'Fornecedores de slots' })
      .getByRole('link', { name: 'Sandbox Seamless' })
      .click();
    await expect(page).toHaveURL(/\/rng\?vassalage=SBX$/);
    const tile = page.locator('main .rng-games').getByRole('button', { name: 'Jogar Golden Lantern' });
    await expect(tile).toBeVisible();
    await expect(page.getByText('Entre para ver todos os jogos, marcar favoritos e jogar.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'rng page (visitor)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'rng-visitor-1366.png'), fullPage: true });

    await page
      .locator('main .rng-games')
      .getByRole('button', { name: 'Adicionar Golden Lantern aos favoritos' })
      .click();
    const login = page.getByRole('dialog');
    await expect(login.getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
    await login.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(login).toBeHidden();
    await tile.click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Entre na sua conta' })).toBeVisible();
  });

  test('a player at 1366 px: top navigation entries that do not fit move into "Mais", none is cut off', async ({
    page,
  }) => {
    const names = ['Loteria', 'Cassino ao vivo', 'Esportes', 'Pesca', 'Slots', 'Jogos de cartas', 'E-sports'];
    await page.setViewportSize({ width: 1366, height: 860 });
    await register(page, server.baseURL);
    const topNav = page.getByRole('banner').getByRole('navigation', { name: 'Categorias de jogos' });
    const more = topNav.getByRole('button', { name: 'Mais' });
    // The deposit, withdraw and balance controls leave too little room for every Portuguese label.
    await expect(more).toBeVisible();
    const navBox = (await topNav.boundingBox())!;
    const inBar: string[] = [];
    for (const name of names) {
      const link = topNav.getByRole('link', { name, exact: true });
      if ((await link.count()) === 0) continue;
      const box = (await link.boundingBox())!;
      expect(box.x, `${name} starts inside the nav`).toBeGreaterThanOrEqual(navBox.x - 1);
      expect(box.x + box.width, `${name} ends inside the nav`).toBeLessThanOrEqual(navBox.x + navBox.width + 1);
      inBar.push(name);
    }
    const moreBox = (await more.boundingBox())!;
    expect(moreBox.x + moreBox.width).toBeLessThanOrEqual(navBox.x + navBox.width + 1);
    expect(inBar.length).toBeGreaterThan(0);

    await more.click();
    const menu = topNav.getByRole('menu', { name: 'Mais' });
    const inMenu = await menu.getByRole('menuitem').allTextContents();
    expect([...inBar, ...inMenu]).toEqual(names);
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();

    await more.click();
    await menu.getByRole('menuitem', { name: 'E-sports' }).click();
    await expect(page).toHaveURL(/\/esports$/);
    await expect(menu).toBeHidden();
    await expect(more).toHaveClass(/active/);
    await expectNoSeriousA11yViolations(page, 'header with the More menu');
    await saveScreenshot(page, { path: path.join(SHOTS, 'nav-more-1366.png') });

    // With room for all of them there is no menu.
    await page.setViewportSize({ width: 1920, height: 900 });
    for (const name of names) await expect(topNav.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(more).toHaveCount(0);
  });

  test('a player browses RNG: classify tabs, search, favourite, infinite scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    // One tile image is broken: it is tried twice (one retry), then the default icon shows. Only the
    // lobby's requests count (the status page the player is signed in through asks for no tile).
    const brokenRequests: string[] = [];
    await page.route('**/games/tiles/sbx-slot-05.svg*', (route) => {
      if (new URL(route.request().headers().referer ?? 'http://x/').pathname === '/rng')
        brokenRequests.push(route.request().url());
      return route.fulfill({ status: 404, body: 'missing' });
    });
    // Signed in straight onto the lobby: the home is not what this test looks at.
    await register(page, server.baseURL, '/rng?vassalage=SBX');
    const games = page.locator('main .rng-games');
    const grid = games.getByRole('list', { name: 'Jogos de Sandbox Seamless' });
    // The fifth tile starts the grid's second row, at the fold: brought into view, it loads (lazily).
    await grid.locator('[data-node-id="SBX-slot-05"]').scrollIntoViewIfNeeded();
    await expect(grid.locator('[data-node-id="SBX-slot-05"]').getByTestId('game-image-fallback')).toBeVisible();
    expect(brokenRequests).toHaveLength(2);
    // Each tile states its game's RTP (the reference vendor's outcome table: 95.5 %).
    await expect(grid.locator('[data-node-id="SBX-slot-05"]').getByTestId('game-rtp')).toHaveText('RTP 95,5%');
    // Lazy: a tile far below the fold has not been requested yet.
    await expect(grid.locator('[data-node-id="SBX-slot-40"] img')).toHaveCount(0);
    // The first page holds 42; scrolling to the end loads the remaining 3.
    await expect(grid.getByRole('listitem')).toHaveCount(42);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(grid.getByRole('listitem')).toHaveCount(45);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(games.getByRole('tab', { name: 'Crash' })).toBeVisible();

    await games.getByRole('tab', { name: 'Crash' }).click();
    await expect(grid.getByRole('listitem')).toHaveCount(2);
    await games.getByRole('tab', { name: 'Todos' }).click();

    await games.getByRole('searchbox', { name: 'Buscar jogo' }).fill('ruby');
    await expect(grid.getByRole('listitem')).toHaveCount(1);
    await expect(grid.getByRole('button', { name: 'Jogar Ruby Rush' })).toBeVisible();
    await grid.getByRole('button', { name: 'Adicionar Ruby Rush aos favoritos' }).click();
    await expect(page.getByText('Ruby Rush adicionado aos favoritos.')).toBeVisible();
    await expect(grid.getByRole('button', { name: 'Remover Ruby Rush dos favoritos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await games.getByRole('searchbox', { name: 'Buscar jogo' }).fill('zzz');
    await expect(games.getByText('Nenhum jogo encontrado para "zzz". Tente outro nome.')).toBeVisible();
    await games.getByRole('searchbox', { name: 'Buscar jogo' }).fill('');

    await games.getByRole('tab', { name: 'Favoritos' }).click();
    const favourites = games.getByRole('list', { name: 'Favoritos' });
    await expect(favourites.getByRole('listitem')).toHaveCount(1);
    await expect(favourites.getByRole('button', { name: 'Jogar Ruby Rush' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'rng page (player, favourites)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'rng-favourites-1366.png'), fullPage: true });

    // The favourite survives a reload.
    await page.reload();
    await page.locator('main .rng-games').getByRole('searchbox', { name: 'Buscar jogo' }).fill('Ruby');
    await expect(
      page.locator('main .rng-games').getByRole('button', { name: 'Remover Ruby Rush dos favoritos' }),
    ).toBeVisible();

    // Images are drawn SVGs; they load lazily and a missing one falls back to the default icon.
    await page.locator('main .rng-games').getByRole('searchbox', { name: 'Buscar jogo' }).fill('');
    await expect(page.locator('main .rng-games img[src="/games/tiles/sbx-slot-01.svg"]')).toBeVisible();
    await saveScreenshot(page, { path: path.join(SHOTS, 'rng-player-1366.png') });

    // Launch from the lobby: the in-house slot opens in the /game iframe, then shows as recently played.
    // The lobby's own links lead there and back (one load for the whole walk).
    const slotVendors = page.getByRole('navigation', { name: 'Fornecedores de slots' });
    await slotVendors.getByRole('link', { name: 'In-house Games' }).click();
    await expect(page).toHaveURL(/\/rng\?vassalage=inhouse$/);
    await page.locator('main .rng-games').getByRole('button', { name: 'Jogar Lucky Fives' }).click();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.locator('iframe')).toHaveAttribute(
      'src',
      /\/inhouse\/play\/slot\?launch=[a-f0-9]{64}&game=inhouse-slot/,
    );
    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Categorias de jogos' })
      .getByRole('link', { name: 'Slots' })
      .click();
    await slotVendors.getByRole('link', { name: 'Sandbox Seamless' }).click();
    await expect(page).toHaveURL(/\/rng\?vassalage=SBX$/);
    await expect(page.getByTestId('recent-strip').getByRole('button', { name: 'Jogar Lucky Fives' })).toBeVisible();

    // Whether the lobby fits 360 px is page-width.spec.ts's (every route, as a player).
  });

  test('a game or vendor under maintenance shows the message and suggests popular games', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await register(page, server.baseURL, '/rng?vassalage=SBX');
    const games = page.locator('main .rng-games');
    await games.getByRole('searchbox', { name: 'Buscar jogo' }).fill('Star');
    await games.getByRole('button', { name: 'Star Harbor (em manutenção)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manutenção' });
    await expect(dialog.getByText('Star Harbor está em manutenção')).toBeVisible();
    await expect(
      dialog.getByText('O jogo está em manutenção. Experimente outros jogos populares enquanto isso.'),
    ).toBeVisible();
    await expect(
      dialog.getByTestId('maintenance-suggestions').getByRole('button', { name: 'Jogar Lucky Fives' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'maintenance dialog');
    await saveScreenshot(page, { path: path.join(SHOTS, 'maintenance-game-1366.png') });
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();

    // A vendor under maintenance: its card says so and opens the same message.
    await page.goto(`${server.baseURL}/pvp`);
    const card = page.getByRole('list', { name: 'Fornecedores' }).getByRole('button', { name: /Card Room/ });
    await expect(card).toContainText('Em manutenção');
    await card.click();
    await expect(
      page.getByRole('dialog', { name: 'Manutenção' }).getByText('Card Room está em manutenção'),
    ).toBeVisible();
    await saveScreenshot(page, { path: path.join(SHOTS, 'maintenance-vendor-1366.png') });
  });

  test('category pages open a vendor game popup; the side menu lists categories and hot vendors', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    await register(page, server.baseURL, '/fish');
    await page
      .getByRole('list', { name: 'Fornecedores' })
      .getByRole('button', { name: /Sandbox Transfer/ })
      .click();
    const popup = page.getByRole('dialog', { name: 'Sandbox Transfer' });
    await expect(popup.getByRole('list', { name: 'Jogos de Sandbox Transfer' }).getByRole('listitem')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page, 'game popup');
    await saveScreenshot(page, { path: path.join(SHOTS, 'game-popup-1366.png') });
    await popup.getByRole('button', { name: 'Fechar' }).first().click();

    const side = page.getByRole('complementary', { name: /menu/i });
    await side.getByRole('button', { name: 'Sandbox Seamless' }).click();
    await expect(page).toHaveURL(/\/rng\?vassalage=SBX$/);
    await side.getByRole('button', { name: 'Sandbox Transfer' }).click();
    await expect(page.getByRole('dialog', { name: 'Sandbox Transfer' })).toBeVisible();
    await page.keyboard.press('Escape');

    // A vendor without a connection could not launch, so it is not offered: the live page lists only the sandbox.
    const topNav = page.getByRole('banner').getByRole('navigation', { name: 'Categorias de jogos' });
    await topNav.getByRole('link', { name: 'Cassino ao vivo' }).click();
    await expect(page).toHaveURL(/\/live$/);
    const live = page.getByRole('list', { name: 'Fornecedores' });
    await expect(live.getByRole('button', { name: /Sandbox Seamless/ })).toBeVisible();
    await expect(live.getByRole('button', { name: /Aurora Live/ })).toHaveCount(0);
    // The slots vendor's card here counts its live tables and opens them, not its slots page.
    const sandboxLive = live.getByRole('button', { name: /Sandbox Seamless/ });
    await expect(sandboxLive).toContainText('7 jogos');
    await sandboxLive.click();
    const tables = page
      .getByRole('dialog', { name: 'Sandbox Seamless' })
      .getByRole('list', { name: 'Jogos de Sandbox Seamless' });
    await expect(tables.getByRole('listitem')).toHaveCount(7);
    await expect(tables.getByRole('button', { name: 'Jogar Live Baccarat A' })).toBeVisible();
    await expect(tables.getByRole('button', { name: 'Jogar Golden Lantern' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/live$/);

    // The light theme reads as well.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /tema claro/i })
      .click();
    await side.getByRole('button', { name: 'Sandbox Seamless' }).click();
    await expect(page).toHaveURL(/\/rng\?vassalage=SBX$/);
    await expect(page.locator('main .rng-games').getByRole('button', { name: 'Jogar Golden Lantern' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'rng page, light theme');
    await saveScreenshot(page, { path: path.join(SHOTS, 'rng-light-1366.png') });

    // The live page at 360 px is page-width.spec.ts's (every route, as a player).
  });
});
