import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  newBackofficePage,
  openFromSidebar,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { memberContext, memberPage, memberPageIn, registerMember, type Member } from './support/agents';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, type Api } from './support/setup';
import { depositConfirmed } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * The back office's lottery, on a server of its own with the test clock door (TEST_CLOCK_DOOR):
 * - the games screen shows each bet type's house edge; an admin changes VN-MB's limit per number
 *   with a reason, and the audit log has it; E3D-3's interval changed to 5 minutes waits for its
 *   first day without planned draws, shown under the 3 minutes still in force;
 * - a funded player bets lô 27 and đề 45 on the open VN-MB draw through /vnlottery's slip; the
 *   draw's page shows the liability per number, largest first;
 * - another player's ticket on VN-MN, placed through the slip too, is refunded exactly once when a
 *   finance operator voids the draw, and the player's page shows it refunded and the stake back;
 * - the calendar clock moves past VN-MB's draw time; operator A (finance) types the result so that
 *   lô 27 and đề 45 win, is refused approving it, operator B (admin) approves it from the queue,
 *   the lottery clock settles the draw, and the player's page shows the ticket won with the exact
 *   payout, in the header balance too.
 * Every screen axe-clean at 1366 and 360 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'backoffice-lottery');
const DEPOSIT_MAJOR = '100';
const DEPOSIT = 10_000n;
const STAKE = 100n;

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;
let finance: Page;
let admin: Page;
let player: Member;
/**
 * The player's own browser page on /vnlottery, open from the bet (one test) to the settlement (a
 * later one): its context is opened in beforeAll, so it outlives each test.
 */
let playerContext: BrowserContext;
let playerPage: Page;
let vnDraw: { drawId: string; numero: string; drawAt: string };

type Ticket = { ticketId: string; status: string; payoutMinor: string | null; stakeMinor: string };
type OpsGame = {
  code: string;
  name: string;
  paytable: Record<string, { multiplierBp: number }>;
  limits: Record<string, string>;
  edges: { betType: string; variant: string | null; edgePercent: string }[];
};
type OpsDraw = { drawId: string; numero: string; status: string; drawAt: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('backoffice-lottery', EXTRA_PORTS.backofficeLottery, {
    roles: ['admin', 'finance'],
    configure: disableRegisterCaptcha,
    env: { TEST_CLOCK_DOOR: '1' },
  });
  baseURL = server.baseURL;
  finance = await newBackofficePage(browser, 1366);
  await signInOperator(finance, { baseURL, role: 'finance' });
  admin = await newBackofficePage(browser, 1366);
  // On the games screen, where the first test starts.
  await signInOperator(admin, { baseURL, role: 'admin', path: 'lottery/games' });
  playerContext = await memberContext(browser, 1366);
});

test.afterAll(async () => {
  await playerContext?.close();
  await finance?.context().close();
  await admin?.context().close();
  await server?.stop();
});

async function opsApi(request: APIRequestContext): Promise<Api> {
  const { username, password } = BACKOFFICE_OPERATORS.admin;
  return { request, baseURL, token: await operatorLogin(request, baseURL, username, password) };
}

function playerApi(request: APIRequestContext, member: Member): Api {
  return { request, baseURL, token: member.token };
}

async function balanceOf(request: APIRequestContext, member: Member): Promise<bigint> {
  return BigInt(
    (await callApi<{ sumBalanceMinor: string }>(playerApi(request, member), 'GET', '/wps/v2/wallets/balance'))
      .sumBalanceMinor,
  );
}

async function fundedPlayer(request: APIRequestContext, prefix: string): Promise<Member> {
  const member = await registerMember(request, baseURL, prefix);
  await depositConfirmed(playerApi(request, member), BACKOFFICE_OPERATORS.finance, DEPOSIT_MAJOR);
  expect(await balanceOf(request, member)).toBe(DEPOSIT);
  return member;
}

async function currentDraw(
  request: APIRequestContext,
  member: Member,
  gameCode: string,
  ops: Api,
): Promise<{ drawId: string; numero: string; drawAt: string }> {
  const opened = () =>
    callApi<{ current: { numero: string; drawAt: string } | null }>(
      playerApi(request, member),
      'GET',
      `/lotto/lgw/games/opened/numero?gameCode=${gameCode}`,
    );
  let { current } = await opened();
  if (!current) {
    // Between a daily game's cut-off and its draw no draw is open: the next one opens at the draw
    // time (for VN-MB 11:00 to 11:15 UTC every day). The calendar clock runs past it, as the result
    // test below does, instead of the run failing in that quarter of an hour.
    expect((await request.put(`${baseURL}/dev/clock`, { data: { offsetMs: 16 * 60_000 } })).status()).toBe(200);
    await expect.poll(async () => (await opened()).current, { timeout: 30_000 }).not.toBeNull();
    current = (await opened()).current!;
  }
  const page = await callApi<{ list: OpsDraw[] }>(ops, 'GET', `/ops/lottery/draws?gameCode=${gameCode}&size=100`);
  return {
    drawId: page.list.find((d) => d.numero === current.numero)!.drawId,
    numero: current.numero,
    drawAt: current.drawAt,
  };
}

/** A VN ticket placed as a player does: the game's page on /vnlottery, the stake, each bet type and number, Apostar. */
async function placeThroughSlip(
  page: Page,
  gameCode: string,
  picks: { betType: string; number: string }[],
): Promise<void> {
  await page.goto(`${baseURL}/vnlottery?gameCode=${gameCode}`);
  await expect(page.getByTestId('lottery-countdown')).toBeVisible({ timeout: 30_000 });
  const slip = page.getByTestId('lottery-slip');
  await slip.getByTestId('slip-stake').fill((STAKE / 100n).toString());
  for (const { betType, number } of picks) {
    await slip.getByTestId('slip-bet-type').selectOption(betType);
    await slip.getByTestId('slip-numbers').getByRole('button', { name: number, exact: true }).click();
    await slip.getByTestId('slip-add').click();
  }
  await expect(slip.getByTestId('slip-entry')).toHaveCount(picks.length);
  await slip.getByTestId('slip-place').click();
  await expect(slip.getByTestId('slip-placed')).toBeVisible();
}

async function tickets(request: APIRequestContext, member: Member, status: 'open' | 'settled'): Promise<Ticket[]> {
  return (await callApi<{ list: Ticket[] }>(playerApi(request, member), 'GET', `/lgw/tickets?status=${status}`)).list;
}

/** The page at both widths: axe-clean, nothing wider than the screen, a screenshot kept. */
async function checkWidths(page: Page, name: string): Promise<void> {
  await checkBackofficePage(page, `${name}-1366`, SHOTS);
  await page.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(page, `${name}-360`, SHOTS);
  await page.setViewportSize({ width: 1366, height: 900 });
}

/**
 * A draw's page reached as an operator does, inside the open back office: the draws list from the
 * sidebar, filtered to the game (and a status, when the draw's is known), then the draw's number.
 * A route change, not a load: each load of the back office compiles its whole bundle again.
 */
async function openDraw(
  page: Page,
  { gameCode, drawId, status }: { gameCode: string; drawId: string; status?: string },
): Promise<void> {
  await openFromSidebar(page, 'Sorteios da loteria', { exact: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Sorteios da loteria' })).toBeVisible();
  await page.getByLabel('Jogo', { exact: true }).selectOption(gameCode);
  if (status) await page.getByLabel('Status', { exact: true }).selectOption(status);
  // The VN games share their draws' numbers (the day), so the draw is picked by its address.
  await page
    .getByRole('table', { name: 'Sorteios da loteria' })
    .getByRole('link', { name: /^Abrir sorteio / })
    .and(page.locator(`[href$="/lottery/draws/${drawId}"]`))
    .click();
  await expect(page).toHaveURL(new RegExp(`/backoffice/lottery/draws/${drawId}$`));
}

/** An amount as the page writes it in Portuguese, as a pattern (R$, a space of any kind, the figure). */
function brl(minor: bigint): RegExp {
  const whole = (minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return new RegExp(`R\\$\\s*${whole.replace(/\./g, '\\.')},${(minor % 100n).toString().padStart(2, '0')}`);
}

test('the games screen shows the house edges; a limit and a multiplier changed with a reason are audited; a new interval waits for its day', async ({
  request,
}) => {
  const ops = await opsApi(request);
  const games = await callApi<OpsGame[]>(ops, 'GET', '/ops/lottery/games');
  const north = games.find((g) => g.code === 'VN-MB')!;
  await expect(admin).toHaveURL(/\/backoffice\/lottery\/games$/);
  const row = admin.locator('tr[data-game-code="VN-MB"]');
  const edges = row.getByRole('list', { name: `Vantagens da casa de ${north.name}` });
  // A bet type shows by its name ("Xiên 4"), its code in the title.
  const edgeOf = (betType: string) =>
    edges.getByRole('listitem').filter({ has: admin.locator(`span[title="${betType}"]`) });
  for (const edge of north.edges) {
    // "2.78%" from the server is written "2,78 %" in Portuguese.
    expect(edge.edgePercent).toMatch(/^\d+\.\d{2}%$/);
    const shown = `${edge.edgePercent.replace('%', '').replace('.', ',')} %`;
    await expect(edgeOf(edge.betType)).toContainText(shown);
  }
  await expect(admin.locator('main')).not.toContainText('NaN');
  await checkWidths(admin, 'games');

  await row.getByRole('button', { name: `Editar ${north.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Editar ${north.name}` });
  await dialog.getByLabel('Risco por número').fill('40000,00');
  // The paytable is one field per multiplier of the stake, typed in Portuguese ("355" for 355×).
  const xien4 = dialog.getByLabel('Multiplicador: Xiên 4 · Prêmio');
  await expect(xien4).toHaveValue('355');
  await xien4.fill('300');
  await expect(dialog.getByLabel('Multiplicador: Đề · Prêmio')).toHaveValue('95');
  await dialog.getByLabel(/Motivo/).fill('Lower the liability per number for the derby');
  await expectNoOverflowDialog(admin);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(brl(4_000_000n));

  const changed = (await callApi<OpsGame[]>(ops, 'GET', '/ops/lottery/games')).find((g) => g.code === 'VN-MB')!;
  expect(changed.limits).toEqual({ ...north.limits, perKeyMinor: '4000000' });
  expect(changed.paytable).toEqual({ ...north.paytable, xien4: { kind: 'fixed', multiplierBp: 3_000_000 } });
  // The house edge of xien4 is recomputed from the new multiplier, and shown.
  const edge = changed.edges.find((e) => e.betType === 'xien4')!;
  expect(edge.edgePercent).not.toBe(north.edges.find((e) => e.betType === 'xien4')!.edgePercent);
  await expect(edgeOf('xien4')).toContainText(`${edge.edgePercent.replace('%', '').replace('.', ',')} %`);
  const audit = await callApi<{ list: { action: string; reason: string | null; actorName: string | null }[] }>(
    ops,
    'GET',
    '/ops/audit?action=lottery.game_changed&subjectId=VN-MB',
  );
  expect(audit.list[0]).toMatchObject({
    action: 'lottery.game_changed',
    reason: 'Lower the liability per number for the derby',
    actorName: BACKOFFICE_OPERATORS.admin.username,
  });

  // A quick game's interval: the draws already planned keep theirs, the new one waits for its first free day.
  const quick = games.find((g) => g.code === 'E3D-3')!;
  const quickRow = admin.locator('tr[data-game-code="E3D-3"]');
  await quickRow.getByRole('button', { name: `Editar ${quick.name}` }).click();
  const quickDialog = admin.getByRole('dialog', { name: `Editar ${quick.name}` });
  await expect(quickDialog.getByLabel('Intervalo entre sorteios')).toHaveValue('180');
  await quickDialog.getByLabel('Intervalo entre sorteios').selectOption({ label: 'A cada 5 minutos' });
  await quickDialog.getByLabel(/Motivo/).fill('Five-minute draws from the next free day');
  await quickDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(quickDialog).toBeHidden();
  const waiting = (
    await callApi<(OpsGame & { nextSchedule: { intervalSeconds: number; from: string } | null })[]>(
      ops,
      'GET',
      '/ops/lottery/games',
    )
  ).find((g) => g.code === 'E3D-3')!;
  expect(waiting.nextSchedule).toMatchObject({ intervalSeconds: 300 });
  await expect(quickRow.getByTestId('next-schedule')).toContainText(/^A partir de .+: A cada 5 minutos$/);
  await expect(quickRow).toContainText('A cada 3 minutos');
});

/** The edit dialog at 360 px: axe-clean too. */
async function expectNoOverflowDialog(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 800 });
  await checkBackofficePage(page, 'game-dialog-360', SHOTS);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an open draw shows its liability per number, largest first, after the bets', async ({ request }) => {
  const ops = await opsApi(request);
  player = await fundedPlayer(request, 'lp');
  vnDraw = await currentDraw(request, player, 'VN-MB', ops);
  playerPage = await memberPageIn(playerContext, baseURL, player);
  await placeThroughSlip(playerPage, 'VN-MB', [
    { betType: 'lo', number: '27' },
    { betType: 'de', number: '45' },
  ]);
  await expect(playerPage.getByTestId('header-balance')).toHaveText(brl(DEPOSIT - 2n * STAKE));
  await expect(playerPage.getByTestId('lottery-tickets-open').getByTestId('lottery-ticket')).toHaveCount(1);
  expect(await balanceOf(request, player)).toBe(DEPOSIT - 2n * STAKE);

  const pay = (await callApi<OpsGame[]>(ops, 'GET', '/ops/lottery/games')).find((g) => g.code === 'VN-MB')!.paytable;
  await openDraw(finance, { gameCode: 'VN-MB', drawId: vnDraw.drawId, status: 'open' });
  await expect(finance.getByRole('heading', { level: 1 })).toContainText(vnDraw.numero);
  const rows = finance.getByTestId('liability').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('de:45');
  await expect(rows.nth(0)).toContainText(brl((STAKE * BigInt(pay.de!.multiplierBp)) / 10_000n));
  await expect(rows.nth(1)).toContainText('lo:27');
  await expect(rows.nth(1)).toContainText(brl((STAKE * BigInt(pay.lo!.multiplierBp)) / 10_000n));
  await expect(finance.getByText(/O limite por número é/)).toContainText(brl(4_000_000n));
  await checkWidths(finance, 'draw-open');
});

test('a voided draw refunds its ticket exactly once', async ({ browser, request }) => {
  const ops = await opsApi(request);
  const other = await fundedPlayer(request, 'lv');
  const south = await currentDraw(request, other, 'VN-MN', ops);
  const otherPage = await memberPage(browser, baseURL, other, 360);
  await placeThroughSlip(otherPage, 'VN-MN', [{ betType: 'lo', number: '10' }]);
  const ticket = otherPage.getByTestId('lottery-tickets-open').getByTestId('lottery-ticket');
  await expect(ticket).toHaveCount(1);
  const ticketId = (await ticket.getAttribute('data-ticket-id'))!;
  await expect(otherPage.getByTestId('header-balance')).toHaveText(brl(DEPOSIT - STAKE));
  expect(await balanceOf(request, other)).toBe(DEPOSIT - STAKE);

  await openDraw(finance, { gameCode: 'VN-MN', drawId: south.drawId, status: 'open' });
  await finance.getByRole('button', { name: 'Anular sorteio' }).click();
  const dialog = finance.getByRole('dialog', { name: `Anular o sorteio ${south.numero}` });
  await expect(dialog).toContainText('1 bilhete');
  await dialog.getByRole('textbox').fill('Official draw cancelled by the organiser');
  await dialog.getByRole('button', { name: 'Anular sorteio' }).click();
  await expect(dialog).toBeHidden();
  await expect(finance.locator('.page-header .status-pill')).toHaveText('Anulado');
  await expect(finance.getByText('Official draw cancelled by the organiser')).toBeVisible();

  // The player's open page hears of the void: the ticket moves to the settled list as refunded, and
  // the stake is back in the header balance.
  const refunded = otherPage
    .getByTestId('lottery-tickets-settled')
    .locator(`[data-testid="lottery-ticket"][data-ticket-id="${ticketId}"]`);
  await expect(refunded).toHaveAttribute('data-status', 'refunded', { timeout: 30_000 });
  await expect(otherPage.getByTestId('header-balance')).toHaveText(brl(DEPOSIT), { timeout: 15_000 });
  expect((await tickets(request, other, 'settled')).find((x) => x.ticketId === ticketId)?.status).toBe('refunded');
  await otherPage.context().close();
  await checkWidths(finance, 'draw-voided');
  // Read again once the screens are checked, with no wait of its own: that the clock's later turns
  // refund nothing more is the API suite's rule (lottery.test.ts, "a voided draw refunds every stake
  // once, and cannot be voided twice", which turns the clock again after the refund).
  expect(await balanceOf(request, other)).toBe(DEPOSIT);
});

/** A northern result whose prize numbers end in 27 once (the first prize) and whose special prize ends in 45. */
const NORTH_RESULT: [string, string[]][] = [
  ['Prêmio especial', ['00045']],
  ['Primeiro prêmio', ['11127']],
  ['Segundo prêmio', ['22250', '22251']],
  ['Terceiro prêmio', ['33352', '33353', '33354', '33355', '33356', '33357']],
  ['Quarto prêmio', ['4458', '4459', '4460', '4461']],
  ['Quinto prêmio', ['5562', '5563', '5564', '5565', '5566', '5567']],
  ['Sexto prêmio', ['668', '669', '670']],
  ['Sétimo prêmio', ['71', '72', '73', '74']],
];

test('a Vietnamese result typed by one operator and approved by another settles lô and đề with the exact payouts', async ({
  request,
}) => {
  const ops = await opsApi(request);
  const pay = (await callApi<OpsGame[]>(ops, 'GET', '/ops/lottery/games')).find((g) => g.code === 'VN-MB')!.paytable;
  const before = await balanceOf(request, player);

  // The calendar clock runs past the draw's cut-off and time; the lottery clock closes the draw.
  const offsetMs = Math.max(0, Date.parse(vnDraw.drawAt) - Date.now() + 60_000);
  expect((await request.put(`${baseURL}/dev/clock`, { data: { offsetMs } })).status()).toBe(200);
  await expect(async () => {
    const page = await callApi<{ list: OpsDraw[] }>(ops, 'GET', `/ops/lottery/draws?gameCode=VN-MB&size=100`);
    expect(page.list.find((d) => d.drawId === vnDraw.drawId)?.status).toBe('closed');
  }).toPass({ timeout: 30_000 });

  // Operator A types the result, then is refused approving it.
  // A load, not openDraw: this tab read the draw while it was open, and a copy younger than the
  // back office's 30 seconds would show it open still, without the result form.
  await finance.goto(`${baseURL}/backoffice/lottery/draws/${vnDraw.drawId}`);
  const form = finance.getByRole('form', { name: 'Digitar o resultado' });
  for (const [tier, numbers] of NORTH_RESULT) {
    for (const [i, n] of numbers.entries())
      await form.getByLabel(`${tier}, número ${i + 1} (${n.length} dígitos)`).fill(n);
  }
  await checkWidths(finance, 'result-form');
  await form.getByRole('button', { name: 'Registrar resultado' }).click();
  const waiting = finance.getByRole('region', { name: 'Resultado aguardando aprovação' });
  await expect(waiting).toContainText(`Digitado por ${BACKOFFICE_OPERATORS.finance.username}`);
  await expect(waiting).toContainText('Você digitou este resultado');
  await waiting.getByRole('button', { name: 'Aprovar' }).click();
  await expect(waiting.getByRole('alert')).toContainText('Um resultado deve ser aprovado por outro operador');

  // Operator B approves it from the queue.
  await openFromSidebar(admin, 'Resultados a aprovar', { exact: true });
  const entry = admin.getByRole('region', { name: /^Resultado digitado #/ });
  await expect(entry).toHaveCount(1);
  await expect(admin.getByRole('link', { name: `Abrir sorteio ${vnDraw.numero} de VN-MB` })).toHaveAttribute(
    'href',
    `/backoffice/lottery/draws/${vnDraw.drawId}`,
  );
  await expect(entry).toContainText(`Digitado por ${BACKOFFICE_OPERATORS.finance.username}`);
  await expect(entry).toContainText('11127');
  await checkWidths(admin, 'results-queue');
  await entry.getByRole('button', { name: 'Aprovar' }).click();
  await expect(admin.getByText('Nenhum resultado aguardando aprovação.')).toBeVisible();

  // The lottery clock settles the draw within seconds; the draws list is judged on the way to it.
  await openFromSidebar(admin, 'Sorteios da loteria', { exact: true });
  await expect(admin.getByRole('table', { name: 'Sorteios da loteria' })).toBeVisible();
  await checkWidths(admin, 'draws');
  await openDraw(admin, { gameCode: 'VN-MB', drawId: vnDraw.drawId });
  await expect(admin.locator('.page-header .status-pill')).toHaveText('Liquidado', { timeout: 30_000 });
  await expect(admin.getByRole('region', { name: 'Resultado', exact: true })).toContainText('00045');
  const lo = (STAKE * BigInt(pay.lo!.multiplierBp)) / 10_000n;
  const de = (STAKE * BigInt(pay.de!.multiplierBp)) / 10_000n;
  const settled = await tickets(request, player, 'settled');
  expect(settled.map((x) => [x.status, x.payoutMinor])).toEqual([['won', (lo + de).toString()]]);
  expect(await balanceOf(request, player)).toBe(before + lo + de);
  // The player's page, open since the bet, shows the ticket won with its payout, and the balance.
  const won = playerPage.getByTestId('lottery-tickets-settled').getByTestId('lottery-ticket');
  await expect(won).toHaveAttribute('data-status', 'won', { timeout: 30_000 });
  await expect(won.getByTestId('lottery-ticket-payout')).toHaveText(brl(lo + de));
  await expect(playerPage.getByTestId('header-balance')).toHaveText(brl(before + lo + de));
  await saveScreenshot(playerPage, { path: path.join(SHOTS, 'player-vn-won-1366.png'), fullPage: true });
  await checkWidths(admin, 'draw-settled');

  // The settlement view and the report by game.
  await openFromSidebar(admin, 'Liquidações da loteria', { exact: true });
  await admin.getByLabel('Jogo', { exact: true }).selectOption('VN-MB');
  // By the row's name: the draws of the fast games run by other files that day are numbered
  // <date>-0001 and so on, which hold the Vietnamese draw's numero (the date) as text.
  await expect(admin.getByRole('row', { name: new RegExp(`^Abrir sorteio ${vnDraw.numero} de `) })).toContainText(
    brl(lo + de),
  );
  await checkWidths(admin, 'settlements');
  await openFromSidebar(admin, 'Loteria por jogo', { exact: true });
  await expect(admin.getByRole('heading', { level: 1, name: 'Loteria por jogo' })).toBeVisible();
  await checkWidths(admin, 'reports');
});
