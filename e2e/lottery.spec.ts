import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { createOperatorWithCli, operatorLogin } from './support/operators';
import {
  type Api,
  callApi,
  createFinanceOperator,
  disableRegisterCaptcha,
  openSignedIn,
  registerThroughApi,
} from './support/setup';
import { depositConfirmed } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * The lottery's player pages: a quick-draw ticket placed through the slip, won on the draw's
 * result without a reload, paid into the header balance, listed in the betting record and
 * verified from the revealed seed (in the page and with scripts/verify-lottery.mjs); a liability
 * limit lowered in the back office trimming a bet; every lottery page at both widths.
 *
 * Runs its own server (EXTRA_PORTS.lottery): the suite lowers E5D-1's liability limit, which would
 * disturb any other suite betting on it, and deposits real money.
 */

const SHOTS = path.join(ROOT, 'test-results', 'lottery');
const PASSWORD = 'Lumen2024play';
const FINANCE = { username: 'e2e.lottery.fin', password: 'lottery-e2e-fin-2026' };
const ADMIN = { username: 'e2e.lottery.admin', password: 'lottery-e2e-admin-2026' };
const VIEWPORTS = [
  { width: 360, height: 780 },
  { width: 1366, height: 900 },
] as const;

let server: ExtraServer;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer(
    'lottery',
    EXTRA_PORTS.lottery,
    (dataDir) => {
      disableRegisterCaptcha(dataDir);
      createFinanceOperator(dataDir, FINANCE.username, FINANCE.password);
      createOperatorWithCli(dataDir, ADMIN.username, 'admin', ADMIN.password);
    },
    // The calendar clock runs ahead to a draw's time instead of the test waiting for it.
    { TEST_CLOCK_DOOR: '1' },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** A new player with `amount` deposited and confirmed, through the API; no page is opened yet. */
async function fundedPlayer(request: Api['request'], amount: string): Promise<Api> {
  const { token } = await registerThroughApi(request, server.baseURL, { prefix: 'lt', password: PASSWORD });
  const a = { request, baseURL: server.baseURL, token };
  await depositConfirmed(a, FINANCE, amount);
  return a;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements past the right edge name the culprit when this fails.
    const past = Array.from(document.querySelectorAll('body *')).filter(
      (el) =>
        el.getBoundingClientRect().right > width + 1 &&
        (el.parentElement?.getBoundingClientRect().right ?? 0) <= width + 1,
    );
    const chain: string[] = [];
    for (let el: Element | null = past[0] ?? null; el && el !== document.body; el = el.parentElement) {
      const r = el.getBoundingClientRect();
      chain.push(`${el.tagName}.${String(el.className)} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
    return {
      by: document.documentElement.scrollWidth - width,
      past: [...past.slice(0, 3).map((el) => `${el.tagName}.${el.className}`), ...chain],
    };
  });
  expect(overflow.by, overflow.past.join(', ')).toBeLessThanOrEqual(0);
}

type Opened = { current: { numero: string; closesAt: string; drawAt: string } | null; serverTime: string };

/** Run the server's calendar clock ahead by `ms` from where it is (the test clock door). */
async function runClockAhead(a: Api, ms: number): Promise<void> {
  const clock = (await (await a.request.get(`${server.baseURL}/dev/clock`)).json()) as { value: { offsetMs: number } };
  const moved = await a.request.put(`${server.baseURL}/dev/clock`, {
    data: { offsetMs: clock.value.offsetMs + Math.max(0, ms) },
  });
  expect(moved.ok()).toBe(true);
}

/** Run the calendar clock a second past the draw `numero`'s time: the lottery clock then closes, decides and settles it. */
async function runClockPast(a: Api, gameCode: string, numero: string): Promise<void> {
  const opened = await callApi<Opened>(a, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${gameCode}`);
  // Its cut-off passed already: the draw is due within its close-before seconds anyway.
  if (opened.current?.numero !== numero) return;
  await runClockAhead(a, Date.parse(opened.current.drawAt) - Date.parse(opened.serverTime) + 1_000);
}

/**
 * A draw of `gameCode` open for at least `seconds` more: when the current one closes sooner, the
 * calendar clock runs past its cut-off and the next draw opens, instead of the test waiting.
 */
async function openDrawWithTime(a: Api, gameCode: string, seconds: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const opened = await callApi<Opened>(a, 'GET', `/lotto/lgw/games/opened/numero?gameCode=${gameCode}`);
        const left = opened.current ? Date.parse(opened.current.closesAt) - Date.parse(opened.serverTime) : 0;
        if (opened.current && left < seconds * 1000) await runClockAhead(a, left + 1_000);
        return left;
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBeGreaterThanOrEqual(seconds * 1000);
}

/** Seconds left on the page's countdown ("mm:ss"). */
async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('lottery-countdown').textContent()) ?? '';
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

/** Wait for a draw with enough time before its cut-off to place a bet through the UI. */
async function waitForBettingTime(page: Page, seconds: number): Promise<void> {
  await expect(page.getByTestId('lottery-countdown')).toHaveText(/^\d\d:\d\d$/, { timeout: 30_000 });
  await expect
    .poll(() => countdownSeconds(page), { timeout: 90_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(seconds);
}

test('a quick-draw ticket on every digit wins, pays into the balance, shows in the betting record and verifies', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const a = await fundedPlayer(request, '100');
  await openDrawWithTime(a, 'E5D-1', 20);
  await openSignedIn(page, server.baseURL, a.token, '/lottery?gameCode=E5D-1');
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*100,00/);
  const game = page.getByTestId('lottery-game');
  await expect(game.getByRole('heading', { name: '5D Lotto' })).toBeVisible();
  await waitForBettingTime(page, 15);

  // Position 1 with all ten digits: ten lines of R$ 1,00, one of which must win 9.8×.
  const slip = page.getByTestId('lottery-slip');
  await slip.getByTestId('slip-stake').fill('1');
  await slip.getByTestId('slip-bet-type').selectOption('position');
  await slip.getByTestId('slip-position').selectOption('1');
  await slip.getByTestId('slip-all').click();
  await expect(slip.getByTestId('slip-selection-price')).toHaveText(/10 linhas, total R\$\s*10,00/);
  await slip.getByTestId('slip-add').click();
  await expect(slip.getByTestId('slip-total')).toHaveText(/R\$\s*10,00/);
  // A double click places one ticket (one idempotency key per submit).
  await slip.getByTestId('slip-place').dblclick();
  await expect(slip.getByTestId('slip-placed')).toBeVisible();
  const open = page.getByTestId('lottery-tickets-open').getByTestId('lottery-ticket');
  await expect(open).toHaveCount(1);
  const numero = (await open.first().getAttribute('data-numero'))!;
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*90,00/);
  await expectNoSeriousA11yViolations(page, 'E5D-1 with an open ticket, 1366');
  await saveScreenshot(page, { path: path.join(SHOTS, 'quick-draw-1366.png'), fullPage: true });

  // The result arrives without a reload, pushed by the server's live events: while the stream is
  // up (the badge) the page does not poll, so the ticket, the results and the balance move only
  // because the draw's close, result and settlement were pushed. The calendar clock (the test
  // clock door) runs past the draw's time rather than the test waiting up to a minute for it.
  await expect(game.getByTestId('lottery-live')).toBeVisible();
  await runClockPast(a, 'E5D-1', numero);
  const settled = page
    .getByTestId('lottery-tickets-settled')
    .locator(`[data-testid="lottery-ticket"][data-numero="${numero}"]`);
  await expect(settled).toHaveAttribute('data-status', 'won', { timeout: 30_000 });
  await expect(settled.getByTestId('lottery-ticket-payout')).toHaveText(/R\$\s*9,80/);
  await expect(open).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*99,80/);
  const tickets = await callApi<{ list: { status: string; payoutMinor: string | null }[] }>(
    a,
    'GET',
    '/lgw/tickets?status=settled',
  );
  expect(tickets.list).toEqual([expect.objectContaining({ status: 'won', payoutMinor: '980' })]);

  // The draw's revealed seed verifies in the page and with the stand-alone script.
  const card = page.locator(`[data-testid="lottery-draw"][data-numero="${numero}"]`).first();
  await expect(card).toBeVisible();
  if (!(await card.getByTestId('lottery-verify').isVisible())) await card.locator('summary').first().click();
  await card.getByTestId('lottery-verify').click();
  await expect(card.getByTestId('lottery-verify-status')).toHaveAttribute('data-status', 'verified');
  const shown = (await card.getByTestId('lottery-result-numbers').getAttribute('data-result'))!;
  const seed = (await card.getByTestId('lottery-seed').textContent())!.trim();
  const hash = (await card.getByTestId('lottery-seed-hash').textContent())!.trim();
  const out = execFileSync(
    'node',
    [
      'scripts/verify-lottery.mjs',
      '--family',
      'digits5',
      '--seed',
      seed,
      '--hash',
      hash,
      '--draw',
      `E5D-1:${numero}`,
      '--json',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const verified = JSON.parse(out) as { hashMatches: boolean; result: { numbers: number[] } };
  expect(verified.hashMatches).toBe(true);
  expect(verified.result.numbers.join(',')).toBe(shown);
  await saveScreenshot(page, { path: path.join(SHOTS, 'quick-draw-won-1366.png'), fullPage: true });

  // Phones: the same page, at 360 px, fits.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(page.locator(`[data-testid="lottery-draw"][data-numero="${numero}"]`).first()).toBeVisible();
  await expect(page.getByTestId('lottery-tickets-settled').getByTestId('lottery-ticket').first()).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, 'E5D-1 settled, 360');
  await saveScreenshot(page, { path: path.join(SHOTS, 'quick-draw-360.png'), fullPage: true });

  // The ticket's round is in the betting record.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Menu da conta|Account menu/ })
    .click();
  await page.getByRole('menuitem', { name: 'Histórico de apostas' }).click();
  const record = page.getByTestId('betting-record');
  await expect(record.getByTestId('betting-record-row')).toHaveCount(1);
  await expect(record.getByTestId('betting-record-row')).toContainText('5D Lotto');
  await expect(record.getByTestId('betting-record-row')).toContainText(`sorteio ${numero}`);
  await expect(record.getByTestId('betting-record-row')).toContainText(/R\$\s*9,80/);
  // The round is the player's tickets on the draw: one here, won.
  const detail = record.getByTestId('lottery-ticket-detail');
  await detail.getByText(`1 bilhete · sorteio ${numero}`).click();
  await expect(detail.getByTestId('lottery-round-ticket')).toHaveCount(1);
  await expect(detail.getByTestId('lottery-round-ticket')).toContainText('Ganhou');
});

test('a liability limit lowered in the back office trims a bet, and the slip says so', async ({ page, request }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const a = await fundedPlayer(request, '100');
  const ops = await operatorLogin(request, server.baseURL, ADMIN.username, ADMIN.password);
  type Game = {
    code: string;
    name: string;
    paytable: Record<string, unknown>;
    limits: Record<string, string>;
    status: 'active' | 'paused';
    closeBeforeSeconds: number;
    sortOrder: number;
  };
  const games = await callApi<Game[]>(a, 'GET', '/ops/lottery/games', undefined, ops);
  const e5d = games.find((g) => g.code === 'E5D-1')!;
  // R$ 5,00 of liability per number: a digit at 9.8× takes at most R$ 0,51 a line.
  await callApi(
    a,
    'PUT',
    '/ops/lottery/games/E5D-1',
    {
      name: e5d.name,
      paytable: e5d.paytable,
      limits: { ...e5d.limits, perKeyMinor: '500' },
      status: e5d.status,
      closeBeforeSeconds: e5d.closeBeforeSeconds,
      sortOrder: e5d.sortOrder,
      reason: 'e2e: a small liability limit',
    },
    ops,
  );

  await openDrawWithTime(a, 'E5D-1', 20);
  await openSignedIn(page, server.baseURL, a.token, '/lottery?gameCode=E5D-1&playType=position');
  await waitForBettingTime(page, 15);
  const slip = page.getByTestId('lottery-slip');
  await expect(slip.getByTestId('slip-bet-type')).toHaveValue('position');
  await slip.getByTestId('slip-stake').fill('10');
  await slip.getByTestId('slip-position').selectOption('2');
  await slip.getByTestId('slip-numbers').getByRole('button', { name: '7', exact: true }).click();
  await slip.getByTestId('slip-add').click();
  await slip.getByTestId('slip-place').click();
  const trimmed = slip.getByTestId('slip-trimmed');
  await expect(trimmed).toContainText('limite de responsabilidade');
  await expect(trimmed).toContainText(/R\$\s*0,51 por linha em vez de R\$\s*10,00/);
  await expect(page.getByTestId('lottery-tickets-open').getByTestId('lottery-ticket')).toContainText(
    /reduzido de R\$\s*10,00/,
  );
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*99,49/);
  await expectNoSeriousA11yViolations(page, 'trimmed slip');
  await saveScreenshot(page, { path: path.join(SHOTS, 'trimmed-1366.png'), fullPage: true });
});

test('my tickets show twenty at a time, and "Ver mais" reads the next page', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const a = await fundedPlayer(request, '100');
  // All on one draw with at least 45 s to its cut-off, so none settles (and leaves the open list)
  // meanwhile: the rest of the test takes about 10 s. When the five-minute draw closes sooner, the
  // calendar clock runs past its cut-off to the next one instead of the test waiting for it.
  await openDrawWithTime(a, 'EKENO-5', 46);
  const placed: string[] = [];
  while (placed.length < 23) {
    const response = await request.post(`${server.baseURL}/lgw/tickets`, {
      headers: { authorization: a.token },
      data: {
        gameCode: 'EKENO-5',
        idempotencyKey: `e2e-more-${placed.length}-${Date.now()}`,
        selections: [{ betType: 'pick', numbers: [placed.length + 1], stakePerLineMinor: '100' }],
      },
    });
    const body = (await response.json()) as { success: boolean; value?: { ticket: { ticketId: string } } };
    expect(body.success, JSON.stringify(body)).toBe(true);
    placed.push(body.value!.ticket.ticketId);
  }
  await openSignedIn(page, server.baseURL, a.token, '/lottery?gameCode=EKENO-5');
  const open = page.getByTestId('lottery-tickets-open');
  await expect(open.getByTestId('lottery-ticket')).toHaveCount(20);
  // Newest first: the last ticket placed heads the list, the first two wait for the next page.
  await expect(open.getByTestId('lottery-ticket').first()).toHaveAttribute('data-ticket-id', placed[22]!);
  await open.getByTestId('lottery-tickets-more-open').click();
  await expect(open.getByTestId('lottery-ticket')).toHaveCount(23);
  await expect(open.getByTestId('lottery-ticket').last()).toHaveAttribute('data-ticket-id', placed[0]!);
  await expect(open.getByTestId('lottery-tickets-more-open')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'tickets, second page');
});

test('every lottery page renders at both widths, axe-clean, and an unknown game is a clear message', async ({
  page,
}) => {
  // Each page is loaded once, or reached from its lobby's card as a player would, and checked at
  // both widths, resized in place.
  const checkBothWidths = async (url: string, heading: string): Promise<void> => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByTestId('lottery-game-card').first()).toBeVisible();
      if (url.includes('gameCode')) await expect(page.getByTestId('lottery-game')).toBeVisible();
      await noSidewaysScroll(page);
      const gamePage = !url.startsWith('/elott');
      if (gamePage) {
        // A game page: the header only, no side menu, right bar or footer (the product's route table).
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(page.locator('.side-menu, .right-bar')).toHaveCount(0);
        await expect(page.getByRole('contentinfo')).toHaveCount(0);
      } else if (viewport.width >= 768) {
        // The page's content stops short of the fixed right bar: nothing of it sits underneath.
        // Polled: right after the resize the layout may still be settling.
        await expect
          .poll(
            async () => {
              const bar = await page.locator('.right-bar').boundingBox();
              const main = await page.locator('#main-content').boundingBox();
              return bar && main ? main.x + main.width - bar.x : Number.POSITIVE_INFINITY;
            },
            { message: `${url}: content under the right bar` },
          )
          .toBeLessThanOrEqual(0);
      }
      await expectNoSeriousA11yViolations(page, `${url} ${viewport.width}`);
      await saveScreenshot(page, {
        path: path.join(SHOTS, `${url.replace(/[/?=]/g, '_')}-${viewport.width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize(VIEWPORTS[0]);
  };
  /** A game's page from its card's "Jogar" link on the lobby shown, at the URL a shared link has. */
  const playFromLobby = async (lobby: string, gameCode: string): Promise<void> => {
    await page
      .locator(`[data-testid="lottery-game-card"][data-game-code="${gameCode}"]`)
      .first()
      .getByRole('link', { name: /^Jogar / })
      .click();
    await expect(page).toHaveURL(`${server.baseURL}${lobby}?gameCode=${gameCode}`);
  };

  await page.setViewportSize(VIEWPORTS[0]);
  for (const [url, heading] of [
    ['/lottery', 'Loteria'],
    ['/elott', 'Loteria'],
  ] as const) {
    await page.goto(`${server.baseURL}${url}`);
    await checkBothWidths(url, heading);
  }

  await page.goto(`${server.baseURL}/vnlottery`);
  await checkBothWidths('/vnlottery', 'Loteria vietnamita');
  // The Vietnamese lobby lists the three regions at both widths.
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const region of ['Norte', 'Centro', 'Sul'])
      await expect(page.getByRole('heading', { name: region, exact: true })).toBeVisible();
  }
  await page.setViewportSize(VIEWPORTS[0]);
  // Favourites: a visitor's star puts the game first, and it stays after a reload.
  await page.getByRole('region', { name: 'Sul' }).getByRole('button', { name: 'Favorito: Xổ số Miền Nam' }).click();
  await expect(page.getByTestId('lottery-favourites').getByTestId('lottery-game-card')).toHaveAttribute(
    'data-game-code',
    'VN-MN',
  );
  await page.reload();
  await expect(page.getByTestId('lottery-favourites').getByTestId('lottery-game-card')).toHaveAttribute(
    'data-game-code',
    'VN-MN',
  );
  await page.getByTestId('lottery-favourites').getByRole('button', { name: 'Favorito: Xổ số Miền Nam' }).click();
  await expect(page.getByTestId('lottery-favourites')).toHaveCount(0);
  await playFromLobby('/vnlottery', 'VN-MB');
  await checkBothWidths('/vnlottery?gameCode=VN-MB', 'Loteria vietnamita');

  await page.goto(`${server.baseURL}/seaLottery`);
  await checkBothWidths('/seaLottery', 'Loteria do Sudeste Asiático');
  await playFromLobby('/seaLottery', 'SEA-N5');
  await checkBothWidths('/seaLottery?gameCode=SEA-N5', 'Loteria do Sudeste Asiático');

  await page.goto(`${server.baseURL}/lottery?gameCode=NO-SUCH-GAME`);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('lottery-unknown-game')).toContainText('NO-SUCH-GAME');
    await expect(page.getByRole('heading', { level: 1, name: 'Loteria' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `unknown game ${viewport.width}`);
  }
});
