import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { Dashboard } from '@wps/shared/schemas/reporting';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { BACKOFFICE_OPERATORS, signInOperator, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { disableRegisterCaptcha, registerThroughApi } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * The back office's dashboard and reports: players register on the site, deposit by bank
 * transfer (two confirmed by the finance operator, one rejected) and play the in-house dice
 * through the real APIs; the finance operator then sees today's figures move by exactly that
 * workload on the dashboard, the pending queue with its count, and exports the payments report
 * as CSV. Axe-clean at 1366 and 1024 px.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-reports');
const PASSWORD = 'Lumen2024play';
const HOUR = 3_600_000;

let server: ExtraServer;

type Envelope<T> = { success: boolean; value: T; errorCode?: string };

async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${server.baseURL}${url}`, {
    method,
    headers: { authorization: token },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

async function registerPlayer(page: Page): Promise<string> {
  return (await registerThroughApi(page.request, server.baseURL, { prefix: 'r', password: PASSWORD })).token;
}

/** Today in São Paulo as whole-hour instants, as the dashboard asks for it. */
function todayRange(): { from: string; to: string } {
  const now = Date.now();
  const local = new Date(now - 3 * HOUR);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + 3 * HOUR;
  return { from: new Date(start).toISOString(), to: new Date(start + 24 * HOUR).toISOString() };
}

async function dashboardNow(request: APIRequestContext, token: string): Promise<Dashboard> {
  const { from, to } = todayRange();
  return api<Dashboard>(request, 'GET', `/ops/dashboard?from=${from}&to=${to}&timeZone=America/Sao_Paulo`, token);
}

function brl(minor: bigint): RegExp {
  const units = (minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const cents = (minor % 100n).toString().padStart(2, '0');
  return new RegExp(`R\\$\\s*${units.replace(/\./g, '\\.')},${cents}`);
}

test.describe('back-office dashboard and reports', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-reports', EXTRA_PORTS.backofficeReports, {
      roles: ['finance'],
      configure: disableRegisterCaptcha,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a finance operator sees the seeded workload on the dashboard and exports a report as CSV (1366 and 1024 px)', async ({
    browser,
    page,
    request,
  }) => {
    const finance = await operatorLogin(
      request,
      server.baseURL,
      BACKOFFICE_OPERATORS.finance.username,
      BACKOFFICE_OPERATORS.finance.password,
    );
    // Crossing midnight in São Paulo mid-test would split the workload over two days.
    const before = await dashboardNow(request, finance);
    expect(before.from).toBe(todayRange().from);

    // The workload, through the site and its APIs.
    const site = await browser.newPage();
    const players = [await registerPlayer(site), await registerPlayer(site)];
    await site.close();
    const channels = await api<{ id: string; type: string; name: string }[]>(
      request,
      'GET',
      '/wps/deposit/channels',
      players[0]!,
    );
    const bank = channels.find((c) => c.type === 'manual_bank')!;
    const order = (token: string, amount: string) =>
      api<{ id: string }>(request, 'POST', '/wps/deposit/orders', token, {
        channelId: bank.id,
        amount,
        idempotencyKey: crypto.randomUUID(),
      });
    const first = await order(players[0]!, '250');
    const second = await order(players[1]!, '120.50');
    const refused = await order(players[1]!, '40');
    await order(players[1]!, '15');
    for (const o of [first, second])
      await api(request, 'POST', `/ops/deposits/${o.id}/confirm`, finance, { reason: 'seen on the bank statement' });
    await api(request, 'POST', `/ops/deposits/${refused.id}/reject`, finance, {
      reason: 'no such transfer on the statement',
    });

    const launch = await api<{ game_url: string }>(request, 'POST', '/wps/game/launchGame', players[0]!, {
      nodeId: 'inhouse-dice',
      vassalage: 'inhouse',
      gameId: 'inhouse-dice',
      accountType: 1,
      confirmTrans: 0,
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      language: 'pt',
    });
    const session = await api<{ sessionToken: string; playerId: string }>(request, 'POST', '/wps/inhouse/session', '', {
      launchToken: new URL(launch.game_url, server.baseURL).searchParams.get('launch'),
    });
    let stakes = 0n;
    let payouts = 0n;
    for (let i = 0; i < 3; i++) {
      const roll = await api<{ stakeMinor: string; payoutMinor: string }>(
        request,
        'POST',
        '/wps/inhouse/dice/roll',
        '',
        {
          ...session,
          stakeMinor: '1000',
          idempotencyKey: crypto.randomUUID(),
          target: 4950,
          direction: 'under',
        },
      );
      stakes += BigInt(roll.stakeMinor);
      payouts += BigInt(roll.payoutMinor);
    }

    const after = await dashboardNow(request, finance);
    const deposits = BigInt(after.deposits.amountMinor);
    const ggr = BigInt(after.games.ggrMinor);
    expect(deposits - BigInt(before.deposits.amountMinor)).toBe(370_50n);
    expect(after.deposits.count - before.deposits.count).toBe(2);
    expect(after.newPlayers - before.newPlayers).toBe(2);
    expect(after.firstDeposits - before.firstDeposits).toBe(2);
    expect(ggr - BigInt(before.games.ggrMinor)).toBe(stakes - payouts);
    expect(after.queues.deposits.count - before.queues.deposits.count).toBe(1);

    // What the finance operator sees.
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInOperator(page, { baseURL: server.baseURL, role: 'finance' });
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Painel' }).click();
    await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
    const today = page.getByRole('region', { name: 'Hoje' });
    await expect(today.locator('[data-figure="deposits"] dd')).toHaveText(
      new RegExp(`^${brl(deposits).source} · ${after.deposits.count} pedidos?$`),
    );
    await expect(today.locator('[data-figure="ggr"] dd')).toHaveText(
      new RegExp(`^-?${brl(ggr < 0n ? -ggr : ggr).source}$`),
    );
    await expect(today.locator('[data-figure="newPlayers"] dd')).toHaveText(String(after.newPlayers));
    await expect(today.locator('[data-figure="activePlayers"] dd')).toHaveText(String(after.activePlayers));
    const queue = page.locator('[data-queue="deposits"]');
    await expect(queue).toContainText(`${after.queues.deposits.count} aguardando`);
    await expect(queue.getByRole('link', { name: 'Depósitos a confirmar' })).toHaveAttribute(
      'href',
      '/backoffice/queues/deposits',
    );
    await expect(
      page.getByRole('table', { name: 'Jogos por categoria' }).getByRole('rowheader', { name: 'Jogos próprios' }),
    ).toBeVisible();
    fs.mkdirSync(SHOTS, { recursive: true });
    await saveScreenshot(page, { path: path.join(SHOTS, 'dashboard-1366.png'), fullPage: true });
    await expectNoSeriousA11yViolations(page, 'dashboard 1366');

    await page.setViewportSize({ width: 1024, height: 900 });
    await expectNoSeriousA11yViolations(page, 'dashboard 1024');
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await saveScreenshot(page, { path: path.join(SHOTS, 'dashboard-1024.png'), fullPage: true });

    // The chart's period: a preset puts its days in the URL; another time zone asks for the same days cut in that zone.
    const period = page.getByRole('group', { name: 'Período' });
    const lastWeek = period.getByRole('button', { name: 'Últimos 7 dias' });
    await lastWeek.click();
    await expect(lastWeek).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
    const chosen = new URL(page.url()).searchParams;
    expect((Date.parse(chosen.get('to')!) - Date.parse(chosen.get('from')!)) / 86_400_000).toBe(6);
    const asked = (r: { url(): string }) => {
      const q = new URL(r.url()).searchParams;
      return (
        r.url().includes('/ops/dashboard?') &&
        q.get('timeZone') === 'UTC' &&
        q.get('from') === `${chosen.get('from')}T00:00:00.000Z`
      );
    };
    const inUtc = page.waitForRequest(asked);
    await period.getByLabel('Fuso horário').selectOption('UTC');
    await inUtc;
    await expect(page.getByText('Dias no fuso horário UTC')).toBeVisible();
    await period.getByLabel('Fuso horário').selectOption('America/Sao_Paulo');

    // Reports: the payments report of today, its totals, and the CSV export.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Relatórios', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Relatórios', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Depósitos e saques' }).click();
    await expect(page.locator('[data-report="payments"] [data-total="deposits"]')).toHaveText(brl(deposits));
    await expectNoSeriousA11yViolations(page, 'payments report 1024');
    await saveScreenshot(page, { path: path.join(SHOTS, 'reports-payments-1024.png'), fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Exportar CSV|Export CSV/ }).click(),
    ]);
    const csv = fs
      .readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    expect(csv[0]).toBe('day,kind,channel,channel_name,count,amount_BRL,fee_BRL');
    const units = deposits / 100n;
    const cents = (deposits % 100n).toString().padStart(2, '0');
    expect(csv).toContain(`total,deposit,,,${after.deposits.count},${units}.${cents},`);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('link', { name: 'Lucros e perdas' }).click();
    await expect(page.locator('[data-report="pnl"]')).toContainText('Jogos próprios');
    await expectNoSeriousA11yViolations(page, 'pnl report 1366');
    await saveScreenshot(page, { path: path.join(SHOTS, 'reports-pnl-1366.png'), fullPage: true });

    // The in-house games report: the three dice rounds, per game with the RTP measured beside the configured one.
    await page.getByRole('link', { name: 'Jogos da casa' }).click();
    const dice = page.locator('[data-report="originals"]').getByRole('row', { name: /Total: Dados/ });
    await expect(dice.getByRole('cell').first()).toHaveText('3');
    await expect(dice).toContainText('99,00%');
  });
});
