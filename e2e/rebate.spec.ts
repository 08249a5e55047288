import path from 'node:path';
import { expect, test } from './support/test';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  newBackofficePage,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { openSlot, setStake, shown, spin } from './support/slot';
import { depositConfirmed } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * The betting bonus (rebate) claimed once per period, as its people use it:
 * - marketing switches it on in the back office's reward programmes: daily, claimed by the
 *   player, 2 % of slot stakes; that pays more, so it waits until finance approves it there;
 * - a player spins the in-house slot (real stakes, settled rounds), and the betting bonus page
 *   shows the day's calculation in progress, with nothing to claim;
 * - the day ends: the server runs with the test clock door (TEST_CLOCK_DOOR, refused in
 *   production), and the test moves its calendar clock a day and a few minutes ahead instead of
 *   waiting (docs/decisions.md);
 * - the page now shows that day ready to claim with the same calculation; the player claims it,
 *   the balance rises by exactly the rebate, the button is gone, and a second claim is refused.
 * Axe-clean at 360 and 1366 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'rebate');
const PASSWORD = 'Rebate2026diario';
const DAY = 86_400_000;
const DEPOSIT = 10_000n;
const STAKE = 1_000n;
const SPINS = 3;
/** 2 % of the slot turnover: 3 spins of R$ 10,00 = R$ 30,00, R$ 0,60 back. */
const RATE_BP = 200n;

/** An amount as the page writes it, as a pattern: R$, a space of any kind, the figure. */
function money(minor: bigint): string {
  return `R\\$\\s*${shown(minor).replace(/\./g, '\\.')}`;
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('rebate', EXTRA_PORTS.rebate, {
    roles: ['marketing', 'finance'],
    configure: disableRegisterCaptcha,
    env: { TEST_CLOCK_DOOR: '1' },
  });
  baseURL = server.baseURL;
});

test.afterAll(async () => {
  await server?.stop();
});

test('a day of slot stakes pays its betting bonus once, after the day ends', async ({ page, browser }) => {
  // Marketing switches the betting bonus on.
  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'marketing' });
  await ops
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Programas de recompensas', exact: true })
    .click();
  await expect(ops.getByRole('heading', { name: 'Programas de recompensas', level: 1 })).toBeVisible();
  const settings = ops.getByRole('form', { name: 'Bônus de apostas' });
  await settings.getByLabel('O bônus de apostas está ativo').check();
  await settings.getByLabel('Período').selectOption('daily');
  await settings.getByLabel('Pagamento').selectOption('claim');
  await settings.getByLabel('Slots (%)').fill('2');
  await settings.getByLabel('Motivo da alteração').fill('bônus de apostas diário');
  await settings.getByRole('button', { name: 'Salvar' }).click();
  // Switching it on pays more: it waits for another operator who may approve credits.
  await expect(
    ops.getByRole('status').filter({ hasText: 'Salvo. O que paga mais aguarda a aprovação de outro operador.' }),
  ).toBeVisible();
  await expect(ops.getByRole('region', { name: 'Mudança aguardando aprovação' })).toContainText(
    'Sua solicitação: outro operador decide.',
  );
  await checkBackofficePage(ops, 'programmes-1366', SHOTS);
  await ops.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(ops, 'programmes-360', SHOTS);
  await ops.context().close();

  // Finance approves it on the same screen; from then on it is in force.
  const finance = await newBackofficePage(browser, 1366);
  await signInOperator(finance, { baseURL, role: 'finance', path: 'reward-programmes' });
  await finance
    .getByRole('region', { name: 'Mudança aguardando aprovação' })
    .getByRole('button', { name: 'Aprovar' })
    .click();
  const approval = finance.getByRole('dialog', { name: 'Aprovar esta mudança do bônus de apostas?' });
  await approval.getByRole('textbox', { name: /Motivo/ }).fill('orçamento da campanha aprovado');
  await approval.getByRole('button', { name: 'Aprovar' }).click();
  await expect(finance.getByRole('status').filter({ hasText: 'Mudança aprovada: já está em vigor.' })).toBeVisible();
  await finance.context().close();

  // A player with money plays the slot: three settled spins of R$ 10,00.
  await page.setViewportSize({ width: 1366, height: 860 });
  const player = await signedInNewPlayer(page, baseURL, { prefix: 'rb', password: PASSWORD });
  const api = { request: page.request, baseURL, token: player.token };
  await depositConfirmed(api, BACKOFFICE_OPERATORS.finance, String(DEPOSIT / 100n));
  const frame = await openSlot(page, baseURL);
  await setStake(frame, shown(STAKE));
  let won = 0n;
  for (let i = 0; i < SPINS; i++) won += await spin(frame);
  const turnover = STAKE * BigInt(SPINS);
  const rebate = (turnover * RATE_BP) / 10_000n;
  await page.getByRole('button', { name: 'Voltar' }).click();

  // The side menu's "Bônus de apostas" (on while the programme is on) opens the page: today in progress.
  const summary = async () =>
    callApi<{ current: { periodKey: string; totalMinor: string } }>(api, 'GET', '/wps/rebate');
  // The rebate's consumer counts the rounds within the event stream's poll.
  await expect(async () => expect((await summary()).current.totalMinor).toBe(rebate.toString())).toPass({
    timeout: 20_000,
  });
  const day = (await summary()).current.periodKey;
  await page
    .getByRole('complementary', { name: 'Menu principal' })
    .getByRole('button', { name: 'Bônus de apostas' })
    .click();
  const panel = page.getByRole('dialog');
  const current = panel.getByRole('article', { name: 'Período atual' });
  await expect(current).toContainText('Em andamento');
  const calculation = new RegExp(`${money(turnover)} × 2,00\\s?% = ${money(rebate)}`);
  await expect(current).toContainText(calculation);
  await expect(current.getByRole('button', { name: 'Resgatar' })).toHaveCount(0);
  await expect(panel.getByText('Ainda não há períodos anteriores.')).toBeVisible();
  // Before the day ends, the server refuses a claim of it too.
  const early = await page.request.post(`${baseURL}/wps/rebate/claim`, {
    headers: { authorization: player.token },
    data: { periodKey: day },
  });
  expect(((await early.json()) as { errorCode?: string }).errorCode).toBe('REBATE_NOT_CLAIMABLE');
  await expectNoSeriousA11yViolations(page, 'betting bonus in progress 1366');
  await saveScreenshot(page, { path: path.join(SHOTS, 'rebate-in-progress-1366.png') });

  // The day ends: the calendar clock runs a day and six minutes ahead (past the five-minute settling delay).
  const moved = await page.request.put(`${baseURL}/dev/clock`, { data: { offsetMs: DAY + 6 * 60_000 } });
  expect(moved.status()).toBe(200);
  await page.reload();
  // The balance before the claim: the deposit, less the stakes, plus what the spins paid.
  const before = DEPOSIT - turnover + won;
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`^${money(before)}$`));
  await page
    .getByRole('complementary', { name: 'Menu principal' })
    .getByRole('button', { name: 'Bônus de apostas' })
    .click();
  await expect(panel.getByRole('article', { name: 'Período atual' })).toContainText(
    'Ainda não há apostas liquidadas neste período.',
  );
  const ended = panel.getByRole('article', { name: /^Período de / });
  await expect(ended).toHaveCount(1);
  await expect(ended).toContainText('Pronto para resgatar');
  await expect(ended).toContainText(calculation);
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page, `betting bonus ready ${width}`);
    await saveScreenshot(page, { path: path.join(SHOTS, `rebate-ready-${width}.png`) });
  }

  // Claimed once: the balance rises by exactly the rebate and the button is gone.
  await ended.getByRole('button', { name: 'Resgatar' }).click();
  await expect(page.getByText(new RegExp(`^${money(rebate)} adicionado ao seu saldo\\.$`))).toBeVisible();
  await expect(ended).toContainText('Pago');
  await expect(ended.getByRole('button', { name: 'Resgatar' })).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(new RegExp(`^${money(before + rebate)}$`));
  await saveScreenshot(page, { path: path.join(SHOTS, 'rebate-paid-1366.png') });

  // A second claim of the same day is refused, and pays nothing.
  const again = await page.request.post(`${baseURL}/wps/rebate/claim`, {
    headers: { authorization: player.token },
    data: { periodKey: day },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { errorCode?: string }).errorCode).toBe('REBATE_ALREADY_CLAIMED');
  const balance = await callApi<{ sumBalanceMinor: string }>(api, 'GET', '/wps/v2/wallets/balance');
  expect(BigInt(balance.sumBalanceMinor)).toBe(before + rebate);
});
