import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { encryptPayload } from '../packages/shared/src/payload-crypto';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { type Api, callApi, disableRegisterCaptcha, registerThroughApi } from './support/setup';
import {
  BACKOFFICE_OPERATORS,
  pageOperatorToken,
  operatorPage,
  signInOperator,
  startBackofficeServer,
  checkBackofficePage,
  newBackofficePage as newPage,
} from './support/backoffice';
import { operatorLogin } from './support/operators';

/**
 * The money queues of the back office. Players register on the site, deposit by bank transfer
 * and request withdrawals through the real APIs; then, in the back office:
 * - a finance operator rejects a pending deposit with a reason: it leaves the pending queue, shows
 *   as rejected under "failed", exports as CSV, and the player's own order is failed; another
 *   is confirmed with its payer as the bank statement shows it, which the credited queue shows;
 * - with the keyboard only, a finance operator selects two pending bank deposits and rejects both
 *   with one reason: the players' orders are failed and each has its audit entry; a gateway order
 *   and a credited one cannot be selected;
 * - a finance operator asks the vendor about two selected pending vendor transfers at once (the
 *   vendor is unreachable on this server, so a transfer into it stays pending);
 * - a finance operator approves a pending withdrawal, paying to the account the row shows: the
 *   player's order is approved;
 * - a finance operator looks at the proof image of a disputed withdrawal (fetched with the
 *   operator token, its blob URL revoked when the dialog closes) and resolves the dispute with a note;
 * - a support operator (money.read without money.write) sees the queue without decision buttons
 *   or selection checkboxes, and the server refuses their approve call with 403;
 * - the withdrawal queue has no selection (each payout or refund needs its own look);
 * - the queues are axe-clean at 1366 and 1024 px, and at 390 px the approve action is in view
 *   and works, and the deposit queue's selection fits.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-queues');

const check = (page: Page, name: string): Promise<void> => checkBackofficePage(page, name, SHOTS);
const PASSWORD = 'Queue2026play';
const PAYMENT_PASSWORD = '582046';
/** A 1×1 PNG: a real image for the player's "not received" proof. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PORT = EXTRA_PORTS.backofficeQueues;
/**
 * The reference vendor, connected at a port where nothing listens: a transfer into its wallet gets
 * no answer, so it stays pending in the vendor-transfer queue (as the status job's checks find no
 * answer either).
 */
const DEAD_VENDOR = {
  VENDOR_SANDBOX_URL: 'http://127.0.0.1:9',
  VENDOR_SANDBOX_SECRET: 'e2e-queues-dead-vendor-secret',
};

let server: ExtraServer;
/**
 * The finance operator's one tab, signed in once for the file's tests, which open each queue from
 * the sidebar. Every test's orders are made through the API before it opens the queue; a queue
 * refetches on the way in when a decision made it stale while another view was shown, else the
 * test reloads the tab first.
 */
let finance: Page;
/** The finance operator's API token, for the set-up calls made beside the browser. */
let financeToken: string;
/** The admin's API token: reads the audit log. */
let adminToken: string;

/** At desktop widths every column is in view: the table itself does not scroll sideways. */
async function expectTableFits(page: Page, name: string): Promise<void> {
  const overflow = await page
    .locator('.table-scroll')
    .first()
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, `${name}: the table scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Press Tab (Shift+Tab with `back`) until `target` has focus: it is reachable from the keyboard. */
async function tabTo(page: Page, target: Locator, { back = false } = {}): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with ${back ? 'Shift+Tab' : 'Tab'}: ${target.toString()}`);
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Back office' });
}

/** The row of an order, by the id in its row header. */
function orderRow(page: Page, id: string) {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: id, exact: true }) });
}

/** Register a player on the site (captcha off on this server); returns their account name and token. */
function registerPlayer(request: APIRequestContext): Promise<{ username: string; token: string }> {
  // Only the account is needed: registered through the API, with no page to render.
  return registerThroughApi(request, server.baseURL, { prefix: 'q', password: PASSWORD });
}

function playerApi(request: APIRequestContext, token: string): Api {
  return { request, baseURL: server.baseURL, token };
}

type DepositOrder = { id: string; referenceCode: string; status: string; failureReason: string | null };

/** A deposit order placed by the player (a bank transfer unless told); it waits in the queue. */
async function placeDeposit(
  a: Api,
  amount: string,
  type: 'manual_bank' | 'gateway' = 'manual_bank',
): Promise<DepositOrder> {
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const channel = channels.find((c) => c.type === type);
  expect(channel, `a ${type} deposit channel`).toBeDefined();
  return callApi<DepositOrder>(a, 'POST', '/wps/deposit/orders', {
    channelId: channel!.id,
    amount,
    idempotencyKey: crypto.randomUUID(),
  });
}

async function playerDeposits(a: Api): Promise<DepositOrder[]> {
  return (await callApi<{ list: DepositOrder[] }>(a, 'GET', '/wps/deposit/orders')).list;
}

type AuditEntry = { action: string; reason: string | null; after: { status?: string; failureReason?: string } };

/** The audit entries about one subject, read by the admin. */
async function auditOf(request: APIRequestContext, subjectType: string, subjectId: string): Promise<AuditEntry[]> {
  const admin = { request, baseURL: server.baseURL, token: adminToken };
  return (
    await callApi<{ list: AuditEntry[] }>(admin, 'GET', `/ops/audit?subjectType=${subjectType}&subjectId=${subjectId}`)
  ).list;
}

/** Payee name, payment password and a bank account, then a confirmed deposit of `funds`: ready to withdraw. */
async function fundPlayer(a: Api, funds: string): Promise<void> {
  await callApi(a, 'PUT', '/wps/member/payee-name', { payeeName: 'Maria Silva' });
  const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(a, 'GET', '/wps/session/key/rsa');
  await callApi(
    a,
    'PUT',
    '/wps/member/payment-password',
    await encryptPayload(key.jwk, key.keyId, {
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    }),
  );
  const banks = await callApi<{ code: string }[]>(a, 'GET', '/wps/member/banks');
  await callApi(a, 'PUT', '/wps/member/bank-accounts', {
    bankCode: banks[0]!.code,
    accountNumber: '40981234',
    holderName: 'Maria Silva',
  });
  const order = await placeDeposit(a, funds);
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'seen on the bank statement' }, financeToken);
}

type PlayerWithdrawal = { id: string; status: string };

/** A withdrawal request (an encrypted call: it carries the payment password); it waits in the queue. */
async function requestWithdrawal(a: Api, amount: string): Promise<PlayerWithdrawal> {
  const info = await callApi<{ bankAccounts: { id: string }[] }>(a, 'GET', '/wps/withdraw/info');
  const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(a, 'GET', '/wps/session/key/rsa');
  const body = await encryptPayload(key.jwk, key.keyId, {
    amount,
    bankAccountId: info.bankAccounts[0]!.id,
    paymentPassword: PAYMENT_PASSWORD,
    idempotencyKey: crypto.randomUUID(),
  });
  return callApi<PlayerWithdrawal>(a, 'POST', '/wps/withdraw/orders', body);
}

async function playerWithdrawal(a: Api, id: string): Promise<PlayerWithdrawal | undefined> {
  const info = await callApi<{ orders: PlayerWithdrawal[] }>(a, 'GET', '/wps/withdraw/info');
  return info.orders.find((o) => o.id === id);
}

test.describe('back-office money queues', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-queues', PORT, {
      roles: ['finance', 'support', 'admin'],
      configure: disableRegisterCaptcha,
      env: DEAD_VENDOR,
    });
    finance = await operatorPage(browser, { baseURL: server.baseURL, role: 'finance', width: 1366 });
    const { username, password } = BACKOFFICE_OPERATORS.finance;
    financeToken = await operatorLogin(request, server.baseURL, username, password);
    adminToken = await operatorLogin(
      request,
      server.baseURL,
      BACKOFFICE_OPERATORS.admin.username,
      BACKOFFICE_OPERATORS.admin.password,
    );
  });
  test.afterAll(async () => {
    await finance?.context().close();
    await server?.stop();
  });

  test('finance rejects a pending bank deposit with a reason; the player’s order is failed; another is confirmed with who paid (1366 and 1024 px)', async ({
    request,
  }) => {
    const player = await registerPlayer(request);
    const a = playerApi(request, player.token);
    const refused = await placeDeposit(a, '75');
    const waiting = await placeDeposit(a, '40.50');

    const page = finance;
    await page.setViewportSize({ width: 1366, height: 900 });
    await sidebar(page).getByRole('link', { name: 'Depósitos' }).click();
    await expect(page).toHaveURL(/\/backoffice\/queues\/deposits$/);
    await expect(page.getByRole('heading', { name: 'Depósitos', level: 1 })).toBeVisible();
    // The queue opens on what waits: pending, oldest first.
    await expect(page.getByLabel('Situação')).toHaveValue('pending');
    await expect(page.getByRole('columnheader', { name: /Criado/ })).toHaveAttribute('aria-sort', 'ascending');
    const row = orderRow(page, refused.id);
    await expect(row.getByRole('link', { name: player.username })).toHaveAttribute(
      'href',
      /\/backoffice\/players\/\d+$/,
    );
    await expect(row.getByRole('cell', { name: refused.referenceCode })).toBeVisible();
    await expect(row.getByRole('cell', { name: /R\$\s*75,00/ })).toBeVisible();
    await expect(row.getByText('Pendente', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Transferência bancária' }).first()).toBeVisible();
    await check(page, 'deposits-1366');
    await expectTableFits(page, 'deposits 1366');

    await row.getByRole('button', { name: `Recusar o depósito ${refused.id} do jogador ${player.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Recusar o depósito ${refused.id} de ${player.username}?` });
    // The reason is required.
    await dialog.getByRole('button', { name: 'Recusar', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('pelo menos 3');
    await dialog.getByLabel('Motivo').fill('no such transfer on the statement');
    await check(page, 'deposit-reject-dialog-1366');
    await dialog.getByRole('button', { name: 'Recusar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Depósito ${refused.id} recusado.`)).toBeVisible();
    // It leaves the pending queue; the other order still waits.
    await expect(orderRow(page, refused.id)).toHaveCount(0);
    await expect(orderRow(page, waiting.id)).toBeVisible();

    // The player's own order is failed, refused by the operator; nothing was credited.
    const orders = await callApi<{ list: DepositOrder[] }>(a, 'GET', '/wps/deposit/orders');
    expect(orders.list.find((o) => o.id === refused.id)).toMatchObject({ status: 'failed', failureReason: 'rejected' });
    expect((await callApi<{ sumBalanceMinor: string }>(a, 'GET', '/wps/v2/wallets/balance')).sumBalanceMinor).toBe('0');

    // Under "failed" (kept in the URL) the order reads "rejected"; the export has the same filter.
    await page.getByLabel('Situação').selectOption('failed');
    await expect(page).toHaveURL(/[?&]status=failed/);
    await expect(orderRow(page, refused.id).getByText('Recusado', { exact: true })).toBeVisible();
    await expect(orderRow(page, refused.id).getByRole('button')).toHaveCount(0);
    const requested = page.waitForRequest((r) => r.url().includes('/ops/deposits/csv'));
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const csvRequest = await requested;
    expect(csvRequest.url()).toMatch(/status=failed/);
    expect(csvRequest.url()).toMatch(/sort=createdAt&order=asc/);
    expect(csvRequest.url()).not.toMatch(/[?&]page=/);
    expect(csvRequest.headers()['authorization']).toMatch(/^Bearer ops_/);
    const csv = fs.readFileSync(await (await downloaded).path(), 'utf8');
    expect(csv).toContain(refused.referenceCode);
    expect(csv).not.toContain(waiting.referenceCode);

    await page.setViewportSize({ width: 1024, height: 900 });
    await page.getByLabel('Situação').selectOption('pending');
    await expect(orderRow(page, waiting.id)).toBeVisible();
    await check(page, 'deposits-1024');

    // The other transfer arrived: finance confirms it with its payer as the statement shows it.
    await orderRow(page, waiting.id)
      .getByRole('button', { name: `Confirmar o depósito ${waiting.id} do jogador ${player.username}` })
      .click();
    const confirmDialog = page.getByRole('dialog', {
      name: `Confirmar o depósito ${waiting.id} de ${player.username}?`,
    });
    await confirmDialog.getByLabel('Nome do titular').fill('Maria Souza');
    await confirmDialog.getByLabel('CPF do titular').fill('529.982.247-25');
    await confirmDialog.getByLabel('Identificação no extrato').fill('E2E-778899');
    await confirmDialog.getByLabel('Motivo').fill('on the statement of today');
    await check(page, 'deposit-confirm-dialog-1024');
    await confirmDialog.getByRole('button', { name: 'Confirmar', exact: true }).click();
    await expect(confirmDialog).toBeHidden();
    await expect(page.getByText(`Depósito ${waiting.id} confirmado: o jogador foi creditado.`)).toBeVisible();
    await page.getByLabel('Situação').selectOption('credited');
    await expect(orderRow(page, waiting.id)).toContainText('Pagou: Maria Souza ***.982.247-**');
    await expect(orderRow(page, waiting.id)).toContainText('Ref. E2E-778899');
    // Below desktop width the queue scrolls sideways by design; at 1366 px the payer line fits.
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectTableFits(page, 'credited deposits 1366');
    expect((await callApi<{ sumBalanceMinor: string }>(a, 'GET', '/wps/v2/wallets/balance')).sumBalanceMinor).toBe(
      '4050',
    );
  });

  test('with the keyboard, finance selects two pending bank deposits and rejects both with one reason; gateway and credited orders cannot be selected', async ({
    request,
  }) => {
    const first = await registerPlayer(request);
    const second = await registerPlayer(request);
    const a = playerApi(request, first.token);
    const b = playerApi(request, second.token);
    const one = await placeDeposit(a, '31');
    const two = await placeDeposit(b, '42.50');
    const kept = await placeDeposit(b, '15');
    const gateway = await placeDeposit(a, '50', 'gateway');
    const credited = await placeDeposit(a, '12');
    await callApi(
      a,
      'POST',
      `/ops/deposits/${credited.id}/confirm`,
      { reason: 'seen on the bank statement' },
      financeToken,
    );

    const page = finance;
    await page.setViewportSize({ width: 1366, height: 900 });
    // The previous test's last decision refetched the pending queue a moment ago, and the back office
    // keeps a list 30 s before asking again (lib/query-client.ts): a reload shows the orders made
    // above, as finance's refresh would.
    await page.reload();
    await sidebar(page).getByRole('link', { name: 'Depósitos' }).click();
    await expect(orderRow(page, kept.id)).toBeVisible();
    const bar = page.getByRole('region', { name: 'Ações para as linhas selecionadas' });
    await expect(bar).toContainText('Nenhuma linha selecionada');
    const box = (id: string) => orderRow(page, id).getByRole('checkbox', { name: `Selecionar linha ${id}` });
    // A gateway order is the gateway's to settle: it cannot be selected.
    await expect(box(gateway.id)).toBeDisabled();

    // From the filters, Tab reaches each row's checkbox and Space ticks it.
    await page.getByLabel('Situação').focus();
    await tabTo(page, box(one.id));
    await page.keyboard.press('Space');
    await tabTo(page, box(two.id));
    await page.keyboard.press('Space');
    await expect(box(one.id)).toBeChecked();
    await expect(box(two.id)).toBeChecked();
    await expect(box(kept.id)).not.toBeChecked();
    await expect(bar).toContainText('2 linhas selecionadas');
    await check(page, 'deposits-selected-1366');
    await expectTableFits(page, 'deposits with selection 1366');

    // Back to the bulk bar; Enter opens the dialog with the reason field focused; Escape cancels and
    // gives focus back to the bulk action, the selection kept.
    const rejectSelected = bar.getByRole('button', { name: 'Recusar 2 selecionados' });
    await tabTo(page, rejectSelected, { back: true });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Recusar 2 depósitos?' });
    await expect(dialog.getByLabel('Motivo')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(rejectSelected).toBeFocused();
    await expect(box(one.id)).toBeChecked();

    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Motivo')).toBeFocused();
    // The dialog names both orders and their total.
    await expect(dialog).toContainText(`${one.id} (${first.username})`);
    await expect(dialog).toContainText(`${two.id} (${second.username})`);
    await expect(dialog).toContainText(/R\$\s*73,50/);
    await page.keyboard.type('no such transfers on the statement');
    await check(page, 'deposit-bulk-reject-dialog-1366');
    await tabTo(page, dialog.getByRole('button', { name: 'Recusar 2 depósitos' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Recusa em lote: 2 recusados.')).toBeVisible();
    // Both left the pending queue, the selection is empty, and focus is on the table, not lost.
    await expect(orderRow(page, one.id)).toHaveCount(0);
    await expect(orderRow(page, two.id)).toHaveCount(0);
    await expect(orderRow(page, kept.id)).toBeVisible();
    await expect(bar).toContainText('Nenhuma linha selecionada');
    await expect(page.getByRole('region', { name: 'Pedidos de depósito' })).toBeFocused();

    // Each player's order is failed, refused by the operator; the order not selected still waits.
    expect((await playerDeposits(a)).find((o) => o.id === one.id)).toMatchObject({
      status: 'failed',
      failureReason: 'rejected',
    });
    const seconds = await playerDeposits(b);
    expect(seconds.find((o) => o.id === two.id)).toMatchObject({ status: 'failed', failureReason: 'rejected' });
    expect(seconds.find((o) => o.id === kept.id)).toMatchObject({ status: 'pending' });
    // One audit entry per order, each with the one reason.
    for (const id of [one.id, two.id]) {
      expect((await auditOf(request, 'deposit_order', id)).map((e) => [e.action, e.reason, e.after.status])).toEqual([
        ['deposit.fail', 'no such transfers on the statement', 'failed'],
      ]);
    }

    // Under "failed" both read "rejected"; nothing there can be selected.
    await page.getByLabel('Situação').selectOption('failed');
    await expect(orderRow(page, one.id).getByText('Recusado', { exact: true })).toBeVisible();
    await expect(orderRow(page, two.id).getByText('Recusado', { exact: true })).toBeVisible();
    await expect(box(one.id)).toBeDisabled();
    // A credited order cannot be selected either; with nothing to select there is no bulk bar.
    await page.getByLabel('Situação').selectOption('credited');
    await expect(box(credited.id)).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Selecionar todas as linhas desta página' })).toBeDisabled();
    await expect(bar).toHaveCount(0);

    // A selection belongs to its view: changing the filter empties it.
    await page.getByLabel('Situação').selectOption('pending');
    await box(kept.id).check();
    await expect(bar).toContainText('1 linha selecionada');
    await page.setViewportSize({ width: 1024, height: 900 });
    await check(page, 'deposits-selected-1024');
    await page.getByLabel('Tipo de canal').selectOption('manual_bank');
    await expect(bar).toContainText('Nenhuma linha selecionada');
    await expect(box(kept.id)).not.toBeChecked();
    await page.getByLabel('Tipo de canal').selectOption('all');

    await page.setViewportSize({ width: 390, height: 900 });
    await box(kept.id).check();
    await expect(bar.getByRole('button', { name: 'Recusar 1 selecionado' })).toBeVisible();
    const barBox = await bar.boundingBox();
    expect(barBox && barBox.x >= 0 && barBox.x + barBox.width <= 390, 'the bulk bar fits at 390 px').toBe(true);
    await check(page, 'deposits-selected-390');
  });

  test('finance asks the vendor about two selected pending transfers at once; each ask is audited', async ({
    request,
  }) => {
    const transfers: { id: string; account: string }[] = [];
    for (const amount of ['10', '25']) {
      const player = await registerPlayer(request);
      const a = playerApi(request, player.token);
      const deposit = await placeDeposit(a, '60');
      await callApi(
        a,
        'POST',
        `/ops/deposits/${deposit.id}/confirm`,
        { reason: 'seen on the bank statement' },
        financeToken,
      );
      const moved = await callApi<{ transfers: { id: string; status: string }[] }>(
        a,
        'POST',
        '/wps/relay/GCS_walletTransfer',
        {
          direction: 'in',
          vassalage: 'SBT',
          amount,
          idempotencyKey: `e2e-queues-${crypto.randomUUID()}`,
        },
      );
      expect(moved.transfers[0]!.status).toBe('pending');
      transfers.push({ id: moved.transfers[0]!.id, account: player.username });
    }

    const page = finance;
    await page.setViewportSize({ width: 1366, height: 900 });
    await sidebar(page).getByRole('link', { name: 'Transferências de fornecedor' }).click();
    await expect(page.getByRole('heading', { name: 'Transferências de fornecedor', level: 1 })).toBeVisible();
    for (const { id } of transfers)
      await orderRow(page, id)
        .getByRole('checkbox', { name: `Selecionar linha ${id}` })
        .check();
    const bar = page.getByRole('region', { name: 'Ações para as linhas selecionadas' });
    await expect(bar).toContainText('2 linhas selecionadas');
    await check(page, 'vendor-transfers-selected-1366');

    await bar.getByRole('button', { name: 'Perguntar sobre 2 selecionadas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Perguntar aos fornecedores sobre 2 transferências?' });
    await expect(dialog).toContainText(/R\$\s*35,00/);
    await dialog.getByLabel('Motivo').fill('players asked where the money went');
    await check(page, 'vendor-transfers-bulk-dialog-1366');
    await dialog.getByRole('button', { name: 'Perguntar agora' }).click();
    await expect(dialog).toBeHidden();
    // The vendor does not answer: both stay pending, and both asks are in the audit log.
    await expect(page.getByText('Pergunta aos fornecedores: 2 ainda pendentes.')).toBeVisible();
    await expect(bar).toContainText('Nenhuma linha selecionada');
    for (const { id } of transfers) {
      await expect(orderRow(page, id)).toContainText('Pendente');
      const audit = await auditOf(request, 'vendor_transfer', id);
      expect(audit.map((e) => [e.action, e.reason, e.after.status])).toEqual([
        ['vendor_transfer.check', 'players asked where the money went', 'pending'],
      ]);
    }
  });

  test('finance approves a pending withdrawal, paying to the account the row shows; the player sees it approved (1024 and 1366 px)', async ({
    request,
  }) => {
    const player = await registerPlayer(request);
    const a = playerApi(request, player.token);
    await fundPlayer(a, '300');
    const withdrawal = await requestWithdrawal(a, '120');
    expect(withdrawal.status).toBe('pending');

    const page = finance;
    await page.setViewportSize({ width: 1024, height: 900 });
    await sidebar(page).getByRole('link', { name: 'Saques' }).click();
    await expect(page).toHaveURL(/\/backoffice\/queues\/withdrawals$/);
    await expect(page.getByRole('heading', { name: 'Saques', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Situação')).toHaveValue('pending');
    const row = orderRow(page, withdrawal.id);
    await expect(row.getByRole('link', { name: player.username })).toBeVisible();
    await expect(row.getByRole('cell', { name: /R\$\s*120,00/ })).toBeVisible();
    // The full account number: what finance pays to.
    await expect(row.getByText('40981234', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'Maria Silva' })).toBeVisible();
    // Each payout or refund needs its own look at the player: no selection here.
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await check(page, 'withdrawals-1024');

    await page.setViewportSize({ width: 1366, height: 900 });
    await check(page, 'withdrawals-1366');
    await expectTableFits(page, 'withdrawals 1366');

    await row.getByRole('button', { name: `Aprovar o saque ${withdrawal.id} do jogador ${player.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Aprovar o saque ${withdrawal.id} de ${player.username}?` });
    await expect(dialog.getByText('40981234')).toBeVisible();
    await dialog.getByLabel('Motivo').fill('paid by PIX, receipt 7781');
    await check(page, 'withdrawal-approve-dialog-1366');
    await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Saque ${withdrawal.id} aprovado.`)).toBeVisible();
    await expect(orderRow(page, withdrawal.id)).toHaveCount(0);

    // The player's withdrawal is approved, waiting for their confirmation of receipt.
    expect(await playerWithdrawal(a, withdrawal.id)).toMatchObject({ status: 'approved' });
    // And the queue's "approved" filter lists it, with no decision left to take.
    await page.getByLabel('Situação').selectOption('approved');
    await expect(orderRow(page, withdrawal.id).getByText('Aprovado', { exact: true })).toBeVisible();
    await expect(orderRow(page, withdrawal.id).getByRole('button')).toHaveCount(0);
  });

  test('finance views the proof image of a disputed withdrawal and resolves the dispute with a note', async ({
    request,
  }) => {
    const player = await registerPlayer(request);
    const a = playerApi(request, player.token);
    await fundPlayer(a, '90');
    const withdrawal = await requestWithdrawal(a, '40');
    await callApi(a, 'POST', `/ops/withdrawals/${withdrawal.id}/approve`, { reason: 'paid by PIX' }, financeToken);
    const upload = await request.post(`${server.baseURL}/wps/withdraw/orders/${withdrawal.id}/not-received`, {
      headers: { authorization: player.token },
      multipart: { files: { name: 'extrato.png', mimeType: 'image/png', buffer: PNG_1X1 } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);

    const page = finance;
    await page.setViewportSize({ width: 1366, height: 900 });
    await sidebar(page).getByRole('link', { name: 'Saques' }).click();
    await page.getByLabel('Situação').selectOption('disputed');
    await expect(page).toHaveURL(/[?&]status=disputed/);
    const row = orderRow(page, withdrawal.id);
    await expect(row.getByText('Não recebido', { exact: true })).toBeVisible();

    const imageCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`/ops/withdrawals/${withdrawal.id}/proofs/0`))
        imageCalls.push(r.headers()['authorization'] ?? '');
    });
    // The proofs count opens them; the dispute's only action is to resolve it.
    const viewProofs = row.getByRole('button', {
      name: `Ver 1 comprovante do saque ${withdrawal.id} do jogador ${player.username}`,
    });
    await expect(viewProofs).toHaveText('Ver 1');
    await expect(row.getByRole('button')).toHaveCount(2);
    await expectTableFits(page, 'disputed withdrawals 1366');
    await viewProofs.click();
    const proofs = page.getByRole('dialog', { name: `Comprovantes do saque ${withdrawal.id}` });
    const image = proofs.getByRole('img', { name: `Comprovante 1 do saque ${withdrawal.id}` });
    await expect(image).toBeVisible();
    // The image came through the operator's authorised call (never a URL the <img> loads itself) and was drawn.
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(imageCalls).toEqual([expect.stringMatching(/^Bearer ops_/)]);
    await expect(proofs.getByText(/Comprovante 1 · PNG/)).toBeVisible();
    await check(page, 'withdrawal-proofs-1366');
    await proofs.getByRole('button', { name: 'Fechar' }).click();
    await expect(proofs).toBeHidden();
    // The player's statement is not kept once the dialog closes: opening it again fetches it again.
    await viewProofs.click();
    await expect(image).toBeVisible();
    expect(imageCalls).toHaveLength(2);
    await page.keyboard.press('Escape');
    await expect(proofs).toBeHidden();

    await row
      .getByRole('button', { name: `Resolver a disputa do saque ${withdrawal.id} do jogador ${player.username}` })
      .click();
    const dialog = page.getByRole('dialog', {
      name: `Resolver a disputa do saque ${withdrawal.id} de ${player.username}?`,
    });
    await dialog.getByLabel('Nota de resolução').fill('payout re-sent, bank confirmed');
    await check(page, 'withdrawal-resolve-dialog-1366');
    await dialog.getByRole('button', { name: 'Resolver disputa' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Disputa do saque ${withdrawal.id} resolvida.`)).toBeVisible();
    await expect(orderRow(page, withdrawal.id)).toHaveCount(0);
    expect(await playerWithdrawal(a, withdrawal.id)).toMatchObject({ status: 'completed' });
  });

  test('a support operator reads the withdrawal queue without decision buttons, and the server refuses their approval', async ({
    browser,
    request,
  }) => {
    const player = await registerPlayer(request);
    const a = playerApi(request, player.token);
    await fundPlayer(a, '100');
    const withdrawal = await requestWithdrawal(a, '60');

    const page = await newPage(browser, 1366);
    await signInOperator(page, { baseURL: server.baseURL, role: 'support' });
    await sidebar(page).getByRole('link', { name: 'Saques' }).click();
    const row = orderRow(page, withdrawal.id);
    await expect(row.getByRole('link', { name: player.username })).toBeVisible();
    await expect(row.getByText('Somente leitura')).toBeVisible();
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Aprovar|Recusar)/ })).toHaveCount(0);
    await check(page, 'withdrawals-support-1366');

    // The server checks the same permission: a direct call with the support token is refused.
    const token = await pageOperatorToken(page);
    const answer = await request.post(`${server.baseURL}/ops/withdrawals/${withdrawal.id}/approve`, {
      headers: { authorization: `Bearer ${token}` },
      data: { reason: 'not my call to make' },
    });
    expect(answer.status()).toBe(403);
    expect(((await answer.json()) as { errorCode: string }).errorCode).toBe('OPERATOR_FORBIDDEN');
    expect(await playerWithdrawal(a, withdrawal.id)).toMatchObject({ status: 'pending' });

    // The deposit queue is read-only for them too.
    const deposit = await placeDeposit(a, '20');
    await sidebar(page).getByRole('link', { name: 'Depósitos' }).click();
    await expect(orderRow(page, deposit.id).getByText('Somente leitura')).toBeVisible();
    await expect(orderRow(page, deposit.id).getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Ações para as linhas selecionadas' })).toHaveCount(0);
    await check(page, 'deposits-support-1366');
    await page.context().close();
  });

  test('on a phone (390 px) the filters wrap and the approve action is in view and works', async ({ request }) => {
    const player = await registerPlayer(request);
    const a = playerApi(request, player.token);
    await fundPlayer(a, '80');
    const withdrawal = await requestWithdrawal(a, '25');

    const page = finance;
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await sidebar(page).getByRole('link', { name: 'Saques' }).click();
    await expect(page.getByRole('heading', { name: 'Saques', level: 1 })).toBeVisible();
    const row = orderRow(page, withdrawal.id);
    await row.getByRole('rowheader').scrollIntoViewIfNeeded();
    // The status filter and the export fit the phone's width.
    for (const control of [page.getByLabel('Situação'), page.getByRole('button', { name: 'Exportar CSV' })]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, 'a toolbar control fits at 390 px').toBe(true);
    }
    // The actions column stays at the right edge while the table scrolls: approve is in view.
    const approve = row.getByRole('button', { name: `Aprovar o saque ${withdrawal.id} do jogador ${player.username}` });
    await expect(approve).toBeInViewport();
    await check(page, 'withdrawals-390');

    await approve.click();
    const dialog = page.getByRole('dialog', { name: `Aprovar o saque ${withdrawal.id} de ${player.username}?` });
    await dialog.getByLabel('Motivo').fill('paid from the phone');
    await check(page, 'withdrawal-approve-dialog-390');
    await dialog.getByRole('button', { name: 'Aprovar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(orderRow(page, withdrawal.id)).toHaveCount(0);
    expect(await playerWithdrawal(a, withdrawal.id)).toMatchObject({ status: 'approved' });
  });
});
