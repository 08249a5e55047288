import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import { makeAgent, memberPage, registerMember, setHouseContract, type Member } from './support/agents';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, type Api } from './support/setup';
import { openInhouseSession } from './support/games-screen';
import { shown } from './support/slot';
import { depositConfirmed } from './support/vendors';
import { saveScreenshot } from './support/screenshots';

/**
 * A day's daily salary, settled and paid, as the two agents of a chain see it:
 * - an operator makes A a top agent with a 10 % daily-salary contract with the house; A offers
 *   its direct downline agent B 4 %, and B accepts;
 * - a player under B deposits and spins the in-house slot through its API (settled rounds);
 * - the day ends: the server runs with the test clock door (TEST_CLOCK_DOOR, refused in
 *   production) and every job on a short interval; the calendar clock moves a day ahead and the
 *   daily-salary job settles the ended day;
 * - B's "My income" shows its statement (4 % of the turnover) and its balance rose by it; A's
 *   shows 10 % − 4 % of the same turnover, with B's branch as the statement's line.
 * Each agent's page opens straight at its income, B's on a phone and A's on a desktop: the same
 * screen, axe-clean, once at each width.
 */

const SHOTS = path.join(ROOT, 'test-results', 'agent-settlement');
const DAY = 86_400_000;
const DEPOSIT = 10_000n;
const STAKE = 1_000n;
const SPINS = 3;
const TOP_BP = 1_000n;
const DOWNLINE_BP = 400n;

/** An amount as the page writes it, as a pattern: R$, a space of any kind, the figure. */
function money(minor: bigint): RegExp {
  return new RegExp(`R\\$\\s*${shown(minor).replace(/\./g, '\\.')}`);
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: ExtraServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('agent-settlement', EXTRA_PORTS.agentSettlement, {
    roles: ['admin', 'finance'],
    configure: disableRegisterCaptcha,
    env: { TEST_CLOCK_DOOR: '1', JOB_INTERVAL_MS: '2000' },
  });
  baseURL = server.baseURL;
});

test.afterAll(async () => {
  await server?.stop();
});

async function opsApi(request: APIRequestContext): Promise<Api> {
  const { username, password } = BACKOFFICE_OPERATORS.admin;
  return { request, baseURL, token: await operatorLogin(request, baseURL, username, password) };
}

async function balanceOf(request: APIRequestContext, member: Member): Promise<bigint> {
  return BigInt(
    (
      await callApi<{ sumBalanceMinor: string }>(
        { request, baseURL, token: member.token },
        'GET',
        '/wps/v2/wallets/balance',
      )
    ).sumBalanceMinor,
  );
}

/** The agent centre's "My income" page, by its address. */
const MY_INCOME = '/?agentCentre=myIncome';

/** The agent's "My income" page, open at MY_INCOME: its one statement showing `amount` as paid, checked at the page's width. */
async function expectStatement(page: Page, name: string, amount: bigint, lineSource: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Centro do agente' });
  const statements = dialog.getByTestId('income');
  await expect(statements.getByRole('row').filter({ hasText: 'Pago' })).toHaveCount(1, { timeout: 30_000 });
  const row = statements.getByRole('row').filter({ hasText: 'Pago' });
  await expect(row).toContainText(money(amount));
  await row.getByRole('button', { name: 'Ver linhas' }).click();
  await expect(statements.getByRole('table', { name: 'Linhas do extrato' })).toContainText(lineSource);
  const width = page.viewportSize()!.width;
  await expectNoSeriousA11yViolations(page, `${name} income ${width}`);
  await saveScreenshot(page, { path: path.join(SHOTS, `${name}-income-${width}.png`) });
}

test('players under a chain play, the day settles, and both agents see their statement and money', async ({
  browser,
  request,
}) => {
  const ops = await opsApi(request);
  const top = await registerMember(request, baseURL, 'sa');
  const sub = await registerMember(request, baseURL, 'sb');
  const player = await registerMember(request, baseURL, 'sp');
  await makeAgent(ops, top);
  await makeAgent(ops, sub, top);
  await callApi(ops, 'POST', `/ops/agents/${player.id}/move`, {
    uplineId: sub.id,
    reason: 'signed up through the agent',
  });
  await setHouseContract(ops, top, Number(TOP_BP));
  const daily = (member: Member, body: Record<string, unknown>) =>
    callApi<{ changed: { id: string } | null }>(
      { request, baseURL, token: member.token },
      'POST',
      '/wps/relay/MCS2_processDailySalContract',
      body,
    );
  const offered = await daily(top, {
    action: 'offer',
    downlineId: sub.id,
    tiers: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: Number(DOWNLINE_BP) }],
  });
  await daily(sub, { action: 'accept', contractId: offered.changed!.id });
  const before = { top: await balanceOf(request, top), sub: await balanceOf(request, sub) };

  // The player deposits and plays three settled spins of R$ 10,00.
  await depositConfirmed(
    { request, baseURL, token: player.token },
    BACKOFFICE_OPERATORS.finance,
    String(DEPOSIT / 100n),
  );
  // Through the slot's own calls, as its frame makes them (the slot's page is inhouse.spec's): the
  // rounds settle through the seamless wallet as any play does, with no player page to render.
  const session = await openInhouseSession(request, baseURL, player.token, 'inhouse-slot');
  for (let i = 0; i < SPINS; i++) {
    const round = await request.post(`${baseURL}/wps/inhouse/slot/spin`, {
      data: {
        sessionToken: session.sessionToken,
        playerId: session.playerId,
        stakeMinor: String(STAKE),
        idempotencyKey: `e2e-settlement-${player.id}-${i}`,
      },
    });
    expect(round.ok(), await round.text()).toBe(true);
  }
  const turnover = STAKE * BigInt(SPINS);
  const subPay = (turnover * DOWNLINE_BP) / 10_000n;
  const topPay = (turnover * TOP_BP) / 10_000n - subPay;

  // The day ends (and a few minutes more): the daily-salary job settles it on its next tick.
  const moved = await request.put(`${baseURL}/dev/clock`, { data: { offsetMs: DAY + 10 * 60_000 } });
  expect(moved.status()).toBe(200);
  await expect(async () => expect(await balanceOf(request, sub)).toBe(before.sub + subPay)).toPass({ timeout: 60_000 });
  await expect(async () => expect(await balanceOf(request, top)).toBe(before.top + topPay)).toPass({ timeout: 30_000 });

  // Both see the statement, and the money in the header.
  const subPage = await memberPage(browser, baseURL, sub, 360, MY_INCOME);
  await expect(subPage.getByTestId('header-balance')).toHaveText(money(before.sub + subPay));
  await expectStatement(subPage, 'downline', subPay, player.username);
  const topPage = await memberPage(browser, baseURL, top, 1366, MY_INCOME);
  await expect(topPage.getByTestId('header-balance')).toHaveText(money(before.top + topPay));
  await expectStatement(topPage, 'top', topPay, sub.username);

  // Still paid once after the job ticked on (every 2 s) while the pages above were checked. That
  // later runs pay nothing more is the API suites' rule (settlement-job.test.ts, settlement.test.ts,
  // agent-settlement-instances.test.ts), so no wait is added here for it.
  expect(await balanceOf(request, sub)).toBe(before.sub + subPay);
  expect(await balanceOf(request, top)).toBe(before.top + topPay);
});
