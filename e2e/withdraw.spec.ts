import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from './support/test';
import { encryptPayload } from '../packages/shared/src/payload-crypto';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import {
  type Api,
  callApi,
  createFinanceOperator,
  disableRegisterCaptcha,
  fieldLabel,
  openSignedIn,
  registerThroughApi,
} from './support/setup';
import { operatorLogin } from './support/operators';
import { ACCOUNT_RECORD_KINDS } from '../packages/shared/src/ledger-kinds';
import { saveScreenshot } from './support/screenshots';

/**
 * Withdrawals: withdraw → operator approves → the player confirms receipt;
 * withdraw → operator rejects → the money is back; a "not received" answer with a proof image;
 * and the account record lists every one of these movements.
 *
 * Runs on a second built server whose registration captcha is off and whose finance operator
 * was created with `npm run ops -- operator:create`. The player is registered (with an affiliate
 * code for the upline's transfer) and given a payment password, a bank account and a first deposit
 * through the APIs, before its page opens: the auth, security and deposit suites test those screens.
 */

const SHOTS = path.join(ROOT, 'test-results', 'withdraw');
const PASSWORD = 'Lumen2024play';
const PAYMENT_PASSWORD = '739184';
const OPERATOR = 'e2e.withdrawals';
const OPERATOR_PASSWORD = 'withdrawals-e2e-pass-2026';

/** A 1×1 PNG: a real image for the proof upload. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function prepare(dataDir: string): void {
  disableRegisterCaptcha(dataDir);
  createFinanceOperator(dataDir, OPERATOR, OPERATOR_PASSWORD);
}

/** A player registered through the API (under `affiliateCode`'s agent when given): its session token. */
async function register(request: APIRequestContext, baseURL: string, affiliateCode?: string): Promise<string> {
  return (await registerThroughApi(request, baseURL, { prefix: 'w', password: PASSWORD, affiliateCode })).token;
}

/** Payee name, payment password (encrypted call) and a bank account, through the security centre API. */
async function bindSecurity(a: Api): Promise<void> {
  await callApi(a, 'PUT', '/wps/member/payee-name', { payeeName: 'Maria Silva' });
  const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(a, 'GET', '/wps/session/key/rsa');
  const body = await encryptPayload(key.jwk, key.keyId, {
    newPaymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });
  await callApi(a, 'PUT', '/wps/member/payment-password', body);
  const banks = await callApi<{ code: string }[]>(a, 'GET', '/wps/member/banks');
  await callApi(a, 'PUT', '/wps/member/bank-accounts', {
    bankCode: banks[0]!.code,
    accountNumber: '12345678',
    holderName: 'Maria Silva',
  });
}

/** A manual bank-transfer deposit, confirmed by the operator. */
async function deposit(a: Api, ops: string, amount: string): Promise<void> {
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const manual = channels.find((c) => c.type === 'manual_bank');
  expect(manual, 'a manual bank-transfer channel').toBeDefined();
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: manual!.id,
    amount,
    idempotencyKey: `e2e-dep-${Date.now()}`,
  });
  await callApi(a, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'checked by e2e' }, ops);
}

/**
 * The account record at 1366 and 360 px, on the page as it is (no reloads): at 1366 px the member
 * centre is wide and no column hides behind a sideways scroll; at 360 px rows are cards and nothing
 * reaches past the screen. In Portuguese, in both themes, axe-clean each time; in English, where
 * the words are longer, the widths only: axe sees the same screen in either language
 * (support/a11y.ts skips it) and a theme changes colours, not widths.
 */
async function expectRecordLooks(page: Page, record: Locator, language: 'PT' | 'EN'): Promise<void> {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 860 });
    for (const theme of language === 'PT' ? (['dark', 'light'] as const) : []) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await expectNoSeriousA11yViolations(page, `account record ${width} ${theme}`);
      await saveScreenshot(page, { path: path.join(SHOTS, `account-record-${width}-${theme}.png`) });
    }
    const scroll = record.locator('.table-scroll');
    const fit = await scroll.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(fit.scrollWidth, `the record's table at ${width} px`).toBeLessThanOrEqual(fit.clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    // Polled: right after a resize or a language switch the member centre may still be settling
    // (once in CI it measured 16 px past 1366 and fitted on the retry); what counts is where it rests.
    const rightEdge = async () => {
      const box = await record.boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    };
    await expect.poll(rightEdge, { message: `the record's right edge at ${width} px` }).toBeLessThanOrEqual(width);
    if (width === 1366) expect((await record.boundingBox())?.width, 'the wide member centre').toBeGreaterThan(900);
  }
}

async function latestOrderId(a: Api): Promise<string> {
  const info = await callApi<{ orders: { id: string }[] }>(a, 'GET', '/wps/withdraw/info');
  return info.orders[0]!.id;
}

async function openWithdraw(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Sacar' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Sacar', level: 2 })).toBeVisible();
  return panel;
}

/** The withdraw page the previous stage left open, as the player keeps it: no reload. */
async function withdrawStillOpen(page: Page): Promise<Locator> {
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: 'Sacar', level: 2 })).toBeVisible();
  return panel;
}

/** Reload the page (the session survives in sessionStorage) and reopen the withdraw page. */
async function reopenWithdraw(page: Page): Promise<Locator> {
  await page.reload();
  return openWithdraw(page);
}

async function requestWithdrawal(panel: Locator, amount: string): Promise<void> {
  await panel.getByLabel(fieldLabel('Valor')).fill(amount);
  await panel.getByLabel(fieldLabel('Senha de pagamento')).fill(PAYMENT_PASSWORD);
  await panel.locator('form').getByRole('button', { name: 'Sacar' }).click();
}

let server: ExtraServer;

test.describe('withdrawals', () => {
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer('withdrawals', EXTRA_PORTS.withdrawals, prepare);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  /**
   * One player's withdrawals, one test per stage: each stage starts from the balance the one
   * before left, on the same open page (a context opened in beforeAll outlives each test), and
   * each has its own time budget; as one test, the whole story ran past three minutes on a busy
   * two-core CI machine.
   */
  test.describe('one player, from deposit to the account record', () => {
    test.describe.configure({ mode: 'serial' });

    let context: BrowserContext;
    let api: APIRequestContext;
    let page: Page;
    let a: Api;
    let ops: string;

    test.beforeAll(async ({ browser, playwright }) => {
      test.setTimeout(180_000);
      context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 860 } });
      api = await playwright.request.newContext();
      a = { request: api, baseURL: server.baseURL, token: await register(api, server.baseURL) };
      ops = await operatorLogin(api, server.baseURL, OPERATOR, OPERATOR_PASSWORD);
      await bindSecurity(a);
      await deposit(a, ops, '500');
      // The page opens on a player ready to withdraw, as after a login.
      page = await context.newPage();
      await openSignedIn(page, server.baseURL, a.token);
    });

    test.afterAll(async () => {
      await context?.close();
      await api?.dispose();
    });

    test('withdraw, the operator approves, the player confirms received', async () => {
      const balance = page.getByTestId('header-balance');
      let panel = await openWithdraw(page);
      await expect(balance).toHaveText(/R\$\s*500,00/);
      await expect(panel.getByTestId('withdrawable')).toHaveText(/R\$\s*500,00/);
      // No upline: the transferUpline page is not offered.
      await expect(panel.getByRole('navigation').getByRole('button', { name: 'Transferir ao superior' })).toHaveCount(
        0,
      );
      // The form never offers more than the balance.
      await panel.getByLabel(fieldLabel('Valor')).fill('600');
      await panel.getByLabel(fieldLabel('Senha de pagamento')).fill(PAYMENT_PASSWORD);
      await panel.locator('form').getByRole('button', { name: 'Sacar' }).click();
      await expect(panel.getByText('Você pode sacar no máximo R$ 500,00.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'withdraw page');
      await saveScreenshot(page, { path: path.join(SHOTS, 'withdraw-form-1366.png') });

      await requestWithdrawal(panel, '120');
      await expect(balance).toHaveText(/R\$\s*380,00/);
      const id = await latestOrderId(a);
      await expect(panel.getByTestId(`withdrawal-${id}`).getByTestId('withdrawal-status')).toHaveText('Em análise');

      await callApi(a, 'POST', `/ops/withdrawals/${id}/approve`, { reason: 'checked by e2e' }, ops);
      panel = await reopenWithdraw(page);
      const order = panel.getByTestId(`withdrawal-${id}`);
      await expect(order.getByTestId('withdrawal-status')).toHaveText('Aprovado – confirme o recebimento');
      await saveScreenshot(page, { path: path.join(SHOTS, 'withdraw-approved-1366.png') });
      await order.getByRole('button', { name: 'Recebi', exact: true }).click();
      await expect(order.getByTestId('withdrawal-status')).toHaveText('Recebido');
      await expect(balance).toHaveText(/R\$\s*380,00/);
    });

    test('withdraw, the operator rejects, the money is back', async () => {
      const balance = page.getByTestId('header-balance');
      const panel = await withdrawStillOpen(page);
      // The amount rule is the deposit form's: garbage is refused in the player's language, and a
      // decimal comma ("50,00", as Portuguese writes it) is fifty.
      await requestWithdrawal(panel, '50abc');
      await expect(panel.getByText('Informe um valor positivo com no máximo 2 casas decimais.')).toBeVisible();
      await requestWithdrawal(panel, '50,00');
      await expect(balance).toHaveText(/R\$\s*330,00/);
      const id = await latestOrderId(a);
      await callApi(a, 'POST', `/ops/withdrawals/${id}/reject`, { reason: 'Titular diferente' }, ops);
      // No reload: the open page polls pending orders, and the refund reaches the header balance.
      await expect(balance).toHaveText(/R\$\s*380,00/, { timeout: 20_000 });
      const order = panel.getByTestId(`withdrawal-${id}`);
      // The order list polls on its own 10 s cycle, which may come up to 10 s after the balance's.
      await expect(order.getByTestId('withdrawal-status')).toHaveText('Recusado – reembolsado', { timeout: 20_000 });
      await expect(order.getByText('Motivo: Titular diferente')).toBeVisible();
    });

    test('not received, with a proof image', async () => {
      const balance = page.getByTestId('header-balance');
      let panel = await withdrawStillOpen(page);
      await requestWithdrawal(panel, '30');
      await expect(balance).toHaveText(/R\$\s*350,00/);
      const id = await latestOrderId(a);
      await callApi(a, 'POST', `/ops/withdrawals/${id}/approve`, { reason: 'checked by e2e' }, ops);
      panel = await reopenWithdraw(page);
      const order = panel.getByTestId(`withdrawal-${id}`);
      await order.getByRole('button', { name: 'Não recebi', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Saque não recebido' });
      await dialog
        .getByLabel('Imagens de comprovante')
        .setInputFiles({ name: 'extrato.png', mimeType: 'image/png', buffer: PNG_1X1 });
      await expect(dialog.getByText('extrato.png')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'not-received dialog');
      await saveScreenshot(page, { path: path.join(SHOTS, 'not-received-1366.png') });
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await expect(dialog).toBeHidden();
      await expect(order.getByTestId('withdrawal-status')).toHaveText('Não recebido – em análise');
      const disputed = await callApi<{ list: { id: string; proofCount: number }[] }>(
        a,
        'GET',
        '/ops/withdrawals?status=disputed&pageSize=100&order=desc',
        undefined,
        ops,
      );
      expect(disputed.list.find((o) => o.id === id)?.proofCount).toBe(1);
      await expect(balance).toHaveText(/R\$\s*350,00/);
    });

    test('the account record shows every movement, newest first', async () => {
      // From the page as the last stage left it: the withdraw page closed, then the avatar menu.
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByRole('button', { name: /Menu da conta/ }).click();
      await page.getByRole('menuitem', { name: 'Registro da conta' }).click();
      const record = page.getByTestId('account-record');
      await expect(record.getByRole('heading', { name: 'Registro da conta' })).toBeVisible();
      const rows = record.getByTestId('account-record-row');
      await expect(rows).toHaveCount(5);
      const expected = [
        ['Saque', '-R$ 30,00', 'R$ 350,00'],
        ['Saque reembolsado', 'R$ 50,00', 'R$ 380,00'],
        ['Saque', '-R$ 50,00', 'R$ 330,00'],
        ['Saque', '-R$ 120,00', 'R$ 380,00'],
        ['Depósito', 'R$ 500,00', 'R$ 500,00'],
      ];
      for (const [i, [type, amount, after]] of expected.entries()) {
        const cells = rows.nth(i).locator('td');
        await expect(cells.nth(1)).toHaveText(type!);
        await expect(cells.nth(2)).toHaveText(
          new RegExp(amount!.replace('$', '\\$').replace(/\s/g, '\\s*').replace('-', '[-−]')),
        );
        await expect(cells.nth(3)).toHaveText(new RegExp(after!.replace('$', '\\$').replace(/\s/g, '\\s*')));
      }
      // Type filter and quick ranges.
      await record.getByLabel('Tipo').selectOption('withdrawal');
      await expect(rows).toHaveCount(3);
      await record.getByRole('button', { name: 'Hoje', exact: true }).click();
      await expect(rows).toHaveCount(3);
      await record.getByRole('button', { name: '− 7 dias', exact: true }).click();
      await expect(record.getByText('Nenhuma movimentação neste período.', { exact: false })).toBeVisible();
      await record.getByRole('button', { name: '30 dias', exact: true }).click();
      await expect(rows).toHaveCount(3);
      await record.getByLabel('Tipo').selectOption('');
      await expect(rows).toHaveCount(5);
      // Every kind the ledger can post to a player is offered by name; no raw code anywhere.
      const kinds = await record.getByLabel('Tipo').locator('option').allTextContents();
      expect(kinds).toHaveLength(ACCOUNT_RECORD_KINDS.length + 1);
      expect(kinds.filter((text) => /_|^[a-z]+$/.test(text))).toEqual([]);
      expect(await record.innerText()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      await expectRecordLooks(page, record, 'PT');

      // The same page in EN, switched in place: the header's language menu, then the record again.
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('EN');
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Account record' }).click();
      await expect(rows.first().locator('td').nth(1)).toHaveText('Withdrawal');
      await expect(rows.nth(1).locator('td').nth(1)).toHaveText('Withdrawal refunded');
      await expectRecordLooks(page, record, 'EN');
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.getByRole('combobox', { name: 'Language' }).selectOption('PT');
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      await page.getByRole('button', { name: /Menu da conta/ }).click();
      await page.getByRole('menuitem', { name: 'Registro da conta' }).click();
      await page.setViewportSize({ width: 360, height: 780 });
    });

    test('the withdraw page at 360 px, dark and light', async () => {
      await page.getByRole('dialog').getByRole('navigation').getByRole('button', { name: 'Sacar' }).click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sacar', level: 2 })).toBeVisible();
      await saveScreenshot(page, { path: path.join(SHOTS, 'withdraw-360-dark.png') });
      // Nothing reaches past the 360 px viewport.
      const box = await page.getByTestId('withdraw-page').boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
      const formWidth = await page.getByTestId('withdraw-page').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(formWidth).toBeLessThanOrEqual(0);
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
      await saveScreenshot(page, { path: path.join(SHOTS, 'withdraw-360-light.png') });
    });
  });
  test('transfer to the upline agent (member registered with an affiliate code)', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 860 });
    const a: Api = { request, baseURL: server.baseURL, token: await register(request, server.baseURL, 'AGENT01') };
    const ops = await operatorLogin(request, server.baseURL, OPERATOR, OPERATOR_PASSWORD);
    await bindSecurity(a);
    await deposit(a, ops, '100');
    await openSignedIn(page, server.baseURL, a.token);
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText(/R\$\s*100,00/);

    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await page.getByRole('menuitem', { name: 'Minha conta' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('navigation').getByRole('button', { name: 'Transferir ao superior' }).click();
    const form = panel.getByTestId('transfer-upline-page');
    await expect(form.getByRole('heading', { name: 'Transferir ao superior' })).toBeVisible();
    await form.getByLabel(fieldLabel('Valor')).fill('150');
    await form.getByLabel(fieldLabel('Senha de pagamento')).fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: 'Transferir' }).click();
    await expect(form.getByText('Você pode transferir no máximo R$ 100,00.')).toBeVisible();
    await form.getByLabel(fieldLabel('Valor')).fill('25');
    await form.getByRole('button', { name: 'Transferir' }).click();
    await expect(page.getByText('R$ 25,00 transferido para demoagent.')).toBeVisible();
    await expect(balance).toHaveText(/R\$\s*75,00/);
    await expectNoSeriousA11yViolations(page, 'transfer to upline');
    await saveScreenshot(page, { path: path.join(SHOTS, 'transfer-upline-1366.png') });

    await panel.getByRole('navigation').getByRole('button', { name: 'Registro da conta' }).click();
    const first = panel.getByTestId('account-record-row').first().locator('td');
    await expect(first.nth(1)).toHaveText('Transferência ao superior');
    await expect(first.nth(2)).toHaveText(/[-−]R\$\s*25,00/);
    await expect(first.nth(3)).toHaveText(/R\$\s*75,00/);
  });
});
