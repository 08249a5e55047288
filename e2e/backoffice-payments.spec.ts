import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { type Api, callApi, disableRegisterCaptcha, fieldLabel, registerThroughSite } from './support/setup';
import { BACKOFFICE_OPERATORS, signInOperator, startBackofficeServer, type BackofficeRole } from './support/backoffice';
import { operatorLogin } from './support/operators';

/**
 * The back office's Payments screen, against the player site:
 * - a finance operator raises the bank transfer's minimum with a reason (after the form refused a
 *   bad amount and a minimum above the maximum): the player's deposit form refuses an amount
 *   below it, the server refuses such an order, and the audit log has the change;
 * - a finance operator disables Sandbox Pay (players no longer get it) and enables it again,
 *   and creates a channel (the server's field error on a wrong currency shows under the field);
 * - the withdrawal rules form changes the minimum and the daily count: the player's withdrawal
 *   info shows the new values, and the change is audited;
 * - support holds neither payments.read nor payments.write (packages/shared/src/ops-permissions.ts;
 *   no role reads payments without editing them): no sidebar entry, the screen says the role may
 *   not use it, and the server refuses its reads and changes with 403;
 * - axe-clean at 1366 and 1024 px (page and dialogs); at 390 px nothing scrolls sideways.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-payments');
const PASSWORD = 'Payments2026play';
const PORT = EXTRA_PORTS.backofficePayments;

let server: ExtraServer;

type AuditEntry = { action: string; subjectId: string; actorName: string | null; reason: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null };
type PlayerChannel = { id: string; name: string; type: string; min: string; minMinor: string };

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

/** A new player through the site's registration form; returns the page (signed in) and its API access. */
async function registerPlayer(browser: Browser, request: APIRequestContext): Promise<{ page: Page; api: Api }> {
  const page = await newPage(browser, 1366);
  const { token } = await registerThroughSite(page, server.baseURL, { prefix: 'p', password: PASSWORD });
  return { page, api: { request, baseURL: server.baseURL, token } };
}

async function openPayments(browser: Browser, role: BackofficeRole, width: number, height = 900): Promise<Page> {
  const page = await newPage(browser, width, height);
  await signInOperator(page, { baseURL: server.baseURL, role });
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Pagamentos', exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice\/payments$/);
  await expect(page.getByRole('heading', { name: 'Pagamentos', level: 1 })).toBeVisible();
  return page;
}

function channelsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Canais de depósito' });
}

function rowOf(page: Page, name: string): Locator {
  return channelsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
}

async function auditEntries(request: APIRequestContext, query: string): Promise<AuditEntry[]> {
  const token = await operatorLogin(request, server.baseURL, BACKOFFICE_OPERATORS.admin.username, BACKOFFICE_OPERATORS.admin.password);
  const page = await callApi<{ list: AuditEntry[] }>({ request, baseURL: server.baseURL, token: `Bearer ${token}` }, 'GET', `/ops/audit?${query}&sort=at&order=asc`);
  return page.list;
}

test.describe('back-office payments', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-payments', PORT, { roles: ['admin', 'finance', 'support'], configure: disableRegisterCaptcha });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a finance operator raises the bank transfer's minimum: the player's deposit refuses less, and the audit log has it (1366 px)", async ({ browser, request }) => {
    const player = await registerPlayer(browser, request);
    const finance = await openPayments(browser, 'finance', 1366);
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
    // The form refuses what the API would: text that is no amount, a minimum above the maximum, no reason.
    await min.fill('dez reais');
    await dialog.getByRole('button', { name: 'Salvar canal' }).click();
    await expect(min).toHaveAccessibleDescription(/Digite um valor maior que zero/);
    await expect(dialog.getByLabel('Motivo')).toHaveAccessibleDescription(/Diga o motivo/);
    await min.fill('60000,00');
    await dialog.getByLabel('Motivo').fill('e2e: raise the bank transfer minimum');
    await dialog.getByRole('button', { name: 'Salvar canal' }).click();
    await expect(dialog.getByLabel('Depósito máximo (BRL)')).toHaveAccessibleDescription(/não seja menor que o mínimo/);
    await min.fill('25,50');
    await check(finance, 'channel-dialog-1366');
    await dialog.getByRole('button', { name: 'Salvar canal' }).click();
    await expect(dialog).toBeHidden();
    await expect(finance.getByRole('status').filter({ hasText: 'Transferência bancária foi salvo.' })).toBeVisible();
    await expect(bank.getByRole('cell', { name: /R\$\s*25,50 a R\$\s*50\.000,00/ })).toBeVisible();

    // The player's deposit form: the new minimum, and an amount below it refused before sending.
    await player.page.reload();
    await player.page.getByRole('banner').getByRole('button', { name: 'Depositar' }).click();
    const panel = player.page.getByRole('dialog');
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
    await Promise.all([player.page.context().close(), finance.context().close()]);
  });

  test('a finance operator disables Sandbox Pay and enables it again, and creates a channel (1024 px)', async ({ browser, request }) => {
    const player = await registerPlayer(browser, request);
    const playerChannels = async () => (await callApi<PlayerChannel[]>(player.api, 'GET', '/wps/deposit/channels')).map((c) => c.name);
    expect(await playerChannels()).toContain('Sandbox Pay');

    const finance = await openPayments(browser, 'finance', 1024, 768);
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
    const sandboxId = (await callApi<PlayerChannel[]>(player.api, 'GET', '/wps/deposit/channels')).find((c) => c.name === 'Sandbox Pay')!.id;
    const toggles = await auditEntries(request, `action=deposit_channel.update&subjectId=${sandboxId}`);
    expect(toggles.map((e) => [e.actorName, e.reason, e.before?.enabled, e.after?.enabled])).toEqual([
      [BACKOFFICE_OPERATORS.finance.username, 'e2e: gateway incident', true, false],
      [BACKOFFICE_OPERATORS.finance.username, 'e2e: incident over', false, true],
    ]);

    // A new bank-transfer channel; the server's answer on a wrong currency shows under that field.
    await finance.getByRole('button', { name: 'Novo canal', exact: true }).click();
    const create = finance.getByRole('dialog', { name: 'Novo canal de depósito' });
    await create.getByLabel('Nome mostrado aos jogadores').fill('Banco Reserva');
    await create.getByLabel('Moeda').fill('USD');
    await create.getByLabel('Depósito mínimo (BRL)').fill('50');
    await create.getByLabel('Depósito máximo (BRL)').fill('1000,00');
    await create.getByLabel('Banco', { exact: true }).fill('Banco Reserva S.A.');
    await create.getByLabel('Agência e conta').fill('0002 / 998877-1');
    await create.getByLabel('Titular').fill('Lumen Bet Pagamentos Ltda');
    await create.getByLabel('Motivo').fill('e2e: second receiving bank');
    await create.getByRole('button', { name: 'Criar canal' }).click();
    await expect(create.getByLabel('Moeda')).toHaveAccessibleDescription(/Use a moeda do site \(BRL\)/);
    await expect(create.getByText('Alguns campos não são válidos.')).toBeVisible();
    await create.getByLabel('Moeda').fill('BRL');
    await create.getByRole('button', { name: 'Criar canal' }).click();
    await expect(create).toBeHidden();
    await expect(rowOf(finance, 'Banco Reserva').getByRole('cell', { name: /R\$\s*50,00 a R\$\s*1\.000,00/ })).toBeVisible();
    const created = (await callApi<PlayerChannel[]>(player.api, 'GET', '/wps/deposit/channels')).find((c) => c.name === 'Banco Reserva');
    expect(created).toMatchObject({ type: 'manual_bank', minMinor: '5000' });
    await Promise.all([player.page.context().close(), finance.context().close()]);
  });

  test("the withdrawal rules form changes the minimum and the daily count: the player's withdrawal info follows (1366 px)", async ({ browser, request }) => {
    const player = await registerPlayer(browser, request);
    const before = await callApi<{ minAmount: string; dailyCountLimit: number }>(player.api, 'GET', '/wps/withdraw/info');
    expect(before).toMatchObject({ minAmount: '10.00', dailyCountLimit: 5 });

    const finance = await openPayments(browser, 'finance', 1366);
    const rules = finance.getByRole('definition');
    await expect(rules).toHaveText([/R\$\s*10,00/, /R\$\s*50\.000,00/, /^5/, '30 minutos após a aprovação']);
    await finance.getByRole('button', { name: 'Alterar regras de saque' }).click();
    const dialog = finance.getByRole('dialog', { name: 'Alterar regras de saque' });
    await dialog.getByLabel('Saque mínimo (BRL)').fill('60000');
    await dialog.getByLabel('Saques por dia por jogador').fill('2');
    await dialog.getByLabel('Motivo').fill('e2e: fewer, larger payouts');
    await dialog.getByRole('button', { name: 'Salvar regras' }).click();
    await expect(dialog.getByLabel('Saque máximo (BRL)')).toHaveAccessibleDescription(/não seja menor que o mínimo/);
    await dialog.getByLabel('Saque mínimo (BRL)').fill('20,00');
    await check(finance, 'withdrawal-dialog-1366');
    await dialog.getByRole('button', { name: 'Salvar regras' }).click();
    await expect(dialog).toBeHidden();
    await expect(finance.getByRole('status').filter({ hasText: 'As regras de saque foram salvas.' })).toBeVisible();
    await expect(rules).toHaveText([/R\$\s*20,00/, /R\$\s*50\.000,00/, /^2/, '30 minutos após a aprovação']);

    const after = await callApi<{ minAmount: string; dailyCountLimit: number }>(player.api, 'GET', '/wps/withdraw/info');
    expect(after).toMatchObject({ minAmount: '20.00', dailyCountLimit: 2 });
    const entries = await auditEntries(request, 'action=settings.withdrawal&subjectId=withdrawal');
    expect(entries.map((e) => [e.actorName, e.reason, e.before?.minAmountMinor, e.after?.minAmountMinor, e.after?.dailyCountLimit])).toEqual([
      [BACKOFFICE_OPERATORS.finance.username, 'e2e: fewer, larger payouts', '1000', '2000', 2],
    ]);
    await Promise.all([player.page.context().close(), finance.context().close()]);
  });

  test('support may not open payments and the server refuses its changes; at 390 px the screen fits', async ({ browser, request }) => {
    const support = await newPage(browser, 1366);
    await signInOperator(support, { baseURL: server.baseURL, role: 'support' });
    const sidebar = support.getByRole('navigation', { name: 'Back office' });
    await expect(sidebar.getByRole('link', { name: 'Depósitos' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Pagamentos', exact: true })).toHaveCount(0);
    await support.goto(`${server.baseURL}/backoffice/payments`);
    await expect(support.getByRole('heading', { name: 'Indisponível para a sua função', level: 1 })).toBeVisible();
    await expect(support.getByRole('button', { name: /^(Editar|Desativar|Ativar) / })).toHaveCount(0);
    await expect(support.getByRole('button', { name: 'Alterar regras de saque' })).toHaveCount(0);

    const token = await operatorLogin(request, server.baseURL, BACKOFFICE_OPERATORS.support.username, BACKOFFICE_OPERATORS.support.password);
    const headers = { authorization: `Bearer ${token}` };
    const channel = { name: 'Not allowed', type: 'manual_bank', currency: 'BRL', minMinor: '100', maxMinor: '1000', bankName: 'X', accountNumber: '1', accountHolder: 'Y', reason: 'not allowed' };
    const answers = await Promise.all([
      request.get(`${server.baseURL}/ops/deposit-channels`, { headers }),
      request.put(`${server.baseURL}/ops/deposit-channels`, { headers, data: channel }),
      request.put(`${server.baseURL}/ops/withdrawal-settings`, { headers, data: { dailyCountLimit: 9, reason: 'not allowed' } }),
    ]);
    for (const answer of answers) {
      expect(answer.status()).toBe(403);
      expect(((await answer.json()) as { errorCode: string }).errorCode).toBe('OPERATOR_FORBIDDEN');
    }
    await support.context().close();

    // A phone: the page does not scroll sideways, the table scrolls in its own region, and a row's actions work.
    const finance = await newPage(browser, 390, 800);
    await signInOperator(finance, { baseURL: server.baseURL, role: 'finance' });
    await finance.goto(`${server.baseURL}/backoffice/payments`);
    await expect(rowOf(finance, 'Transferência bancária')).toBeVisible();
    await check(finance, 'payments-finance-390');
    await rowOf(finance, 'Transferência bancária').getByRole('button', { name: 'Editar Transferência bancária', exact: true }).click();
    const dialog = finance.getByRole('dialog', { name: 'Editar Transferência bancária' });
    await expect(dialog.getByLabel('Depósito mínimo (BRL)')).toBeVisible();
    await check(finance, 'channel-dialog-390');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await finance.context().close();
  });
});
