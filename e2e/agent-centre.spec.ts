import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import {
  checkAgentCentreLook,
  makeAgent,
  memberPage,
  registerMember,
  setHouseContract,
  type Member,
} from './support/agents';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, type Api } from './support/setup';

/**
 * The agent centre's contracts, as agents meet them on the player site:
 * - a player who is not an agent finds no agent entry and is refused the centre's address (that
 *   the process calls answer AGENT_ONLY is agent-contracts.test.ts's);
 * - an upline offers a daily-salary contract to its direct downline, which accepts it;
 * - the downline asks to terminate it and the upline accepts; or the upline asks and the
 *   downline agrees, which ends its only contract of the type and its page of that type;
 * - an upline's lower terms, accepted after the confirmation the spec names, terminate its
 *   downline's higher contract automatically.
 * Agents are made, placed in the tree and given their house contract through the ops API by an
 * admin (agents.write), on a server of the suite's own. The rules under these screens (who may
 * offer what, terminations, the cascades, a house contract lowered) are the API suite's
 * (apps/server/src/modules/agents/agent-contracts.test.ts); here each is met once, as a person
 * sees it. Every screen is looked at once, at the width its page is open at: the centre's pages
 * at 360 px are page-width.spec.ts's, and half of the screens here are phones, half desktops.
 */

const SHOTS = path.join(ROOT, 'test-results', 'agent-centre');

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('agent-centre', EXTRA_PORTS.agentCentre, {
    roles: ['admin', 'finance'],
    configure: disableRegisterCaptcha,
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

/** One daily-salary process call as `member` (for the steps a test does not take in the browser). */
function dailySalary(request: APIRequestContext, member: Member, body: Record<string, unknown>) {
  return callApi<{ changed: { id: string } | null; offer: { id: string } | null }>(
    { request, baseURL, token: member.token },
    'POST',
    '/wps/relay/MCS2_processDailySalContract',
    body,
  );
}

async function offerDailySalary(
  request: APIRequestContext,
  upline: Member,
  downline: Member,
  rateBp: number,
): Promise<string> {
  const view = await dailySalary(request, upline, {
    action: 'offer',
    downlineId: downline.id,
    tiers: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp }],
  });
  return view.changed!.id;
}

/** A top agent under the house (its house contract at 1,00 %) and a new agent directly under it. */
async function agentWithDownline(request: APIRequestContext): Promise<{ top: Member; sub: Member }> {
  const ops = await opsApi(request);
  const top = await registerMember(request, baseURL, 'topo');
  await makeAgent(ops, top);
  await setHouseContract(ops, top, 100);
  const sub = await registerMember(request, baseURL, 'sub');
  await makeAgent(ops, sub, top);
  return { top, sub };
}

/** The agent centre, opened from the avatar menu's agent entry. */
async function openAgentCentre(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Menu da conta/ }).click();
  await page.getByRole('menuitem', { name: 'Centro do agente' }).click();
  const centre = page.getByRole('dialog', { name: 'Centro do agente' });
  await expect(centre).toBeVisible();
  await expect(page).toHaveURL(/agentCentre=agentTeamOverview/);
  return centre;
}

/** The centre's menu entries: the left list on desktop, the select on phones. */
function menuEntries(page: Page, centre: Locator): Locator {
  return (page.viewportSize()?.width ?? 1366) <= 720
    ? centre.getByRole('combobox', { name: 'Menu do agente' }).getByRole('option')
    : centre.getByRole('navigation', { name: 'Menu do agente' }).getByRole('button');
}

/** Go to a page of the open centre through its menu. */
async function goToPage(page: Page, centre: Locator, name: string): Promise<void> {
  if ((page.viewportSize()?.width ?? 1366) <= 720)
    await centre.getByRole('combobox', { name: 'Menu do agente' }).selectOption({ label: name });
  else
    await centre.getByRole('navigation', { name: 'Menu do agente' }).getByRole('button', { name, exact: true }).click();
  await expect(centre.getByRole('heading', { name, level: 2 })).toBeVisible();
}

/** The centre's contracts page by its address, as a link or a reload brings it. */
const CONTRACTS = '/?agentCentre=contracts';

/**
 * The contracts page on the daily salary's tab. With `from: 'menu'`, on a page just opened, as an
 * agent gets there: the avatar menu, then the centre's menu. With `from: 'address'`, a fresh load
 * of its address, so it shows what changed since the page last read it. With `from: 'open'`, the
 * page is already there (a member's page opened at CONTRACTS).
 */
async function openDailyContracts(page: Page, from: 'menu' | 'address' | 'open'): Promise<Locator> {
  let centre: Locator;
  if (from === 'menu') {
    centre = await openAgentCentre(page);
    await goToPage(page, centre, 'Contratos');
  } else {
    if (from === 'address') await page.goto(`${baseURL}${CONTRACTS}`);
    centre = page.getByRole('dialog', { name: 'Centro do agente' });
    await expect(centre.getByRole('heading', { name: 'Contratos', level: 2 })).toBeVisible();
  }
  await centre.getByRole('tab', { name: 'Salário diário' }).click();
  return centre.getByRole('tabpanel', { name: 'Salário diário' });
}

/** An agent-centre screen as it is (support/agents.ts), its screenshot kept with this file's. */
const checkLook = (page: Page, name: string) => checkAgentCentreLook(page, name, SHOTS);

test('a player who is not an agent is refused the agent centre', async ({ browser, request }) => {
  // One player's page, on a phone: the menu has no agent entry, and the centre's address opens a
  // refusal, which closes back to the page.
  const page = await memberPage(browser, baseURL, await registerMember(request, baseURL, 'naoag'), 360);
  const noAgentEntry = async () => {
    await page.getByRole('button', { name: /^Menu da conta/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Minha conta' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Centro do agente' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  };
  await noAgentEntry();

  await page.goto(`${baseURL}/?agentCentre=contracts`);
  const refusal = page.getByRole('dialog', { name: 'Centro do agente' });
  await expect(refusal.getByText('Apenas agentes podem abrir o centro do agente.')).toBeVisible();
  await expect(refusal.getByRole('navigation', { name: 'Menu do agente' })).toHaveCount(0);
  await expect(refusal.getByRole('combobox', { name: 'Menu do agente' })).toHaveCount(0);
  await checkLook(page, 'refused');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(refusal).toHaveCount(0);
  await expect(page).not.toHaveURL(/agentCentre=/);
  await noAgentEntry();
});

test('a daily-salary contract offered to a direct downline is accepted, and its termination request agreed', async ({
  browser,
  request,
}) => {
  const { top, sub } = await agentWithDownline(request);
  await offerDailySalary(request, top, sub, 60);

  // The downline, on a phone: the new request with its terms, accepted.
  const subPage = await memberPage(browser, baseURL, sub, 360);
  const mine = (await openDailyContracts(subPage, 'menu')).getByTestId('my-contract-daily_salary');
  const offer = mine.getByRole('article', { name: 'Nova proposta' });
  await expect(offer.getByRole('cell', { name: '0,60%' })).toBeVisible();
  await expect(offer).toContainText(top.username);
  await checkLook(subPage, 'contract-offer');
  await offer.getByRole('button', { name: 'Aceitar' }).click();
  await expect(subPage.getByText('Contrato aceito.')).toBeVisible();
  const current = mine.getByRole('article', { name: 'Contrato atual' });
  await expect(current.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(mine.getByRole('article', { name: 'Nova proposta' })).toHaveCount(0);
  // The daily wages page joins the menu once the type is enabled: the contract and its statements (none before a period ends).
  const subCentre = subPage.getByRole('dialog', { name: 'Centro do agente' });
  await expect(menuEntries(subPage, subCentre).filter({ hasText: 'Salário diário' })).toHaveCount(1);
  await goToPage(subPage, subCentre, 'Salário diário');
  await expect(
    subCentre.getByTestId('agent-type-daily_salary').getByRole('article', { name: 'Contrato atual' }),
  ).toContainText('0,60%');
  await expect(subCentre.getByTestId('income-daily_salary')).toContainText('Nenhum extrato ainda');
  await checkLook(subPage, 'daily-wages');
  await goToPage(subPage, subCentre, 'Contratos');
  await subCentre.getByRole('tab', { name: 'Salário diário' }).click();

  // The upline, on a desktop, at the contracts page: its own house contract and the downline's, active.
  const topPage = await memberPage(browser, baseURL, top, 1366, CONTRACTS);
  let panel = await openDailyContracts(topPage, 'open');
  await expect(panel.getByTestId('my-contract-daily_salary')).toContainText('A casa');
  let theirs = panel.getByTestId('downline-contracts-daily_salary').getByRole('article', { name: sub.username });
  await expect(theirs.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(theirs.getByRole('cell', { name: '0,60%' })).toBeVisible();
  await checkLook(topPage, 'contracts-upline');

  // The downline asks to end it; the upline sees the request and agrees.
  await current.getByRole('button', { name: 'Pedir rescisão' }).click();
  await expect(subPage.getByText('Pedido de rescisão enviado.')).toBeVisible();
  await expect(mine.getByRole('article', { name: 'Pedido de rescisão' })).toContainText(
    'aguardando a resposta da outra parte',
  );

  panel = await openDailyContracts(topPage, 'address');
  theirs = panel.getByTestId('downline-contracts-daily_salary').getByRole('article', { name: sub.username });
  await expect(theirs).toContainText(`${sub.username} pediu a rescisão deste contrato.`);
  await checkLook(topPage, 'termination-request');
  await theirs.getByRole('button', { name: 'Aceitar a rescisão' }).click();
  await expect(topPage.getByText('Contrato rescindido.')).toBeVisible();
  await expect(panel.getByTestId('downline-contracts-daily_salary')).toContainText(
    'Nenhum contrato com subordinados deste tipo',
  );
  // The downline's side of the agreed termination: its page after it is the next test's screen.
  expect(((await dailySalary(request, sub, { action: 'view' })) as unknown as { current: unknown }).current).toBeNull();
});

test('a downline that agrees to the termination its upline asked for is told so, and its daily wages page leaves the menu', async ({
  browser,
  request,
}) => {
  const { top, sub } = await agentWithDownline(request);
  const contractId = await offerDailySalary(request, top, sub, 60);
  await dailySalary(request, sub, { action: 'accept', contractId });
  await dailySalary(request, top, { action: 'requestTermination', contractId });

  const subPage = await memberPage(browser, baseURL, sub, 1366, CONTRACTS);
  const mine = (await openDailyContracts(subPage, 'open')).getByTestId('my-contract-daily_salary');
  const subCentre = subPage.getByRole('dialog', { name: 'Centro do agente' });
  await expect(mine).toContainText(`${top.username} pediu a rescisão deste contrato.`);
  await expect(menuEntries(subPage, subCentre).filter({ hasText: 'Salário diário' })).toHaveCount(1);
  // Agreeing ends the agent's only contract of the type: the refreshed centre drops the type's
  // page while the answer is still arriving, and the notice must survive that.
  await mine.getByRole('button', { name: 'Aceitar a rescisão' }).click();
  await expect(subPage.getByText('Contrato rescindido.')).toBeVisible();
  await expect(mine).toContainText('Você não tem contrato deste tipo.');
  await expect(menuEntries(subPage, subCentre).filter({ hasText: 'Salário diário' })).toHaveCount(0);
});

test("an upline's lower terms terminate its higher downline automatically, after the spec's warning", async ({
  browser,
  request,
}) => {
  const ops = await opsApi(request);
  const top = await registerMember(request, baseURL, 'topo');
  await makeAgent(ops, top);
  await setHouseContract(ops, top, 100);
  const mid = await registerMember(request, baseURL, 'meio');
  await makeAgent(ops, mid, top);
  const low = await registerMember(request, baseURL, 'baixo');
  await makeAgent(ops, low, mid);
  await dailySalary(request, mid, { action: 'accept', contractId: await offerDailySalary(request, top, mid, 60) });
  await dailySalary(request, low, { action: 'accept', contractId: await offerDailySalary(request, mid, low, 50) });
  // New, lower terms for the middle agent: 0,40 % is under its downline's 0,50 %.
  await offerDailySalary(request, top, mid, 40);

  const midPage = await memberPage(browser, baseURL, mid, 1366, CONTRACTS);
  const panel = await openDailyContracts(midPage, 'open');
  const offer = panel.getByRole('article', { name: 'Nova proposta' });
  await expect(offer).toContainText('Aceitar esta proposta substitui o seu contrato atual deste tipo.');
  await offer.getByRole('button', { name: 'Aceitar' }).click();
  const warning = midPage.getByRole('dialog', { name: 'Confirmar contrato' });
  await expect(warning).toContainText(
    'Um subordinado com taxa superior será encerrado automaticamente se o contrato prosseguir.',
  );
  await expect(warning.getByRole('listitem')).toHaveText([low.username]);
  await checkLook(midPage, 'cascade-warning');
  await warning.getByRole('button', { name: 'Aceitar mesmo assim' }).click();
  await expect(midPage.getByText('Contrato aceito.')).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(
    panel.getByRole('article', { name: 'Contrato atual' }).getByRole('cell', { name: '0,40%' }),
  ).toBeVisible();
  await expect(panel.getByTestId('downline-contracts-daily_salary')).toContainText(
    'Nenhum contrato com subordinados deste tipo',
  );

  // The downline's contract ended by itself: nothing left on its page, and its daily wages page is gone.
  const lowPage = await memberPage(browser, baseURL, low, 360, CONTRACTS);
  const lowPanel = await openDailyContracts(lowPage, 'open');
  await expect(lowPanel.getByTestId('my-contract-daily_salary')).toContainText('Você não tem contrato deste tipo.');
  await expect(
    menuEntries(lowPage, lowPage.getByRole('dialog', { name: 'Centro do agente' })).filter({
      hasText: 'Salário diário',
    }),
  ).toHaveCount(0);
  await checkLook(lowPage, 'contract-ended');
});
