import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, registerThroughSite } from './support/setup';
import { BACKOFFICE_OPERATORS, pageOperatorToken, signInOperator, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';

/**
 * The back office's Games screen, against the player site's lobby:
 * - an admin opens Games from the sidebar, puts the vendor "Card Room" (CRD) in maintenance with
 *   a reason: the lobby shows its card as under maintenance and opens the maintenance message;
 *   the admin enables it again: the card shows its games and opens them. Both changes are in the
 *   audit log (the Audit screen, filtered, and GET /ops/audit) with the reasons and the admin;
 * - an admin opens a vendor's games from its row, then from the URL (`?vendor=`), and puts one game
 *   in maintenance: the player's game list marks it; the change is audited;
 * - a finance operator (games.read without games.write: support holds games.write in
 *   packages/shared/src/ops-permissions.ts) sees vendors and games without any status button, and
 *   the server refuses their change with 403;
 * - axe-clean at 1366 and 1024 px; at 390 px the page does not scroll sideways.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-games');
const PASSWORD = 'Games2026play';
const PORT = EXTRA_PORTS.backofficeGames;

let server: ExtraServer;

type AuditEntry = { action: string; subjectId: string; actorName: string | null; reason: string | null; before: unknown; after: unknown };

async function check(page: Page, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, name);
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page, `${name}: page width`).toBeLessThanOrEqual(widths.viewport);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** At desktop widths every column is in view: no table scrolls sideways inside its region. */
async function expectTablesFit(page: Page, name: string): Promise<void> {
  const overflows = await page.locator('.table-scroll').evaluateAll((regions) => regions.map((el) => el.scrollWidth - el.clientWidth));
  expect(overflows.length, `${name}: tables`).toBeGreaterThan(0);
  overflows.forEach((overflow, index) => expect(overflow, `${name}: table ${index + 1} scrolls sideways`).toBeLessThanOrEqual(0));
}

async function newPage(browser: Browser, width: number, height = 900): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width, height } });
  return context.newPage();
}

async function registerPlayer(page: Page): Promise<void> {
  await registerThroughSite(page, server.baseURL, { prefix: 'g', password: PASSWORD });
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Back office' });
}

function vendorsTable(page: Page) {
  return page.getByRole('table', { name: 'Fornecedores de jogos' });
}

/** A table's row, by the name in its row header (a game's header also holds its id). */
function rowOf(page: Page, table: Locator, name: string): Locator {
  return table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
}

/** The status buttons a row may hold (any of the three changes). */
const STATUS_BUTTON = /^(Colocar .+ em manutenção|Ativar .+|Desativar .+)$/;

/**
 * Ask for a status change from a row, give the reason, and wait for the success notice (it fades
 * after a few seconds, so it is read first) and for the row to show the new status.
 */
async function changeStatus(page: Page, row: Locator, change: { button: string; dialog: string; reason: string; notice: string; after: string }): Promise<void> {
  await row.getByRole('button', { name: change.button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: change.dialog });
  await dialog.getByLabel('Motivo').fill(change.reason);
  await dialog.getByRole('button', { name: /^(Colocar em manutenção|Ativar|Desativar)$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: change.notice })).toBeVisible();
  await expect(row.getByRole('cell', { name: change.after, exact: true })).toBeVisible();
}

test.describe('back-office games', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-games', PORT, { roles: ['admin', 'finance'], configure: disableRegisterCaptcha });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('an admin puts a vendor in maintenance and enables it again; the lobby follows and the audit log has both (1366 px)', async ({ browser, request }) => {
    // The player's lobby first: Card Room is playable.
    const player = await newPage(browser, 1366);
    await registerPlayer(player);
    await player.goto(`${server.baseURL}/pvp`);
    const card = player.getByRole('list', { name: 'Fornecedores' }).getByRole('button', { name: /Card Room/ });
    await expect(card).toContainText('3 jogos');

    const admin = await newPage(browser, 1366);
    await signInOperator(admin, { baseURL: server.baseURL, role: 'admin' });
    await sidebar(admin).getByRole('link', { name: 'Jogos', exact: true }).click();
    await expect(admin).toHaveURL(/\/backoffice\/games$/);
    await expect(admin.getByRole('heading', { name: 'Jogos', level: 1 })).toBeVisible();
    const table = vendorsTable(admin);
    const row = rowOf(admin, table, 'Card Room');
    await expect(row.getByRole('cell', { name: 'CRD', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Cartas', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    // Only the changes that differ from the current status are offered.
    await expect(row.getByRole('button', { name: STATUS_BUTTON })).toHaveText(['Colocar em manutenção', 'Desativar']);
    await expectTablesFit(admin, 'vendors-admin-1366');
    await check(admin, 'vendors-admin-1366');

    // Maintenance needs a reason: without one the dialog stays and says so.
    await row.getByRole('button', { name: 'Colocar Card Room em manutenção', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Colocar Card Room em manutenção?' });
    await expect(dialog.getByLabel('O que vai mudar')).toContainText(/Ativo.*Em manutenção/);
    await dialog.getByRole('button', { name: 'Colocar em manutenção', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('Diga o motivo');
    await dialog.getByLabel('Motivo').fill('e2e: card room incident');
    await check(admin, 'vendor-maintenance-dialog-1366');
    await dialog.getByRole('button', { name: 'Colocar em manutenção', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'Card Room agora está em manutenção.' })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Em manutenção', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: STATUS_BUTTON })).toHaveText(['Ativar', 'Desativar']);
    // The pressed button stayed in place (now the way back), so focus did not fall to the page top.
    await expect(row.getByRole('button', { name: 'Ativar Card Room', exact: true })).toBeFocused();

    // The lobby shows the vendor under maintenance, and its card opens the maintenance message.
    await player.reload();
    await expect(card).toContainText('Em manutenção');
    await card.click();
    const notice = player.getByRole('dialog', { name: 'Manutenção' });
    await expect(notice.getByText('Card Room está em manutenção')).toBeVisible();
    await notice.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(notice).toBeHidden();

    // Enabled again: the lobby shows its games and opens them.
    await changeStatus(admin, row, { button: 'Ativar Card Room', dialog: 'Ativar Card Room?', reason: 'e2e: incident over', notice: 'Card Room agora está ativo.', after: 'Ativo' });
    await player.reload();
    await expect(card).toContainText('3 jogos');
    await card.click();
    const popup = player.getByRole('dialog', { name: 'Card Room' });
    await expect(popup.getByRole('list', { name: 'Jogos de Card Room' }).getByRole('button', { name: 'Jogar Teen Patti' })).toBeVisible();

    // The audit log: both changes, with the reasons and the admin, on the Audit screen and through the API.
    await admin.goto(`${server.baseURL}/backoffice/audit?action=game_vendor.status&subjectId=CRD`);
    const audit = admin.getByRole('table', { name: 'Entradas do registro de auditoria' });
    await expect(audit.getByRole('row')).toHaveCount(3);
    await expect(audit.getByRole('cell', { name: 'e2e: card room incident' })).toBeVisible();
    await expect(audit.getByRole('cell', { name: 'e2e: incident over' })).toBeVisible();
    await expect(audit.getByRole('cell', { name: /^bo\.admin/ })).toHaveCount(2);
    const token = await pageOperatorToken(admin);
    const entries = await callApi<{ list: AuditEntry[] }>({ request, baseURL: server.baseURL, token: `Bearer ${token}` }, 'GET', '/ops/audit?action=game_vendor.status&subjectId=CRD&sort=at&order=asc');
    expect(entries.list.map((e) => [e.actorName, e.reason, e.before, e.after])).toEqual([
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: card room incident', { status: 'active' }, { status: 'maintenance' }],
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: incident over', { status: 'maintenance' }, { status: 'active' }],
    ]);
    await Promise.all([player.context().close(), admin.context().close()]);
  });

  test("an admin moves a vendor down the lobby and takes its hot flag off; the lobby follows, audited (1366 px)", async ({ browser, request }) => {
    const liveLane = async () => {
      const res = await request.post(`${server.baseURL}/wps/relay/GCSGAME_newGameVendor`, { data: {} });
      const lanes = ((await res.json()) as { value: { lanes: { title: string; cards: { vassalage: string; isHot: number }[] }[] } }).value.lanes;
      return lanes.find((l) => l.title === 'LIVE')!.cards;
    };
    expect((await liveLane()).map((c) => c.vassalage)).toEqual(['SBX', 'ALV']);

    const admin = await newPage(browser, 1366);
    await signInOperator(admin, { baseURL: server.baseURL, role: 'admin' });
    await admin.goto(`${server.baseURL}/backoffice/games`);
    const row = rowOf(admin, vendorsTable(admin), 'Sandbox Seamless');
    await row.getByRole('button', { name: 'Editar a posição de Sandbox Seamless no lobby' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Sandbox Seamless no lobby' });
    await expect(dialog.getByLabel('Categoria')).toHaveValue('RNG');
    await expect(dialog.getByLabel('Em destaque')).toBeChecked();
    await dialog.getByLabel('Ordem').fill('-3');
    await dialog.getByLabel('Em destaque').uncheck();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    // A negative place and a missing reason are refused before anything is sent.
    await expect(dialog.getByText('Use um número inteiro de 0 a 100000.')).toBeVisible();
    await expect(dialog.getByText('Diga o motivo da mudança.')).toBeVisible();
    await dialog.getByLabel('Ordem').fill('9999');
    await dialog.getByLabel(/Motivo/).fill('e2e: live vendor first');
    await check(admin, 'vendor-settings-dialog-1366');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'Sandbox Seamless: posição no lobby salva.' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '9999', exact: true })).toBeVisible();

    // The lobby's lanes follow: SBX last in its live lane, no longer hot.
    const lane = await liveLane();
    expect(lane.map((c) => c.vassalage)).toEqual(['ALV', 'SBX']);
    expect(lane.find((c) => c.vassalage === 'SBX')!.isHot).toBe(0);
    const token = await operatorLogin(request, server.baseURL, BACKOFFICE_OPERATORS.admin.username, BACKOFFICE_OPERATORS.admin.password);
    const audit = await request.get(`${server.baseURL}/ops/audit?action=game_vendor.settings&subjectId=SBX`, { headers: { authorization: token } });
    const entries = ((await audit.json()) as { value: { list: { reason: string; before: { sortOrder: number; isHot: boolean }; after: { sortOrder: number; isHot: boolean } }[] } }).value.list;
    expect(entries.map((e) => [e.reason, e.after.sortOrder, e.after.isHot])).toEqual([['e2e: live vendor first', 9999, false]]);
    expect(entries[0]!.before.isHot).toBe(true);
    await admin.context().close();
  });

  test("an admin opens a vendor's games from its row and from the URL, and puts one game in maintenance (1024 px)", async ({ browser, request }) => {
    const admin = await newPage(browser, 1024, 768);
    await signInOperator(admin, { baseURL: server.baseURL, role: 'admin' });
    await admin.goto(`${server.baseURL}/backoffice/games`);
    // From the vendor's name: the URL names the vendor and focus moves to its games.
    await rowOf(admin, vendorsTable(admin), 'Card Room').getByRole('link', { name: 'Card Room', exact: true }).click();
    await expect(admin).toHaveURL(/\/backoffice\/games\?vendor=CRD$/);
    await expect(admin.getByRole('heading', { name: 'Jogos de Card Room', level: 2 })).toBeFocused();
    await expect(admin.getByRole('table', { name: 'Jogos de Card Room' }).getByRole('rowheader')).toHaveCount(3);

    // From the URL: a shared link opens the same view.
    await admin.goto(`${server.baseURL}/backoffice/games?vendor=SBX`);
    await expect(admin.getByRole('heading', { name: 'Jogos de Sandbox Seamless', level: 2 })).toBeVisible();
    const games = admin.getByRole('table', { name: 'Jogos de Sandbox Seamless' });
    const ruby = rowOf(admin, games, 'Ruby Rush');
    await expect(ruby.getByRole('cell', { name: 'Slots', exact: true })).toBeVisible();
    await expect(ruby.getByRole('cell', { name: 'slots', exact: true })).toBeVisible();
    await expect(ruby.getByRole('cell', { name: /R\$\s*0,20/ })).toBeVisible();
    await expect(ruby.getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    await expectTablesFit(admin, 'games-admin-1024');
    await check(admin, 'games-admin-1024');

    // The filter narrows the list in place.
    await admin.getByLabel('Filtrar jogos').fill('ruby');
    await expect(games.getByRole('rowheader')).toHaveCount(1);
    await changeStatus(admin, ruby, {
      button: 'Colocar Ruby Rush em manutenção',
      dialog: 'Colocar Ruby Rush em manutenção?',
      reason: 'e2e: ruby rush payout bug',
      notice: 'Ruby Rush agora está em manutenção.',
      after: 'Em manutenção',
    });
    await check(admin, 'games-after-change-1024');

    // The player's list marks the game as under maintenance.
    const player = await newPage(browser, 1366);
    await registerPlayer(player);
    await player.goto(`${server.baseURL}/rng?vassalage=SBX`);
    const lobby = player.locator('main .rng-games');
    await lobby.getByRole('searchbox', { name: 'Buscar jogo' }).fill('Ruby');
    await expect(lobby.getByRole('button', { name: 'Ruby Rush (em manutenção)' })).toBeVisible();

    const token = await pageOperatorToken(admin);
    const entries = await callApi<{ list: AuditEntry[] }>({ request, baseURL: server.baseURL, token: `Bearer ${token}` }, 'GET', '/ops/audit?action=game.status&subjectId=SBX-slot-02');
    expect(entries.list.map((e) => [e.actorName, e.reason, e.before, e.after])).toEqual([
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: ruby rush payout bug', { status: 'active' }, { status: 'maintenance' }],
    ]);

    // Its minimum bet, typed as the operator writes money: the player's list shows it, audited.
    await ruby.getByRole('button', { name: 'Editar ordem, destaque e aposta mínima de Ruby Rush' }).click();
    const settings = admin.getByRole('dialog', { name: 'Ruby Rush: ordem, destaque e aposta mínima' });
    await settings.getByLabel('Aposta mínima').fill('dois reais');
    await settings.getByLabel(/Motivo/).fill('e2e: high-stakes week');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await expect(settings.getByText('Digite um valor, por exemplo 0,50.')).toBeVisible();
    await settings.getByLabel('Aposta mínima').fill('2,50');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await expect(settings).toBeHidden();
    await expect(ruby.getByRole('cell', { name: /R\$\s*2,50/ })).toBeVisible();
    const playerToken = await player.evaluate(() => window.sessionStorage.getItem('token'));
    const listed = await callApi<{ games: { nodeId: string; minBetMinor: string }[] }>(
      { request, baseURL: server.baseURL, token: playerToken ?? '' },
      'POST',
      '/wps/relay/GCSGAME_gameList',
      { vassalage: 'SBX', gameName: 'Ruby Rush', pageSize: 10 },
    );
    expect(listed.games.find((g) => g.nodeId === 'SBX-slot-02')?.minBetMinor).toBe('250');
    const changed = await callApi<{ list: AuditEntry[] }>({ request, baseURL: server.baseURL, token: `Bearer ${token}` }, 'GET', '/ops/audit?action=game.settings&subjectId=SBX-slot-02');
    expect(changed.list.map((e) => [e.reason, (e.after as { minBetMinor: string }).minBetMinor])).toEqual([['e2e: high-stakes week', '250']]);
    await Promise.all([player.context().close(), admin.context().close()]);
  });

  test('a finance operator sees vendors and games read-only (1366, 1024 and 390 px)', async ({ browser, request }) => {
    const finance = await newPage(browser, 1366);
    await signInOperator(finance, { baseURL: server.baseURL, role: 'finance' });
    await sidebar(finance).getByRole('link', { name: 'Jogos', exact: true }).click();
    await expect(finance.getByRole('note').filter({ hasText: 'Sua função só consulta o catálogo' })).toBeVisible();
    const table = vendorsTable(finance);
    const row = rowOf(finance, table, 'Sandbox Seamless');
    await expect(row.getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(16);
    await expect(table.getByRole('button', { name: STATUS_BUTTON })).toHaveCount(0);
    await check(finance, 'vendors-finance-1366');

    await row.getByRole('link', { name: 'Sandbox Seamless', exact: true }).click();
    const games = finance.getByRole('table', { name: 'Jogos de Sandbox Seamless' });
    await expect(rowOf(finance, games, 'Golden Lantern').getByRole('cell', { name: /R\$\s*0,10/ })).toBeVisible();
    await expect(games.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
    await expect(finance.getByRole('button', { name: STATUS_BUTTON })).toHaveCount(0);

    await finance.setViewportSize({ width: 1024, height: 768 });
    await expectTablesFit(finance, 'games-finance-1024');
    await check(finance, 'games-finance-1024');
    await finance.setViewportSize({ width: 390, height: 800 });
    await expect(finance.getByRole('heading', { name: 'Jogos de Sandbox Seamless', level: 2 })).toBeVisible();
    await check(finance, 'games-finance-390');

    // The server refuses the change too.
    const financeToken = await operatorLogin(request, server.baseURL, BACKOFFICE_OPERATORS.finance.username, BACKOFFICE_OPERATORS.finance.password);
    const refused = await request.put(`${server.baseURL}/ops/vendors/SBX/status`, {
      headers: { authorization: `Bearer ${financeToken}` },
      data: { status: 'maintenance', reason: 'not allowed' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('OPERATOR_FORBIDDEN');
    await finance.context().close();
  });
});
