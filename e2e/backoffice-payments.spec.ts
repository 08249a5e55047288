import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import {
  type Api,
  callApi,
  disableRegisterCaptcha,
  fieldLabel,
  openSignedIn,
  registerThroughApi,
} from './support/setup';
import {
  BACKOFFICE_OPERATORS,
  openFromSidebar,
  operatorPage,
  startBackofficeServer,
  type BackofficeRole,
  checkBackofficePage,
  newBackofficePage as newPage,
  expectTablesFit,
} from './support/backoffice';
import { operatorLogin } from './support/operators';
import { confirmBankBinding, openBindBankForm } from './support/security-centre';

/**
 * The back office's Payments screen, against the player site:
 * - a finance operator raises the bank transfer's minimum with a reason: the player's deposit
 *   form refuses an amount below it, the server refuses such an order, and the audit log has the
 *   change;
 * - a finance operator disables Sandbox Pay (players no longer get it) and enables it again,
 *   and creates a channel choosing its payment method, which the list shows;
 * - the withdrawal rules form changes the minimum and the daily count: the player's withdrawal
 *   info shows the new values, and the change is audited;
 * - an admin adds a bank (after the form refused a bad code, a listed code and no reason) and
 *   renames it (a server field error shows under its field), and disables Nubank: the player's
 *   bind-bank form in the security centre offers the new bank first and Nubank no longer, an
 *   account binds at the new bank, and the audit log has each change;
 * - support holds payments.read without payments.write (read-only money): the Payments page with
 *   every table and rule and no add, edit or enable/disable button; the server answers its reads
 *   and refuses its changes with 403;
 * - axe-clean at 1366 and 1024 px (page and dialogs); at 390 px nothing scrolls sideways.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-payments');

const check = (page: Page, name: string): Promise<void> => checkBackofficePage(page, name, SHOTS);
const PASSWORD = 'Payments2026play';
const PAYEE = 'Maria Clara Souza';
const PORT = EXTRA_PORTS.backofficePayments;

let server: ExtraServer;
/** The finance operator's one tab, signed in once for the file's tests (serial), resized per test. */
let financeTab: Page;

type AuditEntry = {
  action: string;
  subjectId: string;
  actorName: string | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
type PlayerChannel = { id: string; name: string; type: string; method: string; min: string; minMinor: string };

/**
 * A page of the site at 1366 px, signed in as `player`. Opened once the back office's change is
 * made, so its one load shows it (the site keeps channels and banks for minutes).
 */
async function playerPage(browser: Browser, player: Api): Promise<Page> {
  const page = await newPage(browser, 1366);
  await openSignedIn(page, server.baseURL, player.token);
  return page;
}

/** A new player's API access only, for a test that reads what the player gets without a page. */
async function registerPlayerApi(request: APIRequestContext): Promise<Api> {
  const { token } = await registerThroughApi(request, server.baseURL, { prefix: 'p', password: PASSWORD });
  return { request, baseURL: server.baseURL, token };
}

/** The Payments screen from the sidebar, on `page` at this size. */
async function showPayments(page: Page, width: number, height = 900): Promise<Page> {
  await page.setViewportSize({ width, height });
  await openFromSidebar(page, 'Pagamentos', { exact: true });
  await expect(page).toHaveURL(/\/backoffice\/payments$/);
  await expect(page.getByRole('heading', { name: 'Pagamentos', level: 1 })).toBeVisible();
  return page;
}

/** A new tab signed in as `role`, on the Payments screen. */
async function openPayments(browser: Browser, role: BackofficeRole, width: number, height = 900): Promise<Page> {
  return showPayments(await operatorPage(browser, { baseURL: server.baseURL, role, width, height }), width, height);
}

function channelsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Canais de depósito' });
}

function rowOf(page: Page, name: string): Locator {
  return channelsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

/** A channel's "Forma de pagamento" cell: the one after its name. */
function methodCell(page: Page, name: string): Locator {
  return rowOf(page, name).locator(':scope > *').nth(1);
}

function bankRowOf(page: Page, name: string): Locator {
  return page
    .getByRole('table', { name: 'Bancos' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

async function auditEntries(request: APIRequestContext, query: string): Promise<AuditEntry[]> {
  const token = await operatorLogin(
    request,
    server.baseURL,
    BACKOFFICE_OPERATORS.admin.username,
    BACKOFFICE_OPERATORS.admin.password,
  );
  const page = await callApi<{ list: AuditEntry[] }>(
    { request, baseURL: server.baseURL, token: `Bearer ${token}` },
    'GET',
    `/ops/audit?${query}&sort=at&order=asc`,
  );
  return page.list;
}

test.describe('back-office payments', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-payments', PORT, {
      roles: ['admin', 'finance', 'support'],
      configure: (dataDir) => {
        disableRegisterCaptcha(dataDir);
      },
    });
    financeTab = await operatorPage(browser, { baseURL: server.baseURL, role: 'finance', width: 1366 });
  });
  test.afterAll(async () => {
    await financeTab?.context().close();
    await server?.stop();
  });

  test("a finance operator raises the bank transfer's minimum: the player's deposit refuses less, and the audit log has it (1366 px)", async ({
    browser,
    request,
  }) => {
    const player = { api: await registerPlayerApi(request) };
    const finance = await showPayments(financeTab, 1366);
    const bank = rowOf(finance, 'Transferência bancária');
    await expect(bank.getByRole('cell', { name: /R\$\s*10,00 a R\$\s*50\.000,00/ })).toBeVisible();
    await expect(bank.getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    await expect(bank.getByRole('cell', { name: /Banco Demo S\.A\./ })).toBeVisible();
    await expect(rowOf(finance, 'Sandbox Pay').getByRole('cell', { name: 'Provedor: Sandbox' })).toBeVisible();
    await expectTablesFit(finance, 'payments-finance-1366');
    await check(finance, 'payments-finance-1366');

    await bank.getByRole('button', { name: 'Editar Transferência bancária', exact: true }).click();
    const dialog = finance.getByRole('dialog', { name: 'Editar Transferência bancária' });
    const min = dialog.getByLabel('Depósito mínimo (BRL)');
    await expect(min).toHaveValue('10,00');
    // The form's refusals (no amount, no reason, a minimum above the maximum) are the component
    // test's (channel-form-dialog.test.tsx); this is the way through.
    await min.fill('25,50');
    await dialog.getByLabel('Motivo').fill('e2e: raise the bank transfer minimum');
    await check(finance, 'channel-dialog-1366');
    await dialog.getByRole('button', { name: 'Salvar canal' }).click();
    await expect(dialog).toBeHidden();
    await expect(finance.getByRole('status').filter({ hasText: 'Transferência bancária foi salvo.' })).toBeVisible();
    await expect(bank.getByRole('cell', { name: /R\$\s*25,50 a R\$\s*50\.000,00/ })).toBeVisible();

    // The player's deposit form: the new minimum, and an amount below it refused before sending.
    const page = await playerPage(browser, player.api);
    await page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('tab', { name: 'Transferência bancária' }).click();
    await expect(panel.getByText(/Mín\. R\$\s*25,50 · Máx\. R\$\s*50\.000,00/)).toBeVisible();
    await panel.getByLabel(fieldLabel('Valor')).fill('20');
    await panel.getByRole('button', { name: 'Ver dados da transferência' }).click();
    await expect(panel.getByText(/O mínimo é R\$\s*25,50/)).toBeVisible();
    // And the server: the channel's new minimum, and an order below it refused.
    const channels = await callApi<PlayerChannel[]>(player.api, 'GET', '/wps/deposit/channels');
    const manual = channels.find((c) => c.name === 'Transferência bancária');
    expect(manual).toMatchObject({ min: '25.50', minMinor: '2550' });
    const refused = await request.post(`${server.baseURL}/wps/deposit/orders`, {
      headers: { authorization: player.api.token },
      data: { channelId: manual!.id, amount: '20', idempotencyKey: `e2e-payments-${Date.now()}` },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('DEPOSIT_AMOUNT_OUT_OF_RANGE');

    const entries = await auditEntries(request, `action=deposit_channel.update&subjectId=${manual!.id}`);
    expect(entries.map((e) => [e.actorName, e.reason, e.before?.minMinor, e.after?.minMinor])).toEqual([
      [BACKOFFICE_OPERATORS.finance.username, 'e2e: raise the bank transfer minimum', '1000', '2550'],
    ]);
    await page.context().close();
  });

  test('a finance operator disables Sandbox Pay and enables it again, and creates a channel choosing its payment method (1024 px)', async ({
    request,
  }) => {
    const player = { api: await registerPlayerApi(request) };
    const playerChannels = async () =>
      (await callApi<PlayerChannel[]>(player.api, 'GET', '/wps/deposit/channels')).map((c) => c.name);
    expect(await playerChannels()).toContain('Sandbox Pay');

    const finance = await showPayments(financeTab, 1024, 768);
    const sandbox = rowOf(finance, 'Sandbox Pay');
    await sandbox.getByRole('button', { name: 'Desativar Sandbox Pay', exact: true }).click();
    const disable = finance.getByRole('dialog', { name: 'Desativar Sandbox Pay?' });
    await expect(disable.getByLabel('O que vai mudar')).toContainText(/Ativo.*Desativado/);
    await disable.getByLabel('Motivo').fill('e2e: gateway incident');
    await check(finance, 'disable-dialog-1024');
    await disable.getByRole('button', { name: 'Desativar', exact: true }).click();
    await expect(disable).toBeHidden();
    await expect(finance.getByRole('status').filter({ hasText: 'Sandbox Pay agora está desativado.' })).toBeVisible();
    await expect(sandbox.getByRole('cell', { name: 'Desativado', exact: true })).toBeVisible();
    // The pressed button stayed in place (now the way back), so focus did not fall to the page top.
    await expect(sandbox.getByRole('button', { name: 'Ativar Sandbox Pay', exact: true })).toBeFocused();
    expect(await playerChannels()).not.toContain('Sandbox Pay');
    await expectTablesFit(finance, 'payments-finance-1024');
    await check(finance, 'payments-finance-1024');

    await sandbox.getByRole('button', { name: 'Ativar Sandbox Pay', exact: true }).click();
    const enable = finance.getByRole('dialog', { name: 'Ativar Sandbox Pay?' });
    await enable.getByLabel('Motivo').fill('e2e: incident over');
    await enable.getByRole('button', { name: 'Ativar', exact: true }).click();
    await expect(enable).toBeHidden();
    await expect(sandbox.getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    expect(await playerChannels()).toContain('Sandbox Pay');
    const sandboxId = (await callApi<PlayerChannel[]>(player.api, 'GET', '/wps/deposit/channels')).find(
      (c) => c.name === 'Sandbox Pay',
    )!.id;
    const toggles = await auditEntries(request, `action=deposit_channel.update&subjectId=${sandboxId}`);
    expect(toggles.map((e) => [e.actorName, e.reason, e.before?.enabled, e.after?.enabled])).toEqual([
      [BACKOFFICE_OPERATORS.finance.username, 'e2e: gateway incident', true, false],
      [BACKOFFICE_OPERATORS.finance.username, 'e2e: incident over', false, true],
    ]);

    // A new bank-transfer channel, its payment method chosen. A method left unchosen and the
    // server's refusal of a field (a currency other than BRL) are channel-form-dialog.test.tsx's and
    // deposit.test.ts's.
    await finance.getByRole('button', { name: 'Novo canal', exact: true }).click();
    const create = finance.getByRole('dialog', { name: 'Novo canal de depósito' });
    await create.getByLabel('Nome mostrado aos jogadores').fill('Banco Reserva');
    await create.getByLabel('Depósito mínimo (BRL)').fill('50');
    await create.getByLabel('Depósito máximo (BRL)').fill('1000,00');
    await create.getByLabel('Banco', { exact: true }).fill('Banco Reserva S.A.');
    await create.getByLabel('Agência e conta').fill('0002 / 998877-1');
    await create.getByLabel('Titular').fill('Lumen Bet Pagamentos Ltda');
    await create.getByLabel('Motivo').fill('e2e: second receiving bank');
    const method = create.getByLabel('Forma de pagamento');
    await expect(method).toHaveValue('');
    await method.selectOption({ label: 'Transferência bancária' });
    await create.getByRole('button', { name: 'Criar canal' }).click();
    await expect(create).toBeHidden();
    await expect(
      rowOf(finance, 'Banco Reserva').getByRole('cell', { name: /R\$\s*50,00 a R\$\s*1\.000,00/ }),
    ).toBeVisible();
    await expect(methodCell(finance, 'Banco Reserva')).toHaveText('Transferência bancária');
    const created = (await callApi<PlayerChannel[]>(player.api, 'GET', '/wps/deposit/channels')).find(
      (c) => c.name === 'Banco Reserva',
    );
    expect(created).toMatchObject({ type: 'manual_bank', method: 'bank_transfer', minMinor: '5000' });
  });

  test("the withdrawal rules form changes the minimum and the daily count: the player's withdrawal info follows (1366 px)", async ({
    request,
  }) => {
    const player = { api: await registerPlayerApi(request) };
    const before = await callApi<{ minAmount: string; dailyCountLimit: number }>(
      player.api,
      'GET',
      '/wps/withdraw/info',
    );
    expect(before).toMatchObject({ minAmount: '10.00', dailyCountLimit: 5 });

    const finance = await showPayments(financeTab, 1366);
    const rules = finance.getByRole('definition');
    await expect(rules).toHaveText([
      /R\$\s*10,00/,
      /R\$\s*50\.000,00/,
      /^5/,
      '30 minutos após a aprovação',
      '48 horas após o pedido',
    ]);
    await finance.getByRole('button', { name: 'Alterar regras de saque' }).click();
    const dialog = finance.getByRole('dialog', { name: 'Alterar regras de saque' });
    // A maximum below the minimum is refused in the form: withdrawal-rules.test.tsx.
    await dialog.getByLabel('Saque mínimo (BRL)').fill('20,00');
    await dialog.getByLabel('Saques por dia por jogador').fill('2');
    await dialog.getByLabel('Motivo').fill('e2e: fewer, larger payouts');
    await check(finance, 'withdrawal-dialog-1366');
    await dialog.getByRole('button', { name: 'Salvar regras' }).click();
    await expect(dialog).toBeHidden();
    await expect(finance.getByRole('status').filter({ hasText: 'As regras de saque foram salvas.' })).toBeVisible();
    await expect(rules).toHaveText([
      /R\$\s*20,00/,
      /R\$\s*50\.000,00/,
      /^2/,
      '30 minutos após a aprovação',
      '48 horas após o pedido',
    ]);

    const after = await callApi<{ minAmount: string; dailyCountLimit: number }>(
      player.api,
      'GET',
      '/wps/withdraw/info',
    );
    expect(after).toMatchObject({ minAmount: '20.00', dailyCountLimit: 2 });
    const entries = await auditEntries(request, 'action=settings.withdrawal&subjectId=withdrawal');
    expect(
      entries.map((e) => [
        e.actorName,
        e.reason,
        e.before?.minAmountMinor,
        e.after?.minAmountMinor,
        e.after?.dailyCountLimit,
      ]),
    ).toEqual([[BACKOFFICE_OPERATORS.finance.username, 'e2e: fewer, larger payouts', '1000', '2000', 2]]);
  });

  test("an admin adds a bank and disables Nubank: the player's bind-bank form follows, and the audit log has it (1366 px)", async ({
    browser,
    request,
  }) => {
    const { username, token } = await registerThroughApi(request, server.baseURL, { prefix: 'p', password: PASSWORD });
    const player: Api = { request, baseURL: server.baseURL, token };
    await callApi(player, 'PUT', '/wps/member/payee-name', { payeeName: PAYEE });
    // Before: Nubank offered, as the bind-bank form's list (its page is opened after the change).
    const offered = async () =>
      (await callApi<{ code: string }[]>(player, 'GET', '/wps/member/banks')).map((b) => b.code);
    expect(await offered()).toContain('260');

    const admin = await openPayments(browser, 'admin', 1366);
    const nubank = bankRowOf(admin, 'Nubank');
    await expect(nubank.getByRole('cell', { name: '260', exact: true })).toBeVisible();
    await expect(nubank.getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();

    // A new bank. The form's refusals (a code outside the pattern or already listed, no reason, a
    // server refusal under its field) are the component tests' (bank-form-dialog.test.tsx,
    // banks-section.test.tsx); this is the way through.
    await admin.getByRole('button', { name: 'Adicionar banco', exact: true }).click();
    const add = admin.getByRole('dialog', { name: 'Adicionar banco' });
    const submit = () => add.getByRole('button', { name: 'Adicionar banco', exact: true }).click();
    await add.getByLabel(fieldLabel('Código do banco')).fill('9100');
    await add.getByLabel(fieldLabel('Nome mostrado aos jogadores')).fill('Banco Aurora');
    await add.getByLabel(fieldLabel('Motivo')).fill('e2e: new partner bank');
    await add.getByLabel('Ordem na lista dos jogadores').fill('5');
    await check(admin, 'bank-dialog-1366');
    await submit();
    await expect(add).toBeHidden();
    await expect(admin.getByRole('status').filter({ hasText: 'Banco Aurora foi adicionado.' })).toBeVisible();
    const aurora = bankRowOf(admin, 'Banco Aurora');
    await expect(aurora.getByRole('cell', { name: '9100', exact: true })).toBeVisible();

    // A rename.
    await aurora.getByRole('button', { name: 'Editar Banco Aurora', exact: true }).click();
    const edit = admin.getByRole('dialog', { name: 'Editar Banco Aurora' });
    await expect(edit).toContainText('9100');
    await edit.getByLabel(fieldLabel('Nome mostrado aos jogadores')).fill('Banco Aurora S.A.');
    await edit.getByLabel(fieldLabel('Motivo')).fill('e2e: legal name');
    await edit.getByRole('button', { name: 'Salvar banco' }).click();
    await expect(edit).toBeHidden();
    await expect(bankRowOf(admin, 'Banco Aurora S.A.').getByRole('cell', { name: '5', exact: true })).toBeVisible();

    // Disable Nubank: the dialog says the accounts bound to it keep it.
    await nubank.getByRole('button', { name: 'Desativar Nubank', exact: true }).click();
    const disable = admin.getByRole('dialog', { name: 'Desativar Nubank?' });
    await expect(disable).toContainText('Nubank deixa de ser oferecido');
    await expect(disable.getByLabel('O que vai mudar')).toContainText(/Ativo.*Desativado/);
    await disable.getByLabel('Motivo').fill('e2e: bank under intervention');
    await check(admin, 'bank-disable-dialog-1366');
    await disable.getByRole('button', { name: 'Desativar', exact: true }).click();
    await expect(disable).toBeHidden();
    await expect(nubank.getByRole('cell', { name: 'Desativado', exact: true })).toBeVisible();
    await expect(nubank.getByRole('button', { name: 'Ativar Nubank', exact: true })).toBeFocused();
    await expectTablesFit(admin, 'payments-admin-banks-1366');
    await check(admin, 'payments-admin-banks-1366');

    // The player's form: the new bank first (order 5), Nubank gone; an account binds at the new bank.
    const site = await playerPage(browser, player);
    const after = await openBindBankForm(site, username);
    expect(after.options[1]).toBe('9100 · Banco Aurora S.A.');
    expect(after.options).not.toContain('260 · Nubank');
    await after.form.getByLabel(fieldLabel('Banco')).selectOption({ label: '9100 · Banco Aurora S.A.' });
    await after.form.getByLabel(fieldLabel('Número da conta')).fill('9100-1234');
    await confirmBankBinding(after.form, { bank: '9100 · Banco Aurora S.A.', accountNumber: '91001234' });
    await expect(after.form).toContainText('Banco Aurora S.A.');
    await expect(after.form).toContainText('****1234');

    const saves = await auditEntries(request, 'action=bank.save&subjectId=9100');
    expect(
      saves.map((e) => [e.actorName, e.reason, e.before?.name ?? null, e.after?.name, e.after?.sortOrder]),
    ).toEqual([
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: new partner bank', null, 'Banco Aurora', 5],
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: legal name', 'Banco Aurora', 'Banco Aurora S.A.', 5],
    ]);
    const disables = await auditEntries(request, 'action=bank.disable&subjectId=260');
    expect(disables.map((e) => [e.actorName, e.reason, e.before?.enabled, e.after?.enabled])).toEqual([
      [BACKOFFICE_OPERATORS.admin.username, 'e2e: bank under intervention', true, false],
    ]);

    // And back: Nubank offered again.
    await bankRowOf(admin, 'Nubank').getByRole('button', { name: 'Ativar Nubank', exact: true }).click();
    const enable = admin.getByRole('dialog', { name: 'Ativar Nubank?' });
    await enable.getByLabel('Motivo').fill('e2e: intervention over');
    await enable.getByRole('button', { name: 'Ativar', exact: true }).click();
    await expect(enable).toBeHidden();
    await expect(bankRowOf(admin, 'Nubank').getByRole('cell', { name: 'Ativo', exact: true })).toBeVisible();
    // The decision refetched the bank list (no reload): the new bank counts the account bound at it.
    await expect(bankRowOf(admin, 'Banco Aurora S.A.').getByRole('cell', { name: '1', exact: true })).toBeVisible();
    expect(await offered()).toContain('260');
    await Promise.all([site.context().close(), admin.context().close()]);
  });

  test('support reads the whole Payments page with no button to change it, and the server refuses its changes; at 390 px the screen fits', async ({
    browser,
    request,
  }) => {
    // One support tab, resized from 1366 to 1024 px.
    const support = await openPayments(browser, 'support', 1366, 900);
    for (const [width, height] of [
      [1366, 900],
      [1024, 768],
    ] as const) {
      await support.setViewportSize({ width, height });
      await expect(support.getByRole('note')).toHaveText(
        'Sua função só consulta os pagamentos: alterar canais, bancos e regras de saque é para funções que podem editá-los.',
      );
      await expect(rowOf(support, 'Transferência bancária')).toBeVisible();
      await expect(bankRowOf(support, 'Nubank').getByRole('cell', { name: '260', exact: true })).toBeVisible();
      await expect(support.getByRole('definition')).toHaveCount(5);
      await expect(support.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
      await expect(support.getByRole('button', { name: /^(Editar|Desativar|Ativar) / })).toHaveCount(0);
      for (const label of ['Novo canal', 'Adicionar banco', 'Alterar regras de saque'])
        await expect(support.getByRole('button', { name: label })).toHaveCount(0);
      await expectTablesFit(support, `payments-support-${width}`);
      await check(support, `payments-support-${width}`);
    }
    await support.context().close();

    const token = await operatorLogin(
      request,
      server.baseURL,
      BACKOFFICE_OPERATORS.support.username,
      BACKOFFICE_OPERATORS.support.password,
    );
    const headers = { authorization: `Bearer ${token}` };
    for (const path of ['/ops/deposit-channels', '/ops/banks', '/ops/withdrawal-settings'])
      expect((await request.get(`${server.baseURL}${path}`, { headers })).status(), path).toBe(200);
    const channel = {
      name: 'Not allowed',
      type: 'manual_bank',
      currency: 'BRL',
      minMinor: '100',
      maxMinor: '1000',
      bankName: 'X',
      accountNumber: '1',
      accountHolder: 'Y',
      reason: 'not allowed',
    };
    const answers = await Promise.all([
      request.put(`${server.baseURL}/ops/deposit-channels`, { headers, data: channel }),
      request.put(`${server.baseURL}/ops/withdrawal-settings`, {
        headers,
        data: { dailyCountLimit: 9, reason: 'not allowed' },
      }),
      request.put(`${server.baseURL}/ops/banks/9200`, {
        headers,
        data: { name: 'Not allowed', reason: 'not allowed' },
      }),
      request.put(`${server.baseURL}/ops/banks/260/status`, {
        headers,
        data: { enabled: false, reason: 'not allowed' },
      }),
    ]);
    for (const answer of answers) {
      expect(answer.status()).toBe(403);
      expect(((await answer.json()) as { errorCode: string }).errorCode).toBe('OPERATOR_FORBIDDEN');
    }

    // A phone: the page does not scroll sideways, the table scrolls in its own region, and a row's actions work.
    const finance = financeTab;
    await finance.setViewportSize({ width: 390, height: 800 });
    await expect(rowOf(finance, 'Transferência bancária')).toBeVisible();
    await check(finance, 'payments-finance-390');
    await rowOf(finance, 'Transferência bancária')
      .getByRole('button', { name: 'Editar Transferência bancária', exact: true })
      .click();
    const dialog = finance.getByRole('dialog', { name: 'Editar Transferência bancária' });
    await expect(dialog.getByLabel('Depósito mínimo (BRL)')).toBeVisible();
    await check(finance, 'channel-dialog-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
  });
});
