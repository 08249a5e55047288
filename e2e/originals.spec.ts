import path from 'node:path';
import { expect, test, type FrameLocator, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import { type Api, callApi, createFinanceOperator, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { operatorLogin } from './support/operators';
import { saveScreenshot } from './support/screenshots';

/**
 * The house originals as a player meets them: from the lobby's lane into the /game frame, a round
 * won and a round lost in each of limbo, plinko and keno, and in mines and hi-lo (played step by
 * step: a cash-out, a mine or a wrong call, and a mines round resumed after the page closed), the
 * balance following, the rounds in the betting record, and the fairness panel checking each one
 * once the seed is rotated and showing the verifier's command. Axe-clean at 360 and 1366 px. One
 * server for the file (EXTRA_PORTS.originals), with an operator to confirm a deposit.
 */

const SHOTS = path.join(ROOT, 'test-results', 'originals');
const OPERATOR = 'e2e.originals';
const OPERATOR_PASSWORD = 'originals-e2e-pass-2026';

let server: ExtraServer;

async function fundedPlayer(page: Page, api: Omit<Api, 'token'>): Promise<Api> {
  const { token } = await signedInNewPlayer(page, api.baseURL, { prefix: 'og', password: 'Lumen2024play' });
  const a = { ...api, token };
  const ops = await operatorLogin(a.request, a.baseURL, OPERATOR, OPERATOR_PASSWORD);
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const manual = channels.find((c) => c.type === 'manual_bank')!;
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: manual.id,
    amount: '100',
    idempotencyKey: `e2e-og-${Date.now()}`,
  });
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'checked by e2e' }, ops);
  return a;
}

/** Open a game from the in-house lobby into the /game frame. */
async function launch(page: Page, game: string): Promise<FrameLocator> {
  await page.goto(`${server.baseURL}/inhouse`);
  await page.getByTestId(`inhouse-play-${game}`).click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', new RegExp(`/inhouse/play/${game}\\?launch=`));
  return page.frameLocator('[data-testid="game-frame"]');
}

type BetPage = { total: number; list: { stakeMinor: string; payoutMinor: string }[] };

/**
 * Play until a round pays more than its stake (a win) and one pays less (a loss), reading each
 * round from the betting record once it is there; then the frame's balance is the wallet's.
 */
async function winAndLose(frame: FrameLocator, a: Api, play: (wantWin: boolean) => Promise<void>): Promise<void> {
  const seen = { win: false, loss: false };
  for (let i = 0; i < 40 && !(seen.win && seen.loss); i++) {
    const before = (await callApi<BetPage>(a, 'GET', '/wps/bet-record')).total;
    await play(!seen.win);
    await expect.poll(async () => (await callApi<BetPage>(a, 'GET', '/wps/bet-record')).total).toBe(before + 1);
    const last = (await callApi<BetPage>(a, 'GET', '/wps/bet-record')).list[0]!;
    if (BigInt(last.payoutMinor) > BigInt(last.stakeMinor)) seen.win = true;
    if (BigInt(last.payoutMinor) < BigInt(last.stakeMinor)) seen.loss = true;
  }
  expect(seen).toEqual({ win: true, loss: true });
  const balance = await callApi<{ sumBalance: string }>(a, 'GET', '/wps/v2/wallets/balance');
  await expect(frame.getByTestId('inhouse-balance')).toContainText(
    Number(balance.sumBalance).toFixed(2).replace('.', ','),
  );
}

/** Rotate the seed in the fairness panel: every round verifies in the browser, with the verifier's command. */
async function verifyRounds(frame: FrameLocator, game: string): Promise<void> {
  const panel = frame.getByTestId('fairness-panel');
  await panel.locator('summary').click();
  await panel.getByTestId('fair-rotate').click();
  await expect(panel.getByTestId('fair-previous')).toBeVisible();
  const rounds = panel.getByTestId('fair-round');
  await expect(rounds.first()).toContainText('Conferido');
  for (const round of await rounds.all()) await expect(round).toContainText('Conferido');
  await expect(rounds.first().locator('code')).toContainText(`node scripts/verify-fair.mjs --game ${game}`);
  await expect(rounds.first().locator('code')).toContainText('--rtp 9900');
}

// One server for the file: both describe blocks' players and the operator who confirms their deposits.
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer('originals', EXTRA_PORTS.originals, (dataDir) => {
    disableRegisterCaptcha(dataDir);
    createFinanceOperator(dataDir, OPERATOR, OPERATOR_PASSWORD);
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test.describe('house originals', () => {
  test.setTimeout(180_000);

  test('limbo, plinko and keno: won and lost, the balance and the betting record follow, every round verifies (1366 and 360 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const a = await fundedPlayer(page, { request, baseURL: server.baseURL });

    // The home page's lane of house originals, each game with its own art.
    await page.goto(`${server.baseURL}/`);
    const lane = page.getByTestId('home-inhouse');
    await lane.scrollIntoViewIfNeeded();
    await expect(lane.getByRole('heading', { name: 'Originais da casa' })).toBeVisible();
    for (const name of ['Limbo', 'Plinko', 'House Keno'])
      await expect(lane.getByRole('button', { name: `Jogar ${name}` })).toBeVisible();

    // Limbo: 1.01× wins almost always, 10,000× loses almost always.
    let frame = await launch(page, 'limbo');
    await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$\s*100,00/);
    await expect(frame.getByText('99,00%')).toBeVisible();
    await winAndLose(frame, a, async (wantWin) => {
      await frame.getByTestId('limbo-target').fill(wantWin ? '1,01' : '10000');
      await frame.getByTestId('limbo-play').click();
      await expect(frame.getByTestId('limbo-number')).toBeVisible();
      await expect(frame.getByTestId('limbo-play')).toBeEnabled();
    });
    await expect(frame.getByTestId('recent-results').locator('li')).not.toHaveCount(0);
    await verifyRounds(frame, 'limbo');
    await expectNoSeriousA11yViolations(page, 'limbo (1366 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'limbo-1366.png') });

    // Plinko at 360 px: low risk over 8 rows wins at the edges and loses in the middle.
    await page.setViewportSize({ width: 360, height: 740 });
    frame = await launch(page, 'plinko');
    await frame.getByTestId('plinko-rows').selectOption('8');
    await winAndLose(frame, a, async () => {
      await frame.getByTestId('plinko-play').click();
      await expect(frame.getByTestId('plinko-result')).toContainText('Casinha');
      await expect(frame.getByTestId('plinko-play')).toBeEnabled();
    });
    await expect(frame.locator('.ih-plinko__path')).toHaveCount(1);
    await expect(frame.locator('.ih-plinko__bin.is-hit')).toHaveCount(1);
    await verifyRounds(frame, 'plinko');
    await expectNoSeriousA11yViolations(page, 'plinko (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'plinko-360.png') });

    // Keno at 360 px: ten quick-picked numbers at low risk pay from two hits.
    frame = await launch(page, 'keno');
    await frame.getByRole('radio', { name: 'Baixo' }).click();
    await frame.getByTestId('keno-quick-pick').click();
    await expect(frame.locator('.ih-keno__cell[aria-pressed="true"]')).toHaveCount(10);
    await winAndLose(frame, a, async () => {
      await frame.getByTestId('keno-play').click();
      await expect(frame.getByTestId('keno-result')).toContainText('acertos');
      await expect(frame.getByTestId('keno-play')).toBeEnabled();
    });
    await expect(frame.locator('.ih-keno__cell.is-drawn')).toHaveCount(10);
    await verifyRounds(frame, 'keno');
    await expectNoSeriousA11yViolations(page, 'keno (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'keno-360.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectNoSeriousA11yViolations(page, 'keno (1366 px)');

    // The betting record names each game's rounds, settled.
    const record = await callApi<{ list: { gameName: string; status: string }[] }>(
      a,
      'GET',
      '/wps/bet-record?pageSize=100',
    );
    for (const name of ['Limbo', 'Plinko', 'House Keno'])
      expect(record.list.filter((r) => r.gameName === name && r.status === 'settled').length).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Voltar' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Menu da conta|Account menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Histórico de apostas' }).click();
    const rows = page.getByTestId('betting-record').getByTestId('betting-record-row');
    await expect(rows.first()).toContainText('House Keno');
    await expect(rows.filter({ hasText: 'Limbo' }).first()).toBeVisible();
  });
});

test.describe('house originals on auto-bet', () => {
  test.setTimeout(120_000);

  test('limbo auto-bet: bets placed one after another stop at the stop-on-loss, the balance and the betting record follow (360 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const a = await fundedPlayer(page, { request, baseURL: server.baseURL });
    // A daily loss limit: the game's frame reads it as the stop-on-loss's ceiling.
    await callApi(a, 'PUT', '/wps/responsible-gaming/limits', { limits: [{ kind: 'loss_day', value: '50' }] });
    const frame = await launch(page, 'limbo');
    await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$\s*100,00/);
    // 10,000× almost never comes: at 1,00 a bet, a stop-on-loss of 2,00 ends a run of at most 5 after two.
    await frame.getByTestId('limbo-target').fill('10000');
    await frame.getByRole('radio', { name: 'Automático' }).click();
    await expect(frame.getByTestId('auto-stopLoss-hint')).toContainText(/R\$\s*50,00/);
    await frame.getByTestId('auto-count').fill('5');
    await frame.getByTestId('auto-stopLoss').fill('2,00');
    await expectNoSeriousA11yViolations(page, 'limbo auto-bet (360 px)');
    await frame.getByTestId('limbo-play-auto-start').click();
    await expect(frame.getByTestId('auto-status')).toHaveText('Automático parado: perda alcançada.', {
      timeout: 20_000,
    });
    await expect(frame.getByTestId('auto-tally')).toContainText('2 apostas');
    await expect(frame.getByTestId('auto-net')).toHaveText(/−R\$\s*2,00/);
    await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$\s*98,00/);
    await saveScreenshot(page, { path: path.join(SHOTS, 'limbo-auto-360.png') });

    // The betting record has the run's two rounds, settled, each at the base stake.
    const record = await callApi<{ list: { gameName: string; status: string; stakeMinor: string }[] }>(
      a,
      'GET',
      '/wps/bet-record?pageSize=100',
    );
    const rounds = record.list.filter((r) => r.gameName === 'Limbo');
    expect(rounds.map((r) => [r.status, r.stakeMinor])).toEqual([
      ['settled', '100'],
      ['settled', '100'],
    ]);
  });
});

/** The open round's current card's rank (ace 1 … king 13), read from the card on the table. */
async function hiloRankShown(frame: FrameLocator): Promise<number> {
  const text = (await frame.getByTestId('hilo-card').innerText()).trim();
  return ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].indexOf(text.slice(0, -1)) + 1;
}

test.describe('house originals played step by step', () => {
  test.setTimeout(180_000);

  test('mines: cashed out and busted, a round resumed after the page closed, the balance and the record follow, every round verifies (360 and 1366 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const a = await fundedPlayer(page, { request, baseURL: server.baseURL });
    await page.goto(`${server.baseURL}/`);
    const lane = page.getByTestId('home-inhouse');
    await lane.scrollIntoViewIfNeeded();
    for (const name of ['Mines', 'Hi-Lo'])
      await expect(lane.getByRole('button', { name: `Jogar ${name}` })).toBeVisible();

    let frame = await launch(page, 'mines');
    await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$\s*100,00/);
    // One mine: the first tile is almost always a gem, then cash out; 24 mines: almost always a mine.
    await winAndLose(frame, a, async (wantWin) => {
      await frame.getByTestId('mines-count').selectOption(wantWin ? '1' : '24');
      await frame.getByTestId('mines-bet').click();
      await expect(frame.getByTestId('mines-cashout')).toBeVisible();
      await frame.getByTestId('mines-tile-12').click();
      await expect(frame.getByTestId('mines-tile-12')).toHaveClass(/is-revealed/);
      const cashOut = frame.getByTestId('mines-cashout');
      if (await cashOut.isVisible()) await cashOut.click();
      await expect(frame.getByTestId('mines-bet')).toBeEnabled();
    });
    await expect(frame.getByTestId('recent-results').locator('li')).not.toHaveCount(0);

    // A round left open when the page closes comes back when it opens again, and is played on.
    await frame.getByTestId('mines-count').selectOption('1');
    await frame.getByTestId('mines-bet').click();
    await expect(frame.getByTestId('mines-cashout')).toBeVisible();
    frame = await launch(page, 'mines');
    await expect(frame.getByTestId('mines-status')).toContainText('Sua rodada não terminada voltou');
    await expect(frame.getByTestId('mines-cashout')).toBeDisabled();
    await frame.getByTestId('mines-tile-3').click();
    await expect(frame.getByTestId('mines-tile-3')).toHaveClass(/is-revealed/);
    if (await frame.getByTestId('mines-cashout').isVisible()) await frame.getByTestId('mines-cashout').click();
    await expect(frame.getByTestId('mines-bet')).toBeEnabled();

    await verifyRounds(frame, 'mines');
    await expectNoSeriousA11yViolations(page, 'mines (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'mines-360.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await expectNoSeriousA11yViolations(page, 'mines (1366 px)');
    const record = await callApi<{ list: { gameName: string; status: string }[] }>(
      a,
      'GET',
      '/wps/bet-record?pageSize=100',
    );
    expect(record.list.filter((r) => r.gameName === 'Mines' && r.status === 'settled').length).toBeGreaterThanOrEqual(
      3,
    );
  });

  test('hi-lo: a right call cashed out and a wrong call, the odds shown before each call, every round verifies (1366 and 360 px)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const a = await fundedPlayer(page, { request, baseURL: server.baseURL });
    const frame = await launch(page, 'hilo');
    await expect(frame.getByTestId('inhouse-balance')).toHaveText(/R\$\s*100,00/);
    // The likelier side wins at least 7 times in 13, then cash out; the unlikelier side, called until it fails, loses.
    await winAndLose(frame, a, async (wantWin) => {
      await frame.getByTestId('hilo-bet').click();
      // The round is open once the cash-out takes the bet's place (the last round's card stays till then).
      await expect(frame.getByTestId('hilo-cashout')).toBeVisible();
      for (let i = 0; i < 20 && (await frame.getByTestId('hilo-cashout').isVisible()); i++) {
        const rank = await hiloRankShown(frame);
        const likely = rank <= 7 ? 'higher' : 'lower';
        const side = wantWin ? likely : likely === 'higher' ? 'lower' : 'higher';
        await expect(frame.getByTestId(`hilo-${side}`)).toContainText('×');
        if (!(await frame.getByTestId(`hilo-${side}`).isEnabled())) break;
        const seen = await frame.locator('.ih-hilo__history li').count();
        await frame.getByTestId(`hilo-${side}`).click();
        // Answered: the called card joins the cards so far.
        await expect(frame.locator('.ih-hilo__history li')).toHaveCount(seen + 1);
        if (wantWin) break;
      }
      const cashOut = frame.getByTestId('hilo-cashout');
      if (await cashOut.isVisible()) {
        await expect(cashOut).toBeEnabled();
        await cashOut.click();
      }
      await expect(frame.getByTestId('hilo-bet')).toBeEnabled();
    });
    await verifyRounds(frame, 'hilo');
    await expectNoSeriousA11yViolations(page, 'hi-lo (1366 px)');
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSeriousA11yViolations(page, 'hi-lo (360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'hilo-360.png') });
  });
});
