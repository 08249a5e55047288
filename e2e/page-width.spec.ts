import { expect, test, type Browser, type Page, type TestInfo } from './support/test';
import { INHOUSE_GAMES } from '../packages/shared/src/schemas/inhouse';
import type { LiveContentItem } from '../packages/shared/src/schemas/content';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from '../apps/server/src/db/seed-demo-operators';
import { makeAgent, memberPageIn, registerMember, type Member } from './support/agents';
import { operatorLogin } from './support/operators';
import {
  agentCentrePages,
  bringInWaitingLanes,
  backofficeScreens,
  measureWidth,
  memberCentrePages,
  siteRoutes,
  watchLoading,
  widthProblem,
} from './support/page-width';
import { EXTRA_PORTS, runOps, startDemoServer, type ExtraServer } from './support/servers';
import { callApi, openWithSessionToken, type Api } from './support/setup';

/**
 * Nothing scrolls the page sideways: every route of the player site at 360 px (a phone) as a
 * visitor, a signed-in player (with every page of the member centre) and a signed-in agent (with
 * every page of the agent centre), and every back-office screen at 1024 px as an admin, on the
 * permissive demo with its content (promotions, banners, rewards) as a newcomer installs it. The
 * routes are read from the apps' sources (support/page-width.ts). A page that is wider than the
 * viewport hides the header's buttons and the tab bar off to the side; the failure names each
 * such route, its width and the elements reaching furthest right that no scroller holds in.
 */

const SITE = { width: 360, height: 780 };
const BACKOFFICE = { width: 1024, height: 800 };
/** The admin the permissive demo installs; it enrols two-factor at its first sign-in. */
const DEMO_ADMIN = {
  username: DEMO_OPERATORS.find((o) => o.role === 'admin')!.username,
  password: DEMO_OPERATOR_PASSWORD,
};
/** The route the member and agent centres open over: a light page, the home's lanes being measured on their own. */
const UNDER_PANELS = '/terms';
/** Screenshots kept of the routes that do not fit, per role (each costs a busy core about a second). */
const SHOTS_PER_ROLE = 3;

test.describe.configure({ timeout: 120_000 });

let server: ExtraServer;
let ops: Api;
let promotionIds: string[];

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  server = await startDemoServer('page-width', EXTRA_PORTS.pageWidth);
  // The suites register their players through the API, which the image captcha would stop.
  runOps(server.dataDir, ['config:patch', 'register', JSON.stringify({ showCaptcha: false })]);
  const request = await playwright.request.newContext();
  // The running server reads its settings again within seconds (system.service.ts, cacheMs).
  await expect
    .poll(async () => {
      const answer = await request.get(`${server.baseURL}/wps/system/setting/register`);
      return ((await answer.json()) as { value: { showCaptcha: boolean } }).value.showCaptcha;
    })
    .toBe(false);
  ops = {
    request,
    baseURL: server.baseURL,
    token: await operatorLogin(request, server.baseURL, DEMO_ADMIN.username, DEMO_ADMIN.password),
  };
  const promotions = (await (await request.get(`${server.baseURL}/wps/content/promotions`)).json()) as {
    value: { list: LiveContentItem[] };
  };
  promotionIds = promotions.value.list.map((p) => p.id);
  // The home strip, where the first overflow was found, must be there to be measured.
  expect(promotionIds.length, 'the demo content has live promotions').toBeGreaterThan(1);
});

test.afterAll(async () => {
  await ops?.request.dispose();
  await server?.stop();
});

/**
 * The site's routes, the in-house games' pages filled in, a promotion's page with a live promotion;
 * with `aliases`, also the routes that render a page another one does (the visitor's walk has them,
 * the signed-in walks, which would see the same page again, do not).
 */
function siteAddresses({ aliases }: { aliases: boolean }): string[] {
  const routes = siteRoutes({ game: Object.values(INHOUSE_GAMES) });
  expect(routes.skipped, 'site routes with a parameter this check cannot fill').toEqual([]);
  // A guard against a change of the routes file's shape leaving the check with nothing to visit.
  expect(routes.paths.length, 'routes read from app-routes.tsx').toBeGreaterThan(30);
  const paths = aliases ? [...routes.paths, ...routes.aliases] : routes.paths;
  return paths.map((p) => (p === '/promoDetail' ? `${p}?id=${promotionIds[0]}` : p));
}

/** A page at `viewport` in Portuguese, signed in as `member` when given (as a login leaves it). */
async function sitePage(browser: Browser, member?: Member): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: SITE });
  return member ? memberPageIn(context, server.baseURL, member) : context.newPage();
}

type Checker = ReturnType<typeof widthChecker>;

/** Measures one role's pages and keeps what does not fit, with a screenshot of the first few. */
function widthChecker(page: Page, testInfo: TestInfo, role: string) {
  const { settle } = watchLoading(page);
  const problems: string[] = [];
  const slow: string[] = [];
  const started = Date.now();
  let seconds = 0;
  let checked = 0;
  const check = async (where: string) => {
    const loading = await settle();
    if (loading) slow.push(`${where} (${loading})`);
    await bringInWaitingLanes(page, settle);
    checked++;
    const problem = widthProblem(`${role} at ${where}`, await measureWidth(page));
    if (!problem) return;
    problems.push(problem);
    if (problems.length > SHOTS_PER_ROLE) return;
    // Kept in the test's output folder (test-results/…), beside Playwright's own of the moment it failed.
    const shot = testInfo.outputPath(`${role}-${where.replace(/\W+/g, '_')}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`${role} at ${where}`, { path: shot, contentType: 'image/png' });
  };
  return {
    /** Open `address` with a fresh load and measure it once it settled. */
    visit: async (address: string) => {
      await page.goto(new URL(address, server.baseURL).toString());
      await check(address);
    },
    /**
     * Open `address` inside the app already loaded, as its own links do (the router follows the
     * history's popstate), and measure it once it settled: a fresh load starts the app again, and
     * the back office, one bundle, is compiled again each time.
     */
    follow: async (address: string) => {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, address);
      await check(address);
    },
    check,
    /** The walk is over: its time goes in the summary. */
    finish: () => {
      seconds = Math.round((Date.now() - started) / 1000);
    },
    summary: () =>
      `${role}: ${checked} pages measured in ${seconds} s${slow.length ? `; still loading after the wait: ${slow.join(', ')}` : ''}`,
    problems,
  };
}

/** Fail with every page that did not fit, of every role; the count measured in the log. */
function verdict(checkers: readonly Checker[]): void {
  for (const checker of checkers) console.log(`page width, ${checker.summary()}`);
  const problems = checkers.flatMap((c) => c.problems);
  expect(problems, `pages wider than the viewport:\n${problems.join('\n')}`).toEqual([]);
}

/**
 * Every route of the site, the visitor's walk with the aliases too. The visitor's first page is a
 * fresh load (the signed-in pages are open already); every other route is followed inside the app,
 * as its own links do: what is measured is the page a route renders, the same either way, and a
 * fresh load starts the whole app again (about a second and a half of a busy core in the browser
 * for each of some forty routes).
 */
async function walkSite(checker: Checker, role: string): Promise<void> {
  const visitor = role === 'visitor';
  for (const [index, address] of siteAddresses({ aliases: visitor }).entries())
    await (visitor && index === 0 ? checker.visit : checker.follow)(address);
}

/** The member centre's pages: it has no address, so its menu opens each (one entry per page of its PAGES). */
async function walkMemberCentre(page: Page, checker: Checker): Promise<void> {
  await checker.visit(UNDER_PANELS);
  await page.getByRole('navigation', { name: 'Navegação rápida' }).getByRole('button', { name: 'Conta' }).click();
  const entries = page.getByRole('navigation', { name: 'Páginas da central do membro' }).getByRole('button');
  await expect(entries.first()).toBeVisible();
  const names = await entries.allTextContents();
  // transferUpline is shown only to a member whose upline takes transfers.
  expect(names.length, `member centre menu: ${names.join(', ')}`).toBeGreaterThanOrEqual(
    memberCentrePages().length - 1,
  );
  for (const [index, name] of names.entries()) {
    await entries.nth(index).click();
    await expect(entries.nth(index)).toHaveAttribute('aria-current', 'page');
    await checker.check(`member centre: ${name}`);
  }
}

/** The agent centre's pages, each by its address (`?agentCentre=<key>`). */
async function walkAgentCentre(page: Page, checker: Checker): Promise<void> {
  const { param, pages } = agentCentrePages();
  for (const key of pages) {
    await checker.follow(`${UNDER_PANELS}?${param}=${key}`);
    await expect(page.getByRole('dialog', { name: 'Centro do agente' })).toBeVisible();
  }
}

test('every route of the site fits 360 px as a visitor, a player (member centre) and an agent (agent centre)', async ({
  browser,
}, testInfo) => {
  const [player, agent, downline] = await Promise.all(
    ['pwpl', 'pwag', 'pwdn'].map((prefix) => registerMember(ops.request, server.baseURL, prefix)),
  );
  await makeAgent(ops, agent!);
  // A downline, so the team's pages have a row to lay out.
  await callApi(ops, 'POST', `/ops/agents/${downline!.id}/move`, { uplineId: agent!.id, reason: 'recruited' });
  // The three roles walk at once, each in its own browser context: most of a page's time is
  // waiting for its requests and the quiet after them, which the others use.
  const walkers = await Promise.all([
    sitePage(browser).then((page) => ({ role: 'visitor', page, extra: null })),
    sitePage(browser, player).then((page) => ({ role: 'player', page, extra: walkMemberCentre })),
    sitePage(browser, agent).then((page) => ({ role: 'agent', page, extra: walkAgentCentre })),
  ]);
  const checkers = walkers.map(({ role, page }) => widthChecker(page, testInfo, role));
  await Promise.all(
    walkers.map(async ({ role, page, extra }, index) => {
      const checker = checkers[index]!;
      await walkSite(checker, role);
      await extra?.(page, checker);
      checker.finish();
    }),
  );
  verdict(checkers);
});

/**
 * Games in the first screen: on the home page, a visitor and a signed-in player see a whole game
 * tile without scrolling, at 1366×768 and at 360×780 (above the phones' tab bar), under the demo's
 * banners. The four pages load at once, each in its own context.
 */
test('the home page shows a game tile in the first screen at 1366×768 and 360×780, as a visitor and a player', async ({
  browser,
}) => {
  const player = await registerMember(ops.request, server.baseURL, 'pwfs');
  const cases = [
    { width: 1366, height: 768 },
    { width: 360, height: 780 },
  ].flatMap((viewport) => [
    { viewport, member: undefined, role: 'visitor' },
    { viewport, member: player, role: 'player' },
  ]);
  const results = await Promise.all(
    cases.map(async ({ viewport, member, role }) => {
      const where = `${role} at ${viewport.width}×${viewport.height}`;
      const context = await browser.newContext({ locale: 'pt-BR', viewport });
      try {
        const page = member ? await memberPageIn(context, server.baseURL, member) : await context.newPage();
        if (!member) await page.goto(server.baseURL);
        // The banners are part of the first screen being checked: wait for them as for the games.
        await expect(page.getByRole('region', { name: 'Destaques' }).getByRole('img').first(), where).toBeVisible();
        const tile = page.locator('.game-tile:not(.game-tile--skeleton) .game-tile__play').first();
        await expect(tile, where).toBeVisible({ timeout: 30_000 });
        return await tile.evaluate((el, label) => {
          const box = el.getBoundingClientRect();
          // The phones' tab bar is fixed over the bottom of the screen: a tile under it is not seen.
          const bar = document.querySelector('nav[aria-label="Navegação rápida"]');
          const barTop = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect().top : Infinity;
          const bottom = Math.min(window.innerHeight, barTop);
          const inView = window.scrollY === 0 && box.top >= 0 && box.bottom <= bottom;
          return inView
            ? null
            : `${label}: first tile at ${Math.round(box.top)}–${Math.round(box.bottom)} px, screen ends at ${Math.round(bottom)} px (scrolled ${window.scrollY})`;
        }, where);
      } finally {
        await context.close();
      }
    }),
  );
  expect(results.filter(Boolean), 'home pages without a whole game tile in the first screen').toEqual([]);
});

test('every back-office screen fits 1024 px as an admin', async ({ browser }, testInfo) => {
  const player = await registerMember(ops.request, server.baseURL, 'pwbo');
  const draws = await callApi<{ list: { drawId: string }[] }>(ops, 'GET', '/ops/lottery/draws');
  const { paths, skipped } = backofficeScreens({
    playerId: [player.id],
    drawId: draws.list.slice(0, 1).map((d) => d.drawId),
  });
  // A fresh demo has no behaviour flag and no AML case to open.
  expect(skipped.sort(), 'back-office screens with a parameter this check cannot fill').toEqual([
    '/backoffice/compliance/aml/:caseId',
    '/backoffice/compliance/monitoring/:flagId',
  ]);
  expect(paths.length, 'screens read from screens.tsx').toBeGreaterThan(40);
  const context = await browser.newContext({ locale: 'pt-BR', viewport: BACKOFFICE });
  const page = await context.newPage();
  const checker = widthChecker(page, testInfo, 'admin');
  await openWithSessionToken(page, server.baseURL, { key: 'wps.backoffice.token', token: ops.token }, '/backoffice/');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
  for (const address of paths) {
    await checker.follow(address);
    await expect(page.getByRole('button', { name: 'Sair' }), `${address}: still signed in`).toBeVisible();
    // Every path of the list has a screen: the 404 page would mean the router did not follow.
    await expect(page.locator('#not-found-title'), `${address}: a screen`).toHaveCount(0);
  }
  checker.finish();
  verdict([checker]);
});
