import crypto from 'node:crypto';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  openFromSidebar,
  newBackofficePage,
  pageOperatorToken,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, registerThroughApi } from './support/setup';
import { operatorLogin } from './support/operators';

/**
 * The back office's agent screens as an admin uses them. Three players register on the site; one
 * deposits R$ 100,00 by bank transfer (confirmed) and rolls the in-house dice twice. In the agent
 * tree the admin:
 * - makes the first two agents (a type change with a reason), moves the second under the first and
 *   the player under the second (each move with a reason, its entry in the member's changes);
 * - sees the first agent's tree: the second agent directly under it, the player a level deeper;
 * - sets the first agent's daily-salary contract with the house (1,00 %), finds it in the
 *   contracts list and opens its tiers and steps;
 * - opens the first agent's team report for today: the deposit, the dice's turnover and net loss;
 * - reads the settlement runs and statements, and holds the first agent as a payee, then releases it.
 * A support operator reads the tree without the buttons that change it. Axe-clean at 1366 px, and
 * the two screens of their own layout (the report's figures, the tree) at 360 px too: the
 * contracts and holds are lists in the shared data table, whose phone layout the other back-office
 * suites check at 360 px (backoffice-compliance, backoffice-lottery, backoffice-missions). Finance's
 * approval of the new house contract goes through the API: its screen is house-contract-changes.test.tsx's
 * (apps/backoffice), its rule house-contract-approval.test.ts's (apps/server).
 */

const SHOTS = path.join(ROOT, 'test-results', 'backoffice-agents');
const PASSWORD = 'Agente2026jogar';
const REASON = 'reorganização da equipe regional';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let server: ExtraServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('backoffice-agents', EXTRA_PORTS.backofficeAgents, {
    roles: ['admin', 'support', 'finance'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
});

test.afterAll(async () => {
  await server?.stop();
});

function register(request: APIRequestContext, prefix: string): Promise<{ username: string; token: string }> {
  // Only the account is needed: registered through the API, with no page to render.
  return registerThroughApi(request, baseURL, { prefix, password: PASSWORD });
}

/** R$ amounts as the back office writes them in Portuguese. */
function brl(minor: bigint): RegExp {
  const units = (minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\\.');
  return new RegExp(`R\\$\\s*${units},${(minor % 100n).toString().padStart(2, '0')}`);
}

/** Search the tree for an account and open its member panel. */
async function openMember(ops: Page, account: string): Promise<Locator> {
  await ops.getByRole('searchbox', { name: 'Conta' }).fill(account);
  await ops.getByRole('button', { name: 'Buscar' }).click();
  await ops
    .getByRole('table', { name: 'Membros encontrados' })
    .getByRole('button', { name: `Abrir ${account}` })
    .click();
  const panel = ops.getByRole('region', { name: `${account} na árvore` });
  await expect(panel).toBeVisible();
  return panel;
}

async function changeType(ops: Page, panel: Locator, account: string, type: string): Promise<void> {
  await panel.getByRole('button', { name: 'Alterar tipo' }).click();
  const dialog = ops.getByRole('dialog', { name: `Alterar o tipo de ${account}` });
  await dialog.getByLabel('Novo tipo').selectOption({ label: type });
  await dialog.getByLabel('Motivo').fill(REASON);
  await dialog.getByRole('button', { name: 'Alterar tipo' }).click();
  await expect(ops.getByRole('status').filter({ hasText: `${account} agora é ${type}.` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(panel.locator('[data-fact="type"]')).toHaveText(type);
}

async function move(ops: Page, panel: Locator, account: string, upline: string): Promise<void> {
  await panel.getByRole('button', { name: 'Mover', exact: true }).click();
  const dialog = ops.getByRole('dialog', { name: `Mover ${account}` });
  await dialog.getByLabel('Conta do novo superior').fill(upline);
  await dialog.getByLabel('Motivo').fill(REASON);
  await dialog.getByRole('button', { name: 'Mover', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  // The move's audit entry, with its reason, in the member's changes.
  const changes = panel.getByRole('table', { name: 'Alterações' });
  await expect(changes.getByRole('row').filter({ hasText: 'Movido' })).toContainText(`Movido para baixo de ${upline}`);
  await expect(changes.getByRole('row').filter({ hasText: 'Movido' })).toContainText(REASON);
}

test('an admin builds a branch of the agent tree, sets a house contract, and reads the contracts and the team report', async ({
  browser,
  request,
}) => {
  const top = await register(request, 'agtop');
  const sub = await register(request, 'agsub');
  const player = await register(request, 'agply');

  const ops = await newBackofficePage(browser, 1366);
  await signInOperator(ops, { baseURL, role: 'admin' });
  const admin = await pageOperatorToken(ops);

  // The player's activity: a confirmed bank deposit and two dice rolls.
  const api = { request: ops.request, baseURL, token: player.token };
  const channels = await callApi<{ id: string; type: string }[]>(api, 'GET', '/wps/deposit/channels');
  const bank = channels.find((c) => c.type === 'manual_bank')!;
  const order = await callApi<{ id: string }>(api, 'POST', '/wps/deposit/orders', {
    channelId: bank.id,
    amount: '100',
    idempotencyKey: crypto.randomUUID(),
  });
  await callApi(api, 'POST', `/ops/deposits/${order.id}/confirm`, { reason: 'visto no extrato' }, admin);
  const launch = await callApi<{ game_url: string }>(api, 'POST', '/wps/game/launchGame', {
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
  const session = await callApi<{ sessionToken: string; playerId: string }>(
    api,
    'POST',
    '/wps/inhouse/session',
    { launchToken: new URL(launch.game_url, baseURL).searchParams.get('launch') },
    '',
  );
  let stakes = 0n;
  let payouts = 0n;
  for (let i = 0; i < 2; i++) {
    const roll = await callApi<{ stakeMinor: string; payoutMinor: string }>(
      api,
      'POST',
      '/wps/inhouse/dice/roll',
      { ...session, stakeMinor: '1000', idempotencyKey: crypto.randomUUID(), target: 4950, direction: 'under' },
      '',
    );
    stakes += BigInt(roll.stakeMinor);
    payouts += BigInt(roll.payoutMinor);
  }

  // The tree: two players made agents, then placed one under the other, with the player at the bottom.
  const nav = ops.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('list', { name: 'Agentes' }).getByRole('link', { name: 'Árvore de agentes' }).click();
  await expect(ops).toHaveURL(/\/backoffice\/agents$/);
  await expect(ops.getByRole('heading', { name: 'Árvore de agentes', level: 1 })).toBeVisible();

  let panel = await openMember(ops, top.username);
  await expect(panel).toContainText('No topo da árvore: sem superior.');
  await changeType(ops, panel, top.username, 'Agente');
  await expect(
    panel.getByRole('table', { name: 'Alterações' }).getByRole('row').filter({ hasText: 'Tipo alterado' }),
  ).toContainText('Membro → Agente');

  panel = await openMember(ops, sub.username);
  await changeType(ops, panel, sub.username, 'Agente (salário)');
  await move(ops, panel, sub.username, top.username);
  await expect(panel.getByRole('navigation', { name: 'Cadeia acima' })).toContainText(top.username);
  await checkBackofficePage(ops, 'agent-moved-1366', SHOTS);

  panel = await openMember(ops, player.username);
  await move(ops, panel, player.username, sub.username);
  const chain = panel.getByRole('navigation', { name: 'Cadeia acima' }).getByRole('listitem');
  await expect(chain).toHaveText([new RegExp(top.username), new RegExp(sub.username), player.username]);

  // The top agent's tree, opened level by level from its chain.
  await panel
    .getByRole('navigation', { name: 'Cadeia acima' })
    .getByRole('button', { name: `Abrir ${top.username}` })
    .click();
  panel = ops.getByRole('region', { name: `${top.username} na árvore` });
  await expect(panel.locator('[data-fact="direct"]')).toHaveText('1');
  await expect(panel.locator('[data-fact="team"]')).toHaveText('2');
  const level1 = panel.getByRole('list', { name: `Subordinados de ${top.username}` });
  await expect(level1.locator(`[data-account="${sub.username}"]`)).toContainText('1 diretos · equipe 1');
  await level1.getByRole('button', { name: `Mostrar os subordinados de ${sub.username}` }).click();
  await expect(
    panel.getByRole('list', { name: `Subordinados de ${sub.username}` }).locator(`[data-account="${player.username}"]`),
  ).toContainText('Membro');
  await checkBackofficePage(ops, 'agent-tree-1366', SHOTS);

  // A house contract for the top agent: daily salary, 1,00 % from the first real of turnover.
  await panel.getByRole('button', { name: 'Contrato com a casa' }).click();
  const house = ops.getByRole('dialog', { name: `Contrato com a casa de ${top.username}` });
  await house.getByLabel('Tipo de contrato').selectOption({ label: 'Salário diário' });
  await house.getByRole('group', { name: 'Faixa 1' }).getByLabel('Taxa (%)').fill('150');
  await house.getByLabel('Motivo').fill('acordo comercial assinado');
  await house.getByRole('button', { name: 'Definir contrato' }).click();
  // A rate above 100 % is refused under its field before anything is sent.
  await expect(house.getByText('Informe uma taxa de 0 a 100 com até duas casas decimais.')).toBeVisible();
  await expectNoSeriousA11yViolations(ops, 'house contract dialog 1366');
  await house.getByRole('group', { name: 'Faixa 1' }).getByLabel('Taxa (%)').fill('1,00');
  await house.getByRole('button', { name: 'Definir contrato' }).click();
  // A new house contract pays more than none: it waits for another operator who may approve credits.
  await expect(
    ops.getByRole('status').filter({
      hasText: `O contrato de Salário diário de ${top.username} aguarda a aprovação de outro operador (Contratos de agentes).`,
    }),
  ).toBeVisible();
  await expect(house).toHaveCount(0);
  await expect(panel.getByRole('table', { name: 'Alterações' })).toContainText('Contrato com a casa pedido');

  // Finance approves it (another operator, through the API); from then on it is in force.
  const { username: financeName, password: financePassword } = BACKOFFICE_OPERATORS.finance;
  const finance = { request, baseURL, token: await operatorLogin(request, baseURL, financeName, financePassword) };
  const { list } = await callApi<{ list: { id: string; account: string }[] }>(
    finance,
    'GET',
    '/ops/agents/contract-changes',
  );
  const waiting = list.filter((change) => change.account === top.username);
  expect(waiting, 'the house contract waiting for approval').toHaveLength(1);
  await callApi(finance, 'POST', `/ops/agents/contract-changes/${waiting[0]!.id}/approve`, {
    reason: 'acordo comercial conferido',
  });

  // The contracts list, filtered on the top agent from its panel; the contract's details.
  await panel.getByRole('link', { name: 'Contratos' }).click();
  await expect(ops.getByRole('heading', { name: 'Contratos de agentes', level: 1 })).toBeVisible();
  const row = ops.getByRole('row').filter({ hasText: top.username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Casa');
  await expect(row).toContainText('Salário diário');
  await expect(row).toContainText('Ativo');
  await expect(row).toContainText(/1,00\s?%/);
  await ops.getByLabel('Situação').selectOption({ label: 'Encerrado' });
  await expect(ops.getByText('Nenhum contrato com estes filtros.')).toBeVisible();
  await ops.getByLabel('Situação').selectOption({ label: 'Em vigor' });
  await expect(row).toHaveCount(1);
  await checkBackofficePage(ops, 'agent-contracts-1366', SHOTS);
  await row.getByRole('button', { name: /Detalhes do contrato/ }).click();
  const detail = ops.getByRole('dialog', { name: /^Contrato \d+$/ });
  await expect(detail.getByRole('table', { name: 'Faixas' })).toContainText(/1,00\s?%/);
  await expect(detail.getByRole('list')).toContainText('Definido pela casa (por um operador');
  await expectNoSeriousA11yViolations(ops, 'contract detail 1366');
  await detail.getByRole('button', { name: /Fechar|Close/ }).click();

  // The team report for the last seven days (today included): the player's deposit and dice.
  await nav.getByRole('list', { name: 'Agentes' }).getByRole('link', { name: 'Relatórios de agentes' }).click();
  await ops.getByLabel('Conta do agente').fill(top.username);
  await ops.getByRole('button', { name: 'Mostrar' }).click();
  await expect(ops.getByRole('heading', { name: `Equipe de ${top.username} (Agente)` })).toBeVisible();
  const team = ops.getByRole('table', { name: 'Números da equipe' }).locator('[data-group="team"]');
  await expect(team.locator('[data-figure="members"]')).toHaveText('2');
  await expect(team.locator('[data-figure="activePlayers"]')).toHaveText('1');
  await expect(team.locator('[data-figure="deposits"]')).toContainText(brl(100_00n));
  await expect(team.locator('[data-figure="turnover"]')).toHaveText(brl(stakes));
  const netLoss = stakes - payouts;
  await expect(team.locator('[data-figure="netLoss"]')).toHaveText(
    new RegExp(`${netLoss < 0n ? '-' : ''}${brl(netLoss < 0n ? -netLoss : netLoss).source}`),
  );
  const branch = ops.getByRole('table', { name: 'Números por ramo' }).locator(`[data-branch="${sub.username}"]`);
  await expect(branch.locator('[data-figure="turnover"]')).toHaveText(brl(stakes));
  // Nothing settled yet for this agent: its own statements say so.
  await expect(ops.locator('[data-figure="own"]')).toContainText(brl(0n));
  await checkBackofficePage(ops, 'agent-report-1366', SHOTS);
  // The report on a phone: the same page, narrowed.
  await ops.setViewportSize({ width: 360, height: 800 });
  await expect(team.locator('[data-figure="turnover"]')).toHaveText(brl(stakes));
  await checkBackofficePage(ops, 'agent-report-360', SHOTS);
  await ops.setViewportSize({ width: 1366, height: 900 });

  // Settlement: the runs and statements screens read, and a hold put on the top agent and released, each with a reason.
  await nav.getByRole('list', { name: 'Agentes' }).getByRole('link', { name: 'Liquidações' }).click();
  await expect(ops.getByRole('heading', { name: 'Liquidações', level: 1 })).toBeVisible();
  await checkBackofficePage(ops, 'agent-runs-1366', SHOTS);
  await nav.getByRole('list', { name: 'Agentes' }).getByRole('link', { name: 'Extratos de liquidação' }).click();
  await ops.getByLabel('Conta do beneficiário').fill(top.username);
  await ops.getByRole('button', { name: 'Filtrar' }).click();
  await expect(ops).toHaveURL(/memberId=\d+/);
  await expect(ops.getByText('Nenhum extrato com estes filtros.')).toBeVisible();
  await checkBackofficePage(ops, 'agent-statements-1366', SHOTS);
  await nav.getByRole('list', { name: 'Agentes' }).getByRole('link', { name: 'Beneficiários retidos' }).click();
  await ops.getByLabel('Conta do agente').fill(top.username);
  await ops.getByRole('button', { name: 'Reter', exact: true }).click();
  const holdDialog = ops.getByRole('dialog', { name: `Reter ${top.username}` });
  await holdDialog.getByLabel('Motivo').fill('conferência de documentos do parceiro');
  await holdDialog.getByRole('button', { name: 'Reter', exact: true }).click();
  await expect(ops.getByRole('status').filter({ hasText: `${top.username} está retido.` })).toBeVisible();
  const held = ops.locator(`[data-payee="${top.username}"]`);
  await expect(held).toContainText('conferência de documentos do parceiro');
  await checkBackofficePage(ops, 'agent-holds-1366', SHOTS);
  await held.getByRole('button', { name: `Liberar ${top.username}` }).click();
  const releaseDialog = ops.getByRole('dialog', { name: `Liberar ${top.username}` });
  await releaseDialog.getByLabel('Motivo').fill('documentos conferidos');
  await releaseDialog.getByRole('button', { name: 'Liberar', exact: true }).click();
  await expect(held).toHaveCount(0);
  await ops.getByLabel('Somente retenções ativas').uncheck();
  await expect(held).toContainText('documentos conferidos');

  // The tree on a phone, from the drawer's menu.
  await ops.setViewportSize({ width: 360, height: 800 });
  await openFromSidebar(ops, 'Árvore de agentes');
  await openMember(ops, top.username);
  await checkBackofficePage(ops, 'agent-tree-360', SHOTS);

  // Support reads the tree (agents.read) but holds no agents.write: no buttons that change it.
  const support = await newBackofficePage(browser, 1366);
  await signInOperator(support, { baseURL, role: 'support', path: 'agents' });
  const supportPanel = await openMember(support, top.username);
  await expect(supportPanel.getByRole('list', { name: `Subordinados de ${top.username}` })).toContainText(sub.username);
  await expect(supportPanel.getByRole('button', { name: 'Mover', exact: true })).toHaveCount(0);
  await expect(supportPanel.getByRole('button', { name: 'Alterar tipo' })).toHaveCount(0);
  await expect(supportPanel.getByRole('button', { name: 'Contrato com a casa' })).toHaveCount(0);
  await expect(supportPanel.getByRole('link', { name: 'Relatório da equipe' })).toBeVisible();
  await openFromSidebar(support, 'Beneficiários retidos');
  await expect(support.getByRole('heading', { name: 'Beneficiários retidos', level: 1 })).toBeVisible();
  await expect(support.getByRole('button', { name: 'Reter', exact: true })).toHaveCount(0);
  await support.context().close();
  await ops.context().close();
});
