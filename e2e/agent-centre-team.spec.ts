import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from './support/test';
import { encryptPayload } from '../packages/shared/src/payload-crypto';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import {
  checkAgentCentreLook,
  makeAgent,
  memberContext,
  memberPageIn,
  registerMember,
  setHouseContract,
  type Member,
} from './support/agents';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, signedInNewPlayer, type Api } from './support/setup';

/**
 * The agent centre's team side, as an agent meets it on the player site:
 * - an agent makes an agent invitation link, a new agent registers through it, the agent offers
 *   it a daily-salary contract with the tier editor and the new agent accepts;
 * - the team overview and downline management show the new team, and a transfer reaches a direct
 *   downline (payment password, the balances on both sides).
 * The top agent is made and given its house contract through the ops API by an admin. The top
 * agent's page is one tab the three tests share, as the agent keeps it open. The rules under these
 * screens are the API and component suites' (apps/server/src/modules/agents/centre/
 * agent-centre-actions.test.ts: links, the register centre's first password, transfers;
 * contract-offer-form.test.tsx and links-page.test.tsx in apps/web: the form's refusals, a link
 * deleted). Every screen is looked at once, at the width its page is open at: the centre's pages
 * at 360 px are page-width.spec.ts's.
 */

const SHOTS = path.join(ROOT, 'test-results', 'agent-centre-team');
const PASSWORD = 'Convite2026agente';
const PAYMENT_PASSWORD = '583920';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;
/** The top agent's browser, opened in the hook so that its tab outlives each test (support/test.ts). */
let topContext: BrowserContext;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('agent-centre-team', EXTRA_PORTS.agentCentreTeam, {
    roles: ['admin', 'finance'],
    configure: disableRegisterCaptcha,
    // The team overview is kept in memory for 30 s per agent; the test moves the calendar clock
    // past that instead of waiting it out.
    env: { TEST_CLOCK_DOOR: '1' },
  });
  baseURL = server.baseURL;
  topContext = await memberContext(browser, 1366);
});

test.afterAll(async () => {
  await topContext?.close();
  await server?.stop();
});

async function opsApi(request: APIRequestContext): Promise<Api> {
  const { username, password } = BACKOFFICE_OPERATORS.admin;
  return { request, baseURL, token: await operatorLogin(request, baseURL, username, password) };
}

/** The agent centre's pages this suite opens: the name its menu shows, by its key in the address. */
const PAGES = {
  agentAnnouncement: 'Anúncios',
  agentTeamOverview: 'Visão geral da equipe',
  registerCenter: 'Central de cadastro',
  downlineManagement: 'Gestão de subordinados',
  teamBetting: 'Apostas da equipe',
  userLoss: 'Perdas dos usuários',
  myIncome: 'Minha receita',
  accountDetails: 'Detalhes da conta',
  teamManagement: 'Gestão da equipe',
  contracts: 'Contratos',
  linkManagement: 'Gestão de links',
} as const;
type PageKey = keyof typeof PAGES;

/** Move the open agent centre to `key` through its own menu (a list on desktop, a select on phones). */
async function switchPage(page: Page, centre: Locator, key: PageKey): Promise<Locator> {
  const name = PAGES[key];
  if ((page.viewportSize()?.width ?? 1366) <= 720)
    await centre.getByRole('combobox', { name: 'Menu do agente' }).selectOption({ label: name });
  else
    await centre.getByRole('navigation', { name: 'Menu do agente' }).getByRole('button', { name, exact: true }).click();
  await expect(centre.getByRole('heading', { name, level: 2 })).toBeVisible();
  return centre;
}

/**
 * The agent centre on the page the agent is on, opened from the avatar menu and moved to `key`
 * through its own menu, as an agent does.
 */
async function openPageFromMenu(page: Page, key: PageKey): Promise<Locator> {
  await page.getByRole('button', { name: /^Menu da conta/ }).click();
  await page.getByRole('menuitem', { name: 'Centro do agente' }).click();
  return switchPage(page, page.getByRole('dialog', { name: 'Centro do agente' }), key);
}

/**
 * The agent centre's page `key` by its address (`?agentCentre=<key>`, as a link or a reload
 * brings it): a fresh load, so it shows what changed since the page last read it, without the
 * menus' clicks and the default page's figures the menu way loads first.
 */
async function openPage(page: Page, key: PageKey): Promise<Locator> {
  await page.goto(`${baseURL}/?agentCentre=${key}`);
  const centre = page.getByRole('dialog', { name: 'Centro do agente' });
  await expect(centre.getByRole('heading', { name: PAGES[key], level: 2 })).toBeVisible();
  return centre;
}

/** An agent-centre screen as it is (support/agents.ts), its screenshot kept with this file's. */
const checkLook = (page: Page, name: string) => checkAgentCentreLook(page, name, SHOTS);

/** Money for the agent: a manual bank deposit confirmed by the operator, and a payment password. */
async function fund(ops: Api, agent: Member, amount: string): Promise<void> {
  const a: Api = { request: ops.request, baseURL, token: agent.token };
  const channels = await callApi<{ id: string; type: string }[]>(a, 'GET', '/wps/deposit/channels');
  const manual = channels.find((c) => c.type === 'manual_bank');
  expect(manual, 'a manual bank-transfer channel').toBeDefined();
  const order = await callApi<{ id: string }>(a, 'POST', '/wps/deposit/orders', {
    channelId: manual!.id,
    amount,
    idempotencyKey: crypto.randomUUID(),
  });
  await callApi(ops, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'seen on the bank statement' });
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
}

let top: Member;
let recruitName: string;
/** The top agent's tab, opened by the first test and kept by the next two. */
let topPage: Page;

test('an agent invites a downline agent through a link, offers it a daily salary and the downline accepts', async ({
  browser,
  request,
}) => {
  const ops = await opsApi(request);
  top = await registerMember(request, baseURL, 'lider');
  await makeAgent(ops, top);
  await setHouseContract(ops, top, 100);

  // The agent makes an agent link (no default terms: it offers by hand below).
  topPage = await memberPageIn(topContext, baseURL, top);
  const links = await openPageFromMenu(topPage, 'linkManagement');
  await links.getByRole('radio', { name: 'Agente' }).check();
  await links.getByRole('button', { name: 'Criar link' }).click();
  await expect(topPage.getByText('Link criado.')).toBeVisible();
  const address = (await links.getByTestId('agent-link-address').first().textContent())!.trim();
  expect(address).toMatch(/\/register\?affiliateCode=\w+$/);
  await checkLook(topPage, 'links');

  // Someone registers through it, on a phone: an agent under the inviting agent.
  const recruitPage = await browser.newPage({ locale: 'pt-BR', viewport: { width: 360, height: 780 } });
  const recruit = await signedInNewPlayer(recruitPage, baseURL, {
    prefix: 'rec',
    password: PASSWORD,
    query: new URL(address).search.slice(1),
  });
  recruitName = recruit.username;
  const linksAgain = await openPage(topPage, 'linkManagement');
  await expect(linksAgain.getByRole('article').first()).toContainText(/Cadastros\s*1/);

  // The agent offers a daily salary of 0,50 % from R$ 1.000,00 of turnover and 2 active players, 0,30 % below.
  const contracts = await switchPage(topPage, linksAgain, 'contracts');
  await contracts.getByRole('tab', { name: 'Salário diário' }).click();
  const form = contracts.getByRole('form', { name: 'Oferecer um contrato' });
  await form.getByLabel('Subordinado direto').selectOption({ label: recruit.username });
  await form.getByRole('group', { name: 'Faixa 1' }).getByLabel('Taxa (%)').fill('0,3');
  await form.getByRole('button', { name: 'Adicionar faixa' }).click();
  const second = form.getByRole('group', { name: 'Faixa 2' });
  await second.getByLabel('Volume mínimo').fill('1.000,00');
  await second.getByLabel('Jogadores ativos mínimos').fill('2');
  await second.getByLabel('Taxa (%)').fill('0,5');
  await form.getByLabel('Volume mínimo').first().fill('0');
  await checkLook(topPage, 'offer-form');
  await form.getByRole('button', { name: 'Enviar proposta' }).click();
  await expect(topPage.getByText('Proposta enviada.')).toBeVisible();
  await expect(
    contracts.getByTestId('downline-contracts-daily_salary').getByRole('article', { name: recruit.username }),
  ).toContainText('Aguardando a resposta do subordinado.');

  // The new agent accepts it from its own agent centre.
  const recruitContracts = await openPage(recruitPage, 'contracts');
  await recruitContracts.getByRole('tab', { name: 'Salário diário' }).click();
  const offer = recruitContracts.getByRole('article', { name: 'Nova proposta' });
  await expect(offer.getByRole('cell', { name: '0,50%' })).toBeVisible();
  await expect(offer.getByRole('cell', { name: '0,30%' })).toBeVisible();
  await offer.getByRole('button', { name: 'Aceitar' }).click();
  await expect(recruitPage.getByText('Contrato aceito.')).toBeVisible();
  await expect(recruitContracts.getByRole('article', { name: 'Contrato atual' })).toContainText('Ativo');
});

test('the team overview and downline management show the team, and a transfer reaches a direct downline', async ({
  request,
}) => {
  const ops = await opsApi(request);
  await fund(ops, top, '100.00');

  // The server answers an agent's overview from memory for 30 seconds (the page says so), and the
  // first test opened the centre on this page before the recruit registered: the calendar clock
  // runs 31 s ahead, so the next overview is computed afresh. The overview's address reloads the
  // agent's tab, which reads the funded balance too.
  const moved = await request.put(`${baseURL}/dev/clock`, { data: { offsetMs: 31_000 } });
  expect(moved.status()).toBe(200);
  const overview = await openPage(topPage, 'agentTeamOverview');
  await expect(topPage.getByTestId('header-balance')).toHaveText(/R\$\s*100,00/);
  const today = overview.getByRole('article', { name: 'Hoje' });
  await expect(today).toContainText(/Membros\s*1/);
  await expect(today).toContainText(/Novos\s*1/);
  await expect(topPage.getByText('Os números são atualizados a cada 30 segundos.', { exact: false })).toBeVisible();
  await checkLook(topPage, 'overview');

  const downlines = await switchPage(topPage, overview, 'downlineManagement');
  await downlines.getByLabel('Conta').fill(recruitName.slice(0, 6));
  await downlines.getByRole('button', { name: 'Pesquisar' }).click();
  const row = downlines.getByRole('row', { name: new RegExp(recruitName) });
  await expect(row).toContainText('Agente');
  await expect(row).toContainText('Salário diário');
  await checkLook(topPage, 'downlines');
  await row.getByRole('button', { name: `Transferir para ${recruitName}` }).click();
  const dialog = topPage.getByRole('dialog', { name: `Transferir para ${recruitName}` });
  await dialog.getByLabel('Valor').fill('250,00');
  await dialog.getByLabel('Senha de pagamento').fill(PAYMENT_PASSWORD);
  await dialog.getByRole('button', { name: 'Transferir' }).click();
  await expect(dialog.getByText('O valor passa do seu saldo de R$ 100,00.')).toBeVisible();
  await dialog.getByLabel('Valor').fill('25,00');
  await checkLook(topPage, 'transfer');
  await dialog.getByRole('button', { name: 'Transferir' }).click();
  await expect(topPage.getByText(`R$ 25,00 transferido para ${recruitName}.`)).toBeVisible();
  await expect(topPage.getByTestId('header-balance')).toHaveText(/R\$\s*75,00/);
  await expect(downlines.getByRole('row', { name: new RegExp(recruitName) })).toContainText(/R\$\s*25,00/);
});

test("the register center creates a downline that must change its first password, and the team's reports open on a phone", async ({
  request,
}) => {
  // The same tab, turned to a phone's width: the centre's menu becomes its select.
  await topPage.setViewportSize({ width: 360, height: 780 });
  const centre = await switchPage(topPage, topPage.getByRole('dialog', { name: 'Centro do agente' }), 'registerCenter');
  const username = `novo${Date.now() % 1e8}`;
  await centre.getByLabel('Usuário').fill(username);
  await centre.getByLabel('Senha inicial').fill(PASSWORD);
  await centre.getByLabel('Confirmar senha').fill(`${PASSWORD}x`);
  await centre.getByRole('button', { name: 'Criar conta' }).click();
  await expect(centre.getByText('As senhas não coincidem.')).toBeVisible();
  await centre.getByLabel('Confirmar senha').fill(PASSWORD);
  await checkLook(topPage, 'register-center');
  await centre.getByRole('button', { name: 'Criar conta' }).click();
  await expect(
    centre.getByRole('status').filter({ hasText: `${username} (Membro) foi criada abaixo de você.` }),
  ).toBeVisible();

  // The new member's first login is told to change the password.
  const key = await callApi<{ keyId: string; jwk: JsonWebKey }>(
    { request, baseURL, token: '' },
    'GET',
    '/wps/session/key/rsa',
  );
  const login = await callApi<{ mustChangePassword: boolean }>(
    { request, baseURL, token: '' },
    'POST',
    '/wps/session/login',
    await encryptPayload(key.jwk, key.keyId, { username, password: PASSWORD }),
  );
  expect(login.mustChangePassword).toBe(true);

  // Every report answers with the team: the transfer of the last test among the account details.
  const details = await switchPage(topPage, centre, 'accountDetails');
  await expect(
    details
      .getByTestId('agent-transactions')
      .getByRole('row', { name: new RegExp(recruitName) })
      .first(),
  ).toContainText(/25,00/);
  await checkLook(topPage, 'account-details');
  const team = await switchPage(topPage, centre, 'teamManagement');
  await expect(team.getByTestId('agent-team')).toContainText(username);
  await checkLook(topPage, 'team');
  for (const [key, testId] of [
    ['agentAnnouncement', 'agent-announcements'],
    ['teamBetting', 'agent-bets'],
    ['userLoss', 'agent-user-loss'],
    ['myIncome', 'income'],
  ] as const) {
    const page = await switchPage(topPage, centre, key);
    await expect(page.getByTestId(testId)).not.toContainText('Tentar novamente');
    await checkLook(topPage, testId);
  }
});
