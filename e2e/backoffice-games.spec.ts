import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import {
  BACKOFFICE_OPERATORS,
  openFromSidebar,
  operatorPage,
  pageOperatorToken,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import {
  STATUS_BUTTON,
  changeStatus,
  check,
  expectTablesFit,
  newPage,
  openInhouseSession,
  openVendorPopup,
  rowOf,
  sidebar,
  vendorsTable,
} from './support/games-screen';
import { operatorLogin } from './support/operators';
import { connectDemoVendors } from './support/vendors';

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
 * - players see only connected vendors: the server connects the sandbox's SBX and SBT itself
 *   (development start) and the suite connects Card Room and Aurora Live through the API first;
 * - an admin connects a vendor (the secret typed once, into a password field), then edits its
 *   timeout without typing the secret again: the listed fingerprint stays, the API never answers
 *   the secret and the audit log holds fingerprints only;
 * - an admin sets the dice game's maximum stake: the player's dice game offers no higher stake and
 *   the server refuses one with STAKE_INVALID;
 * - axe-clean at 1366 and 1024 px; at 390 px the page does not scroll sideways.
 */
const PASSWORD = 'Games2026play';
const PORT = EXTRA_PORTS.backofficeGames;

let server: ExtraServer;
/**
 * The admin's one tab, signed in once for the file's tests (serial), which open the Games screen
 * from the sidebar and resize it. The vendors' connections are made before it first loads.
 */
let admin: Page;

type AuditEntry = {
  action: string;
  subjectId: string;
  actorName: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
};

async function registerPlayer(page: Page, path: string): Promise<void> {
  await signedInNewPlayer(page, server.baseURL, { prefix: 'g', password: PASSWORD, path });
}

test.describe('back-office games', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-games', PORT, {
      roles: ['admin', 'finance'],
      configure: disableRegisterCaptcha,
    });
    const request = await playwright.request.newContext();
    await connectDemoVendors(request, server.baseURL, BACKOFFICE_OPERATORS.admin, [
      { vassalage: 'CRD', walletModel: 'seamless' },
      { vassalage: 'ALV', walletModel: 'seamless' },
    ]);
    await request.dispose();
    admin = await operatorPage(browser, { baseURL: server.baseURL, role: 'admin', width: 1366 });
  });
  test.afterAll(async () => {
    await admin?.context().close();
    await server?.stop();
  });

  test('an admin puts a vendor in maintenance and enables it again; the lobby follows and the audit log has both (1366 px)', async ({
    browser,
    request,
  }) => {
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

    // The player's lobby, opened now: the vendor under maintenance, and its card opens the
    // maintenance message (its playable card before and after is the one shown at the end).
    const player = await newPage(browser, 1366);
    await registerPlayer(player, '/pvp');
    const card = player.getByRole('list', { name: 'Fornecedores' }).getByRole('button', { name: /Card Room/ });
    await expect(card).toContainText('Em manutenção');
    await card.click();
    const notice = player.getByRole('dialog', { name: 'Manutenção' });
    await expect(notice.getByText('Card Room está em manutenção')).toBeVisible();
    await notice.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(notice).toBeHidden();

    // Enabled again: the lobby shows its games and opens them.
    await changeStatus(admin, row, {
      button: 'Ativar Card Room',
      dialog: 'Ativar Card Room?',
      reason: 'e2e: incident over',
      notice: 'Card Room agora está ativo.',
      after: 'Ativo',
    });
    await player.reload();
    await expect(card).toContainText('3 jogos');
    const popup = await openVendorPopup(player, card, 'Card Room');
    await expect(
      popup.getByRole('list', { name: 'Jogos de Card Room' }).getByRole('button', { name: 'Jogar Teen Patti' }),
    ).toBeVisible();

    // The audit log: both changes, with the reasons and the admin, on the Audit screen and through the API.
    await admin.goto(`${server.baseURL}/backoffice/audit?action=game_vendor.status&subjectId=CRD`);
    const audit = admin.getByRole('table', { name: 'Entradas do registro de auditoria' });
    await expect(audit.getByRole('row')).toHaveCount(3);
    await expect(audit.getByRole('cell', { name: 'e2e: card room incident' })).toBeVisible();
    await expect(audit.getByRole('cell', { name: 'e2e: incident over' })).toBeVisible();
    await expect(audit.getByRole('cell', { name: /^bo\.admin/ })).toHaveCount(2);
    const token = await pageOperatorToken(admin);
    const entries = await callApi<{ list: AuditEntry[] }>(
      { request, baseURL: server.baseURL, token: `Bearer ${token}` },
      'GET',
      '/ops/audit?action=game_vendor.status&subjectId=CRD&sort=at&order=asc',
    );
    expect(entries.list.map((e) => [e.actorName, e.reason, e.before, e.after])).toEqual([
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: card room incident', { status: 'active' }, { status: 'maintenance' }],
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: incident over', { status: 'maintenance' }, { status: 'active' }],
    ]);
    await player.context().close();
  });

  test('an admin moves a vendor down the lobby and takes its hot flag off; the lobby follows, audited (1366 px)', async ({
    request,
  }) => {
    const liveLane = async () => {
      const res = await request.post(`${server.baseURL}/wps/relay/GCSGAME_newGameVendor`, { data: {} });
      const lanes = (
        (await res.json()) as { value: { lanes: { title: string; cards: { vassalage: string; isHot: number }[] }[] } }
      ).value.lanes;
      return lanes.find((l) => l.title === 'LIVE')!.cards;
    };
    expect((await liveLane()).map((c) => c.vassalage)).toEqual(['SBX', 'ALV']);

    await admin.setViewportSize({ width: 1366, height: 900 });
    await openFromSidebar(admin, 'Jogos', { exact: true });
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
    await expect(
      admin.getByRole('status').filter({ hasText: 'Sandbox Seamless: posição no lobby salva.' }),
    ).toBeVisible();
    await expect(row.getByRole('cell', { name: '9999', exact: true })).toBeVisible();

    // The lobby's lanes follow: SBX last in its live lane, no longer hot.
    const lane = await liveLane();
    expect(lane.map((c) => c.vassalage)).toEqual(['ALV', 'SBX']);
    expect(lane.find((c) => c.vassalage === 'SBX')!.isHot).toBe(0);
    const token = await operatorLogin(
      request,
      server.baseURL,
      BACKOFFICE_OPERATORS.admin.username,
      BACKOFFICE_OPERATORS.admin.password,
    );
    const audit = await request.get(`${server.baseURL}/ops/audit?action=game_vendor.settings&subjectId=SBX`, {
      headers: { authorization: token },
    });
    const entries = (
      (await audit.json()) as {
        value: {
          list: {
            reason: string;
            before: { sortOrder: number; isHot: boolean };
            after: { sortOrder: number; isHot: boolean };
          }[];
        };
      }
    ).value.list;
    expect(entries.map((e) => [e.reason, e.after.sortOrder, e.after.isHot])).toEqual([
      ['e2e: live vendor first', 9999, false],
    ]);
    expect(entries[0]!.before.isHot).toBe(true);
  });

  test("an admin opens a vendor's games from its row and from the URL, and puts one game in maintenance (1024 px)", async ({
    browser,
    request,
  }) => {
    await admin.setViewportSize({ width: 1024, height: 768 });
    await openFromSidebar(admin, 'Jogos', { exact: true });
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
    await registerPlayer(player, '/rng?vassalage=SBX');
    const lobby = player.locator('main .rng-games');
    await lobby.getByRole('searchbox', { name: 'Buscar jogo' }).fill('Ruby');
    await expect(lobby.getByRole('button', { name: 'Ruby Rush (em manutenção)' })).toBeVisible();

    const token = await pageOperatorToken(admin);
    const entries = await callApi<{ list: AuditEntry[] }>(
      { request, baseURL: server.baseURL, token: `Bearer ${token}` },
      'GET',
      '/ops/audit?action=game.status&subjectId=SBX-slot-02',
    );
    expect(entries.list.map((e) => [e.actorName, e.reason, e.before, e.after])).toEqual([
      [
        BACKOFFICE_OPERATORS.admin.username,
        'e2e: ruby rush payout bug',
        { status: 'active' },
        { status: 'maintenance' },
      ],
    ]);

    // Its minimum bet, typed as the operator writes money, and its RTP, typed as a percentage: the
    // player's list shows both, audited. The RTP starts at the reference vendor's 95.5 %.
    await expect(ruby.getByTestId('game-rtp')).toHaveText(/^95,50\s?%$/);
    await ruby.getByRole('button', { name: 'Editar ordem, destaque, aposta mínima e RTP de Ruby Rush' }).click();
    const settings = admin.getByRole('dialog', { name: 'Ruby Rush: ordem, destaque, aposta mínima e RTP' });
    await expect(settings.getByLabel('RTP (%)')).toHaveValue('95,50');
    await settings.getByLabel('RTP (%)').fill('100,01');
    await settings.getByLabel('Aposta mínima').fill('dois reais');
    await settings.getByLabel(/Motivo/).fill('e2e: high-stakes week');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await expect(settings.getByText('Digite um valor, por exemplo 0,50.')).toBeVisible();
    await expect(
      settings.getByText('Digite uma porcentagem de 0 a 100 com até duas casas, por exemplo 96,50.'),
    ).toBeVisible();
    await settings.getByLabel('Aposta mínima').fill('2,50');
    await settings.getByLabel('RTP (%)').fill('96,5');
    await settings.getByRole('button', { name: 'Salvar' }).click();
    await expect(settings).toBeHidden();
    await expect(ruby.getByRole('cell', { name: /R\$\s*2,50/ })).toBeVisible();
    await expect(ruby.getByTestId('game-rtp')).toHaveText(/^96,50\s?%$/);
    const playerToken = await player.evaluate(() => window.sessionStorage.getItem('token'));
    const listed = await callApi<{ games: { nodeId: string; minBetMinor: string; rtpBps: number | null }[] }>(
      { request, baseURL: server.baseURL, token: playerToken ?? '' },
      'POST',
      '/wps/relay/GCSGAME_gameList',
      { vassalage: 'SBX', gameName: 'Ruby Rush', pageSize: 10 },
    );
    expect(listed.games.find((g) => g.nodeId === 'SBX-slot-02')).toMatchObject({ minBetMinor: '250', rtpBps: 9650 });
    const changed = await callApi<{ list: AuditEntry[] }>(
      { request, baseURL: server.baseURL, token: `Bearer ${token}` },
      'GET',
      '/ops/audit?action=game.settings&subjectId=SBX-slot-02',
    );
    expect(changed.list.map((e) => [e.reason, e.before, e.after])).toMatchObject([
      ['e2e: high-stakes week', { rtpBps: 9550 }, { minBetMinor: '250', rtpBps: 9650 }],
    ]);
    await player.context().close();
  });

  test('a finance operator sees vendors and games read-only (1366, 1024 and 390 px)', async ({ browser, request }) => {
    const finance = await newPage(browser, 1366);
    await signInOperator(finance, { baseURL: server.baseURL, role: 'finance', path: 'games' });
    await expect(finance.getByRole('note').filter({ hasText: 'Sua função só consulta o catálogo' })).toBeVisible();
    const table = vendorsTable(finance);
    const row = rowOf(finance, table, 'Sandbox Seamless');
    await expect(row.getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(22);
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
    const financeToken = await operatorLogin(
      request,
      server.baseURL,
      BACKOFFICE_OPERATORS.finance.username,
      BACKOFFICE_OPERATORS.finance.password,
    );
    const refused = await request.put(`${server.baseURL}/ops/vendors/SBX/status`, {
      headers: { authorization: `Bearer ${financeToken}` },
      data: { status: 'maintenance', reason: 'not allowed' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('OPERATOR_FORBIDDEN');
    await finance.context().close();
  });

  test('an admin connects a vendor, then edits its timeout without the secret: the fingerprint stays (1366 and 1024 px)', async ({
    request,
  }) => {
    const SECRET = 'e2e-nova-lotto-shared-secret-2026';
    await admin.setViewportSize({ width: 1366, height: 900 });
    await openFromSidebar(admin, 'Jogos', { exact: true });
    await admin.getByRole('tab', { name: 'Conexões' }).click();
    await expect(admin).toHaveURL(/\/backoffice\/games\?view=adapters$/);
    const table = admin.getByRole('table', { name: 'Conexões dos fornecedores' });
    const row = rowOf(admin, table, 'Nova Lotto');
    await expect(row.getByRole('cell', { name: 'Não conectado', exact: true })).toBeVisible();
    await expectTablesFit(admin, 'adapters-admin-1366');
    await check(admin, 'adapters-admin-1366');

    // Connecting needs the secret: the form says so before anything is sent.
    await row.getByRole('button', { name: 'Conectar Nova Lotto' }).click();
    const connect = admin.getByRole('dialog', { name: 'Conectar Nova Lotto' });
    const secretField = connect.getByLabel('Segredo compartilhado');
    await expect(secretField).toHaveAttribute('type', 'password');
    await connect.getByLabel('Página de jogo').fill('https://nlt.example/play');
    await connect.getByLabel(/Motivo/).fill('e2e: connect lottery vendor');
    await connect.getByRole('button', { name: 'Salvar' }).click();
    await expect(connect.getByText('Digite o segredo que o fornecedor passou: a conexão precisa dele.')).toBeVisible();
    await secretField.fill(SECRET);
    await check(admin, 'adapter-connect-dialog-1366');
    await connect.getByRole('button', { name: 'Salvar' }).click();
    await expect(connect).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'Nova Lotto está conectado.' })).toBeVisible();
    const fingerprint = row.getByTestId('adapter-fingerprint');
    await expect(fingerprint).toHaveText(/^[0-9a-f]{12}$/);
    const shown = (await fingerprint.textContent())!;
    await expect(row.getByRole('cell', { name: '5000 ms', exact: true })).toBeVisible();

    // Editing: the secret field starts empty and says an empty field keeps the secret.
    await row.getByRole('button', { name: 'Editar a conexão de Nova Lotto' }).click();
    const edit = admin.getByRole('dialog', { name: 'Conexão de Nova Lotto' });
    await expect(edit.getByLabel('Segredo compartilhado')).toHaveValue('');
    await expect(
      edit.getByText(`Deixe em branco para manter o segredo atual (impressão digital ${shown}).`),
    ).toBeVisible();
    await expect(edit.getByLabel('Página de jogo')).toHaveValue('https://nlt.example/play');
    await edit.getByLabel('Tempo limite (milissegundos)').fill('2500');
    await edit.getByLabel(/Motivo/).fill('e2e: slower vendor');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'Nova Lotto: conexão salva.' })).toBeVisible();
    await expect(row.getByRole('cell', { name: '2500 ms', exact: true })).toBeVisible();
    await expect(fingerprint).toHaveText(shown);

    // The API and the audit log carry the fingerprint, never the secret.
    const token = `Bearer ${await pageOperatorToken(admin)}`;
    const adapters = await callApi<{ vassalage: string; requestTimeoutMs: number; secretFingerprint: string }[]>(
      { request, baseURL: server.baseURL, token },
      'GET',
      '/ops/vendor-adapters',
    );
    expect(adapters.find((a) => a.vassalage === 'NLT')).toMatchObject({
      requestTimeoutMs: 2500,
      secretFingerprint: shown,
    });
    expect(JSON.stringify(adapters)).not.toContain(SECRET);
    const audit = await callApi<{ list: AuditEntry[] }>(
      { request, baseURL: server.baseURL, token },
      'GET',
      '/ops/audit?action=vendor_adapter.set&subjectId=NLT&sort=at&order=asc',
    );
    expect(audit.list.map((e) => [e.reason, (e.after as { secretFingerprint: string }).secretFingerprint])).toEqual([
      ['e2e: connect lottery vendor', shown],
      ['e2e: slower vendor', shown],
    ]);
    expect(JSON.stringify(audit.list)).not.toContain(SECRET);

    await admin.setViewportSize({ width: 1024, height: 768 });
    await expectTablesFit(admin, 'adapters-admin-1024');
    await check(admin, 'adapters-admin-1024');
  });

  test("an admin sets the dice game's maximum stake: the player's game stops there and the server refuses more (1024 and 1366 px)", async ({
    browser,
    request,
  }) => {
    await admin.setViewportSize({ width: 1024, height: 768 });
    await openFromSidebar(admin, 'Jogos', { exact: true });
    await admin.getByRole('tab', { name: 'Jogos da casa' }).click();
    await expect(admin).toHaveURL(/\/backoffice\/games\?view=inhouse$/);
    const table = admin.getByRole('table', { name: 'Jogos da casa' });
    const dice = rowOf(admin, table, 'Provable Dice');
    await expect(dice.getByRole('cell', { name: /^99,00\s*%$/ })).toBeVisible();
    await expect(dice.getByRole('cell', { name: /R\$\s*10\.000,00\s*limite da casa/ })).toBeVisible();
    await expectTablesFit(admin, 'inhouse-admin-1024');
    await check(admin, 'inhouse-admin-1024');

    // Typed as the operator writes money; a maximum below the minimum is refused in the form.
    await dice.getByRole('button', { name: 'Editar a aposta máxima de Provable Dice' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Provable Dice: aposta máxima' });
    await expect(dialog.getByText(/^99,00\s*%, fixo no jogo$/)).toBeVisible();
    await dialog.getByLabel('Aposta máxima').fill('0,05');
    await dialog.getByLabel(/Motivo/).fill('e2e: cap dice stakes');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText(/A máxima não pode ficar abaixo da aposta mínima, R\$\s*0,10\./)).toBeVisible();
    await dialog.getByLabel('Aposta máxima').fill('2,00');
    await check(admin, 'inhouse-dialog-1024');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'Provable Dice: aposta máxima salva.' })).toBeVisible();
    await expect(dice.getByRole('cell', { name: /^R\$\s*2,00$/ })).toBeVisible();
    await admin.setViewportSize({ width: 1366, height: 900 });
    await check(admin, 'inhouse-admin-1366');

    // The player's dice game offers stakes up to R$ 2,00 and no higher.
    const player = await newPage(browser, 1366);
    await registerPlayer(player, '/inhouse/dice');
    await player.getByTestId('inhouse-detail-play-dice').click();
    await expect(player).toHaveURL(/\/game$/);
    const frame = player.frameLocator('[data-testid="game-frame"]');
    const more = frame.getByRole('button', { name: 'Aumentar aposta' });
    await expect(frame.getByTestId('inhouse-stake')).toBeVisible();
    while (await more.isEnabled()) await more.click();
    await expect(frame.getByTestId('inhouse-stake')).toHaveText(/R\$\s*2,00/);

    // The server holds a round to it too: the player's session says 200, a stake of 300 is refused.
    const playerToken = (await player.evaluate(() => window.sessionStorage.getItem('token'))) ?? '';
    const session = await openInhouseSession(request, server.baseURL, playerToken, 'inhouse-dice');
    expect(session.maxStakeMinor).toBe('200');
    const refused = await request.post(`${server.baseURL}/wps/inhouse/dice/roll`, {
      data: {
        sessionToken: session.sessionToken,
        playerId: session.playerId,
        stakeMinor: '300',
        idempotencyKey: 'e2e-dice-above-max',
        target: 5000,
        direction: 'under',
      },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('STAKE_INVALID');
    await player.context().close();
  });
});
