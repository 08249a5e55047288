import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { signedHeaders } from '../apps/vendor-sandbox/src/signature';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, startServer, type ExtraServer } from './support/servers';
import {
  type Api,
  callApi,
  createFinanceOperator,
  disableRegisterCaptcha,
  registerThroughApi,
  signedInNewPlayer,
} from './support/setup';
import { operatorLogin } from './support/operators';
import { BACKOFFICE_OPERATORS, createBackofficeOperators, signInOperator } from './support/backoffice';
import { depositConfirmed } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * Vendor gateway: money into and out of the transfer-wallet sandbox vendor
 * from the member centre's "my wallet" page, a transfer the vendor did not answer in the back
 * office's vendor-transfer queue, and a sandbox game launched from the lobby opening
 * /game with the vendor's page in the iframe, where a spin bets through the signed seamless
 * callbacks.
 *
 * Runs a second built server whose VENDOR_SANDBOX_URL points at the reference vendor process
 * (apps/vendor-sandbox), which this suite starts on its own port with the shared secret.
 */

const SHOTS = path.join(ROOT, 'test-results', 'gateway');
const PASSWORD = 'Lumen2024play';
const OPERATOR = 'e2e.gateway';
const OPERATOR_PASSWORD = 'gateway-e2e-pass-2026';
const SECRET = crypto.randomBytes(24).toString('hex');
const SANDBOX_URL = `http://127.0.0.1:${EXTRA_PORTS.vendorSandbox}`;

function prepare(dataDir: string): void {
  disableRegisterCaptcha(dataDir);
  createFinanceOperator(dataDir, OPERATOR, OPERATOR_PASSWORD);
  // The back office's operators, for the vendor-transfer queue (finance acts, admin reads the audit log).
  createBackofficeOperators(dataDir, ['finance', 'admin']);
}

/** Start apps/vendor-sandbox on its reserved port, pointed at the gateway server. */
async function startSandbox(platformUrl: string): Promise<ChildProcess> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/vendor-sandbox/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SANDBOX_PORT: String(EXTRA_PORTS.vendorSandbox),
      WPS_PLATFORM_URL: platformUrl,
      VENDOR_SANDBOX_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vendor-sandbox did not start: ${output}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`vendor-sandbox exited (${code}): ${output}`)));
  });
  return child;
}

/** A call to the sandbox's control endpoints: they refuse anything not signed with the shared secret. */
async function sandboxControl<T>(request: APIRequestContext, route: string, body?: unknown): Promise<T> {
  const method = body === undefined ? 'GET' : 'POST';
  const raw = body === undefined ? '' : JSON.stringify(body);
  const res = await request.fetch(`${SANDBOX_URL}${route}`, {
    method,
    headers: signedHeaders(SECRET, { method, path: route, rawBody: raw }),
    ...(body === undefined ? {} : { data: raw }),
  });
  expect(res.status(), `${method} ${route}`).toBe(200);
  return (await res.json()) as T;
}

async function register(page: Page, baseURL: string): Promise<string> {
  return (await signedInNewPlayer(page, baseURL, { prefix: 'g', password: PASSWORD })).token;
}

/** A manual bank-transfer deposit confirmed by the operator: real money in the main wallet. */
async function deposit(a: Api, amount: string): Promise<void> {
  await depositConfirmed(a, { username: OPERATOR, password: OPERATOR_PASSWORD }, amount);
}

let server: ExtraServer;
let sandbox: ChildProcess | undefined;

test.describe('vendor gateway', () => {
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const platformUrl = `http://127.0.0.1:${EXTRA_PORTS.gateway}`;
    sandbox = await startSandbox(platformUrl);
    // The vendor status check runs every 15 s on transfers pending 10 s: up to 25 s before the pending
    // transfer below resolves, close to the test's wait. Every 2 s, the wait is for the check, not its schedule.
    server = await startServer('gateway', EXTRA_PORTS.gateway, prepare, {
      VENDOR_SANDBOX_URL: SANDBOX_URL,
      VENDOR_SANDBOX_SECRET: SECRET,
      JOB_INTERVAL_MS: '2000',
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (sandbox && sandbox.exitCode === null) {
      const exited = new Promise((r) => sandbox!.once('exit', r));
      sandbox.kill('SIGTERM');
      await exited;
    }
  });

  test('transfer money into and out of the transfer-wallet sandbox vendor', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const token = await register(page, server.baseURL);
    await deposit({ request, baseURL: server.baseURL, token }, '100');
    await page.reload();
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*100,00/);

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Menu da conta|Account menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Minha carteira' }).click();
    const panel = page.getByRole('dialog');
    const wallet = panel.getByTestId('vendor-wallet-SBT');
    await expect(wallet).toContainText('Sandbox Transfer');
    await expect(wallet.getByTestId('vendor-wallet-balance')).toHaveText(/R\$\s*0,00/);

    await wallet.getByLabel('Valor').fill('30');
    await wallet.getByRole('button', { name: 'Transferir para' }).click();
    await expect(page.getByText('Transferência concluída.')).toBeVisible();
    await expect(wallet.getByTestId('vendor-wallet-balance')).toHaveText(/R\$\s*30,00/);
    await expect(panel.getByTestId('main-wallet-balance')).toHaveText(/R\$\s*70,00/);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*70,00/);
    // The money is really at the vendor.
    const playerId = (
      await callApi<{ id: string }>({ request, baseURL: server.baseURL, token }, 'GET', '/wps/member/info')
    ).id;
    const atVendor = await sandboxControl<{ balanceMinor: string }>(request, `/control/wallets/${playerId}`);
    expect(atVendor.balanceMinor).toBe('3000');
    await expectNoSeriousA11yViolations(page, 'my wallet');
    await saveScreenshot(page, { path: path.join(SHOTS, 'transfer-fund-1366.png') });

    // Everything back out (empty amount moves the whole balance).
    await wallet.getByRole('button', { name: 'Transferir de volta' }).click();
    await expect(wallet.getByTestId('vendor-wallet-balance')).toHaveText(/R\$\s*0,00/);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*100,00/);

    // The vendor acts but answers too late: the player sees the transfer pending, then the
    // status check (run while the page polls) confirms it.
    await sandboxControl(request, '/control/faults', { delayMs: 8000 });
    await wallet.getByLabel('Valor').fill('10');
    await wallet.getByRole('button', { name: 'Transferir para' }).click();
    await expect(page.getByText('Transferência aguardando confirmação do fornecedor.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(wallet.getByTestId('vendor-wallet-pending')).toContainText(/R\$\s*10,00/);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*90,00/);
    await saveScreenshot(page, { path: path.join(SHOTS, 'transfer-fund-pending-1366.png') });
    await sandboxControl(request, '/control/reset', {});
    await expect(wallet.getByTestId('vendor-wallet-pending')).toBeHidden({ timeout: 30_000 });
    await expect(wallet.getByTestId('vendor-wallet-balance')).toHaveText(/R\$\s*10,00/);

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(wallet).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, { path: path.join(SHOTS, 'transfer-fund-360.png') });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    // Buttons animate their colours: the axe helper waits for those transitions to finish before measuring contrast.
    await expectNoSeriousA11yViolations(page, 'my wallet (light, 360 px)');
    await saveScreenshot(page, { path: path.join(SHOTS, 'transfer-fund-360-light.png') });
  });

  test('a transfer the vendor did not answer waits in the back office queue; asking the vendor is recorded; the status check settles it', async ({
    page,
    request,
  }) => {
    // Only the player's token is needed here: registered through the API, with no page to render.
    const { token } = await registerThroughApi(request, server.baseURL, { prefix: 'g', password: PASSWORD });
    const a = { request, baseURL: server.baseURL, token };
    await deposit(a, '40');
    const account = (await callApi<{ account: string }>(a, 'GET', '/wps/member/info')).account;
    // The vendor is down: the transfer in is neither done nor refused, so the money is held.
    await sandboxControl(request, '/control/faults', { down: true });
    const moved = await callApi<{ transfers: { id: string; status: string }[] }>(
      a,
      'POST',
      '/wps/relay/GCS_walletTransfer',
      {
        direction: 'in',
        vassalage: 'SBT',
        amount: '15',
        idempotencyKey: `e2e-bo-${crypto.randomUUID()}`,
      },
    );
    expect(moved.transfers[0]!.status).toBe('pending');
    const id = moved.transfers[0]!.id;

    await page.setViewportSize({ width: 1366, height: 900 });
    await signInOperator(page, { baseURL: server.baseURL, role: 'finance' });
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Transferências de fornecedor' })
      .click();
    await expect(page.getByRole('heading', { name: 'Transferências de fornecedor', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: id, exact: true }) });
    await expect(row).toContainText(account);
    await expect(row).toContainText('Pendente');
    await expect(row).toContainText(/R\$\s*15,00/);
    await expectNoSeriousA11yViolations(page, 'vendor transfers 1366');
    await saveScreenshot(page, { path: path.join(SHOTS, 'backoffice-vendor-transfers-1366.png'), fullPage: true });

    // Asking while the vendor is still down: no answer, still pending, and the ask is in the audit log.
    await row
      .getByRole('button', { name: `Perguntar agora ao fornecedor sobre a transferência ${id} do jogador ${account}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('player asked where the 15 went');
    await dialog.getByRole('button', { name: 'Perguntar agora' }).click();
    await expect(
      page.getByText(`Transferência ${id}: o fornecedor ainda não respondeu; continua pendente.`),
    ).toBeVisible();
    await expect(row).toContainText('Pendente');
    const admin = await operatorLogin(
      request,
      server.baseURL,
      BACKOFFICE_OPERATORS.admin.username,
      BACKOFFICE_OPERATORS.admin.password,
    );
    const audit = await callApi<{ list: { action: string; reason: string; after: { status: string } }[] }>(
      a,
      'GET',
      `/ops/audit?subjectType=vendor_transfer&subjectId=${id}`,
      undefined,
      admin,
    );
    expect(audit.list.map((e) => [e.action, e.reason, e.after.status])).toEqual([
      ['vendor_transfer.check', 'player asked where the 15 went', 'pending'],
    ]);

    // The vendor is back: the status job learns the transfer never arrived, and the hold returns to the player.
    await sandboxControl(request, '/control/faults', { down: false });
    await expect
      .poll(
        async () =>
          (
            await callApi<{ list: { id: string; status: string }[] }>(
              a,
              'GET',
              `/ops/vendor-transfers?pageSize=100&order=desc`,
              undefined,
              admin,
            )
          ).list.find((t) => t.id === id)?.status,
        { timeout: 60_000 },
      )
      .toBe('failed');
    await page.getByLabel('Situação').selectOption('failed');
    await expect(row).toContainText('Falhou');
    await expect(row.getByRole('button')).toHaveCount(0);
    expect((await callApi<{ sumBalanceMinor: string }>(a, 'GET', '/wps/v2/wallets/balance')).sumBalanceMinor).toBe(
      '4000',
    );
  });

  test('launching a sandbox game opens /game with the vendor page in the iframe; a spin bets through the callbacks', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const token = await register(page, server.baseURL);
    await deposit({ request, baseURL: server.baseURL, token }, '50');
    await page.goto(`${server.baseURL}/rng?vassalage=SBX`);
    await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*50,00/);
    await page.locator('main .rng-games').getByRole('button', { name: 'Jogar Golden Lantern' }).click();

    await expect(page).toHaveURL(/\/game$/);
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('sandbox-balance')).toHaveText('50.00 BRL');
    await frame.getByTestId('sandbox-spin').click();
    await expect(frame.getByTestId('sandbox-result')).toContainText(/Ganho|Win/);
    await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
    await saveScreenshot(page, { path: path.join(SHOTS, 'game-1366.png') });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await expect(frame.getByTestId('sandbox-spin')).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await saveScreenshot(page, { path: path.join(SHOTS, 'game-360-light.png') });

    // The bet and its win are in the player's account record, from the ledger.
    const record = await callApi<{ list: { type: string }[] }>(
      { request, baseURL: server.baseURL, token },
      'GET',
      '/wps/member/transactions?type=bet',
    );
    expect(record.list.length).toBe(1);

    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/rng/);
  });
});
