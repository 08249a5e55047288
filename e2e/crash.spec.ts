import path from 'node:path';
import { expect, test, type FrameLocator, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { type Api, callApi, createFinanceOperator, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { operatorLogin } from './support/operators';
import { saveScreenshot } from './support/screenshots';

/**
 * Crash as two players meet it, on one server: both in the same live round from the lobby's
 * lane; one bets with an automatic cash-out at 1.01× and closes the page, the other watches the
 * multiplier rise and cashes out by hand, then lets a round crash. The closed page's bet is paid
 * by the server at its target (unless the round crashed at 1.00×, which the fairness data shows).
 * Each sees the other's bet in the live list. Axe-clean at 360 and 1366 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'crash');
const OPERATOR = 'e2e.crash';
const OPERATOR_PASSWORD = 'crash-e2e-pass-2026';

let server: ExtraServer;

async function fundedPlayer(page: Page, prefix: string): Promise<Api> {
  const { token } = await signedInNewPlayer(page, server.baseURL, { prefix, password: 'Lumen2024play' });
  const a: Api = { request: page.request, baseURL: server.baseURL, token };
  const ops = await operatorLogin(a.request, a.baseURL, OPERATOR, OPERATOR_PASSWORD);
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const manual = channels.find((c) => c.type === 'manual_bank')!;
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: manual.id,
    amount: '100',
    idempotencyKey: `e2e-cr-${prefix}-${Date.now()}`,
  });
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'checked by e2e' }, ops);
  return a;
}

async function launchCrash(page: Page): Promise<FrameLocator> {
  await page.goto(`${server.baseURL}/inhouse`);
  await page.getByTestId('inhouse-play-crash').click();
  await expect(page).toHaveURL(/\/game$/);
  return page.frameLocator('[data-testid="game-frame"]');
}

type CrashStateView = { recent: { roundNumber: number; crashHundredths: number }[] };

/** Wait until a round is taking bets with at least 2 s left (the window is 4 s on this server). */
async function awaitBetting(frame: FrameLocator): Promise<void> {
  await expect(frame.getByTestId('crash-bet')).toBeEnabled({ timeout: 60_000 });
  await expect(frame.getByTestId('crash-countdown')).toHaveText(/em [234] s/, { timeout: 60_000 });
}

test.describe('crash', () => {
  test.setTimeout(240_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer(
      'crash',
      EXTRA_PORTS.crash,
      (dataDir) => {
        disableRegisterCaptcha(dataDir);
        createFinanceOperator(dataDir, OPERATOR, OPERATOR_PASSWORD);
      },
      { CRASH_BETTING_MS: '4000', CRASH_SPEED: '3' },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('two players in one round: an automatic cash-out paid with the page closed, a cash-out by hand, a crash (360 and 1366 px)', async ({
    browser,
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const b = await fundedPlayer(page, 'crb');
    const other = await browser.newPage({ locale: 'pt-BR', viewport: { width: 1366, height: 768 } });
    const a = await fundedPlayer(other, 'cra');

    // The home page's lane of house originals shows crash with its own art.
    await page.goto(`${server.baseURL}/`);
    const lane = page.getByTestId('home-inhouse');
    await lane.scrollIntoViewIfNeeded();
    await expect(lane.getByRole('button', { name: 'Jogar Crash' })).toBeVisible();

    const frameA = await launchCrash(other);
    const frameB = await launchCrash(page);
    await expect(frameB.getByTestId('inhouse-balance')).toHaveText(/R\$\s*100,00/);

    // A bets with an automatic cash-out at 1,01× and closes the page; B bets in the same round.
    await awaitBetting(frameA);
    await frameA.getByTestId('crash-auto').fill('1,01');
    const placed = other.waitForResponse((r) => r.url().endsWith('/wps/inhouse/crash/bet'));
    await frameA.getByTestId('crash-bet').click();
    const aRound = ((await (await placed).json()) as { value: { bet: { roundNumber: number } } }).value.bet.roundNumber;
    await expect(frameA.getByTestId('crash-bet')).toHaveText('Aposta feita');
    await other.close();

    await frameB.getByTestId('crash-bet').click();
    await expect(frameB.getByTestId('crash-bet')).toHaveText('Aposta feita');
    // B sees both bets of the round in the live list.
    await expect(frameB.getByTestId('crash-live-bets').locator('tbody tr')).toHaveCount(2);

    // The flight: the multiplier rises, B cashes out by hand as soon as it can. A round that
    // crashes before the click (1.00× is one round in fifty) is followed by another try.
    let cashedByHand = false;
    for (let attempt = 0; attempt < 4 && !cashedByHand; attempt++) {
      if (attempt > 0) {
        await awaitBetting(frameB);
        await frameB.getByTestId('crash-bet').click();
        await expect(frameB.getByTestId('crash-bet')).toHaveText('Aposta feita');
      }
      await expect(frameB.getByTestId('crash-multiplier')).toBeVisible({ timeout: 15_000 });
      await frameB
        .getByTestId('crash-cashout')
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await expect(frameB.getByTestId('crash-bet')).toHaveText(/Sacou em|Estourou/, { timeout: 30_000 });
      cashedByHand = /Sacou em/.test((await frameB.getByTestId('crash-bet').textContent()) ?? '');
    }
    expect(cashedByHand).toBe(true);
    await expectNoSeriousA11yViolations(page, 'crash (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'crash-360.png') });

    // A's bet, placed from a page now closed, was settled by the server at its target.
    const bust = async () =>
      (await callApi<CrashStateView>(b, 'GET', '/wps/inhouse/crash/state')).recent.find(
        (r) => r.roundNumber === aRound,
      );
    await expect.poll(bust, { timeout: 60_000 }).toBeTruthy();
    const crashedAt = (await bust())!.crashHundredths;
    // A's page (and its request context) is closed: A's token through B's.
    const record = await callApi<{
      list: { gameName: string; stakeMinor: string; payoutMinor: string; status: string }[];
    }>({ ...a, request: page.request }, 'GET', '/wps/bet-record');
    const aBet = record.list.find((r) => r.gameName === 'Crash')!;
    expect(aBet.status).toBe('settled');
    expect(aBet.payoutMinor).toBe(crashedAt >= 101 ? String((BigInt(aBet.stakeMinor) * 101n) / 100n) : '0');

    // A round left to crash: B bets, does not cash out, and sees the crash.
    await page.setViewportSize({ width: 1366, height: 768 });
    await awaitBetting(frameB);
    await frameB.getByTestId('crash-bet').click();
    await expect(frameB.getByTestId('crash-bust')).toBeVisible({ timeout: 120_000 });
    await expect(frameB.getByTestId('crash-bet')).toHaveText(/Estourou|Apostar/);
    await expectNoSeriousA11yViolations(page, 'crash (1366 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'crash-1366.png') });

    // The fairness panel proves the latest rounds against the published chain in the browser.
    const fair = frameB.locator('.ih-crash__fair');
    await fair.locator('summary').click();
    await fair.getByRole('button', { name: 'Verificar' }).first().click();
    await expect(fair.getByRole('status').first()).toHaveText('Verificado ✓');
  });
});
