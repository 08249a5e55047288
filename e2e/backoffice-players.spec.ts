import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, registerThroughApi, signedInNewPlayer } from './support/setup';
import { operatorLogin } from './support/operators';
import {
  BACKOFFICE_OPERATORS,
  pageOperatorToken,
  openFromSidebar,
  operatorPage,
  startBackofficeServer,
  checkBackofficePage,
  newBackofficePage as newPage,
} from './support/backoffice';

/**
 * Players in the back office. A player registers on the player site; a finance operator finds
 * them by username, opens their page and requests a credit above the approval threshold (it
 * waits, and the requester cannot approve it); an admin approves it on the adjustments screen.
 * The player's balance in the back office and on the player site, and the player's own account
 * record, show the credit; the player's audit trail names both operators. A finance operator's
 * second credit that passes the player's 24-hour total (the operator money policy) waits, and an
 * admin approves it on the adjustments screen. Disabling the account
 * from its page ends the player's session. A player's feedback with an image is read by finance
 * (who may not answer) and answered by an admin; the player reads the answer. Axe-clean at 1366
 * and 1024 px.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-players');

const check = (page: Page, name: string): Promise<void> => checkBackofficePage(page, name, SHOTS);
const PASSWORD = 'Player2026pass';

let server: ExtraServer;
/**
 * The finance operator's and the admin's tabs, each signed in once for the file's tests (serial),
 * which move between screens by the sidebar and resize them.
 */
let financeTab: Page;
let adminTab: Page;

/** A 2×2 PNG (a real one: the server reads its header). */
const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function registerPlayer(page: Page, baseURL: string): Promise<string> {
  return (await signedInNewPlayer(page, baseURL, { prefix: 'p', password: PASSWORD })).username;
}

test.describe('back-office players and four-eyes adjustments', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    server = await startBackofficeServer('backoffice-players', EXTRA_PORTS.backofficePlayers, {
      roles: ['finance', 'admin'],
      configure: disableRegisterCaptcha,
    });
    [financeTab, adminTab] = await Promise.all([
      operatorPage(browser, { baseURL: server.baseURL, role: 'finance', width: 1366 }),
      operatorPage(browser, { baseURL: server.baseURL, role: 'admin', width: 1024 }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all([financeTab?.context().close(), adminTab?.context().close()]);
    await server?.stop();
  });

  test('find a player, request a credit above the threshold, a second operator approves, the player sees it', async ({
    browser,
    request,
  }) => {
    const player = await newPage(browser, 1366);
    const username = await registerPlayer(player, server.baseURL);
    const playerToken = (await player.evaluate(() => window.sessionStorage.getItem('token'))) as string;

    const finance = financeTab;
    const admin = adminTab;
    // Finance finds the player by the start of the username, in capitals.
    await openFromSidebar(finance, 'Jogadores', { exact: true });
    await finance.getByLabel('Buscar por').selectOption('username');
    await finance.getByLabel('Termo de busca').fill(username.slice(0, -2).toUpperCase());
    await finance.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(finance.getByRole('rowheader', { name: username })).toBeVisible();
    await check(finance, 'search-1366');
    await finance.getByRole('link', { name: username }).click();
    await expect(finance.getByRole('heading', { level: 1, name: new RegExp(username) })).toBeVisible();
    await check(finance, 'player-1366');

    // R$ 1.500,00 is above the demo threshold (R$ 1.000,00): it waits for a second operator.
    await finance.getByRole('button', { name: 'Ajustar saldo' }).click();
    const dialog = finance.getByRole('dialog', { name: 'Ajustar saldo' });
    await expect(dialog.getByText(/Ajustes acima de R\$\s*1\.000,00/)).toBeVisible();
    await dialog.getByLabel('Crédito').check();
    await dialog.getByLabel('Tipo').selectOption('goodwill');
    await dialog.getByLabel('Valor (BRL)').fill('1500');
    await dialog.getByLabel('Motivo (fica no registro de auditoria)').fill('late payout goodwill');
    await check(finance, 'adjustment-dialog-1366');
    await dialog.getByRole('button', { name: 'Solicitar ajuste' }).click();
    await expect(dialog).toBeHidden();
    await expect(finance.getByText('Ajuste aguardando a aprovação de outro operador.')).toBeVisible();

    // Not posted yet; the requester cannot decide their own request.
    await player.reload();
    await expect(player.getByTestId('header-balance')).toHaveText(/R\$\s*0,00/);
    await openFromSidebar(finance, 'Ajustes a aprovar');
    const financeRow = finance.getByRole('row').filter({ has: finance.getByRole('rowheader', { name: username }) });
    await expect(financeRow.getByText('Sua solicitação: outro operador decide')).toBeVisible();
    await expect(financeRow.getByRole('button', { name: /Aprovar/ })).toHaveCount(0);

    // An admin approves it, at 1024 px.
    await openFromSidebar(admin, 'Ajustes a aprovar');
    const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: username }) });
    await expect(row.getByRole('cell', { name: 'bo.finance' })).toBeVisible();
    await check(admin, 'adjustments-1024');
    await row.getByRole('button', { name: new RegExp(`^Aprovar o ajuste \\d+ de ${username}$`) }).click();
    const confirm = admin.getByRole('dialog', { name: `Aprovar o ajuste de ${username}?` });
    await confirm.getByLabel('Motivo').fill('ticket checked');
    await check(admin, 'approve-dialog-1024');
    await confirm.getByRole('button', { name: 'Aprovar' }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.getByText(/Ajuste \d+ aprovado e lançado\./)).toBeVisible();

    // The back office shows the new balance and the audit trail names both operators.
    const adminToken = await pageOperatorToken(admin);
    const search = await callApi<{ list: { memberId: string }[] }>(
      { request, baseURL: server.baseURL, token: adminToken },
      'GET',
      `/ops/players?key=username&q=${username}`,
    );
    const memberId = search.list[0]!.memberId;
    // By its address, as a link shared with the admin: a fresh load, which also leaves this tab no
    // cached adjustments list for the next test's new request.
    await admin.goto(`${server.baseURL}/backoffice/players/${memberId}`);
    await admin.getByRole('tab', { name: 'Saldos' }).click();
    await expect(admin.getByTestId('balance-player_main')).toHaveText(/R\$\s*1\.500,00/);
    await admin.getByRole('tab', { name: 'Razão' }).click();
    await admin.getByRole('tabpanel').getByLabel('Tipo').selectOption('adjustment');
    await expect(
      admin
        .getByRole('tabpanel')
        .getByRole('cell', { name: /1\.500,00/ })
        .first(),
    ).toBeVisible();
    await check(admin, 'player-ledger-1024');
    await admin.getByRole('tab', { name: 'Trilha de auditoria' }).click();
    await expect(admin.getByRole('cell', { name: 'adjustment.approve' })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'adjustment.request' })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'ticket checked' })).toBeVisible();
    await check(admin, 'player-audit-1024');
    const audit = await callApi<{ list: { action: string; actorId: string; reason: string }[] }>(
      { request, baseURL: server.baseURL, token: adminToken },
      'GET',
      `/ops/players/${memberId}/audit`,
    );
    const actors = new Set(audit.list.filter((e) => e.action.startsWith('adjustment.')).map((e) => e.actorId));
    expect(actors.size).toBe(2);

    // The player site: the header balance and the player's own account record.
    await player.reload();
    await expect(player.getByTestId('header-balance')).toHaveText(/R\$\s*1\.500,00/);
    const record = await callApi<{ list: { type: string; amountMinor: string }[] }>(
      { request, baseURL: server.baseURL, token: playerToken },
      'GET',
      '/wps/member/transactions?type=adjustment',
    );
    expect(record.list.map((e) => [e.type, e.amountMinor])).toEqual([['adjustment', '150000']]);

    // Disabling the account from its page ends the player's session at once.
    await admin.getByRole('button', { name: 'Desativar conta' }).click();
    const disable = admin.getByRole('dialog', { name: `Desativar ${username}?` });
    await disable.getByLabel('Motivo').fill('fraud check');
    await check(admin, 'disable-dialog-1024');
    await disable.getByRole('button', { name: 'Desativar conta' }).click();
    await expect(disable).toBeHidden();
    await expect(admin.getByRole('heading', { level: 1, name: new RegExp(`${username}.*Desativada`) })).toBeVisible();
    const info = await request.get(`${server.baseURL}/wps/member/info`, { headers: { authorization: playerToken } });
    expect(info.status()).toBe(401);
  });

  test("a finance operator's second credit that passes the 24-hour total waits for another operator", async ({
    request,
  }) => {
    // Data through the API: a player, and a first credit of R$ 1.500,00 that bo.finance asked and
    // an admin approved (above the amount of one request). The player's 24-hour total is R$ 2.000,00.
    const { username } = await registerThroughApi(request, server.baseURL, { prefix: 'omp', password: PASSWORD });
    const as = (token: string) => ({ request, baseURL: server.baseURL, token });
    const { username: fin, password: finPass } = BACKOFFICE_OPERATORS.finance;
    const { username: adm, password: admPass } = BACKOFFICE_OPERATORS.admin;
    const finance = as(await operatorLogin(request, server.baseURL, fin, finPass));
    const admin = as(await operatorLogin(request, server.baseURL, adm, admPass));
    const found = await callApi<{ list: { memberId: string }[] }>(
      admin,
      'GET',
      `/ops/players?key=username&q=${username}`,
    );
    const memberId = found.list[0]!.memberId;
    const first = await callApi<{ id: string }>(finance, 'POST', `/ops/players/${memberId}/adjustments`, {
      direction: 'credit',
      kind: 'goodwill',
      amountMinor: '150000',
      reason: 'first goodwill',
      idempotencyKey: `omp-first-${memberId}`,
    });
    await callApi(admin, 'POST', `/ops/adjustments/${first.id}/approve`, { reason: 'ticket checked' });

    // The second credit, R$ 1.000,00 in the back office: within one request, past the player's total.
    // Finance finds the player as in the first test: the sidebar, the search, the player's link.
    const financePage = financeTab;
    await openFromSidebar(financePage, 'Jogadores', { exact: true });
    await financePage.getByLabel('Buscar por').selectOption('username');
    await financePage.getByLabel('Termo de busca').fill(username);
    await financePage.getByRole('button', { name: 'Buscar', exact: true }).click();
    await financePage.getByRole('link', { name: username }).click();
    await expect(financePage.getByRole('heading', { level: 1, name: new RegExp(username) })).toBeVisible();
    await financePage.getByRole('button', { name: 'Ajustar saldo' }).click();
    const dialog = financePage.getByRole('dialog', { name: 'Ajustar saldo' });
    await dialog.getByLabel('Crédito').check();
    await dialog.getByLabel('Tipo').selectOption('goodwill');
    await dialog.getByLabel('Valor (BRL)').fill('1000');
    await dialog.getByLabel('Motivo (fica no registro de auditoria)').fill('second goodwill');
    await dialog.getByRole('button', { name: 'Solicitar ajuste' }).click();
    await expect(financePage.getByText('Ajuste aguardando a aprovação de outro operador.')).toBeVisible();

    // An admin sees why it waits on the adjustments screen and approves it.
    const adminPage = adminTab;
    await adminPage.setViewportSize({ width: 1366, height: 900 });
    await openFromSidebar(adminPage, 'Ajustes a aprovar');
    const row = adminPage.getByRole('row').filter({ has: adminPage.getByRole('rowheader', { name: username }) });
    await expect(row.getByText('Passa o total de 24 horas do jogador')).toBeVisible();
    await row.getByRole('button', { name: new RegExp(`^Aprovar o ajuste \\d+ de ${username}$`) }).click();
    const confirm = adminPage.getByRole('dialog', { name: `Aprovar o ajuste de ${username}?` });
    await confirm.getByLabel('Motivo').fill('second ticket checked');
    await confirm.getByRole('button', { name: 'Aprovar' }).click();
    await expect(adminPage.getByText(/Ajuste \d+ aprovado e lançado\./)).toBeVisible();
    const posted = await callApi<{ list: { amountMinor: string; status: string }[] }>(
      admin,
      'GET',
      `/ops/adjustments?memberId=${memberId}`,
    );
    expect(posted.list.map((a) => [a.amountMinor, a.status])).toEqual([
      ['100000', 'posted'],
      ['150000', 'posted'],
    ]);
  });

  test("a player's feedback with an image is answered in the back office, and the player reads the answer", async ({
    browser,
    request,
  }) => {
    const player = await newPage(browser, 1366);
    const username = await registerPlayer(player, server.baseURL);
    const playerToken = (await player.evaluate(() => window.sessionStorage.getItem('token'))) as string;
    const sent = await request.put(`${server.baseURL}/wps/feedback`, {
      headers: { authorization: playerToken },
      multipart: {
        questionType: 'withdrawal',
        content: 'Meu saque de ontem ainda não chegou.',
        images: { name: 'extrato.png', mimeType: 'image/png', buffer: PNG_2X2 },
      },
    });
    const { value: feedback } = (await sent.json()) as { value: { id: string } };
    expect(sent.status()).toBe(200);

    // Finance reads players but may not write to them: the feedback opens read-only.
    const finance = financeTab;
    const admin = adminTab;
    await finance.setViewportSize({ width: 1024, height: 900 });
    await openFromSidebar(finance, 'Feedback', { exact: true });
    await expect(finance.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    await finance.getByRole('button', { name: `Abrir o feedback ${feedback.id} de ${username}` }).click();
    const readOnly = finance.getByRole('dialog', { name: `Feedback ${feedback.id} de ${username}` });
    await expect(readOnly.getByRole('img', { name: `Imagem 1 do feedback ${feedback.id}` })).toBeVisible();
    await expect(readOnly.getByText('Seu perfil pode ler o feedback, mas não responder.')).toBeVisible();
    await check(finance, 'feedback-finance-1024');

    await openFromSidebar(admin, 'Feedback', { exact: true });
    await expect(admin.getByRole('row', { name: new RegExp(`Meu saque de ontem`) })).toBeVisible();
    await check(admin, 'feedback-list-1366');
    await admin.getByRole('button', { name: `Responder o feedback ${feedback.id} de ${username}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Feedback ${feedback.id} de ${username}` });
    await expect(dialog.getByText('Meu saque de ontem ainda não chegou.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(dialog.getByText('Escreva uma resposta de até 2.000 caracteres.')).toBeVisible();
    await dialog.getByLabel('Sua resposta').fill('O saque foi pago hoje às 10h; confira o extrato do banco.');
    await check(admin, 'feedback-dialog-1366');
    await dialog.getByRole('button', { name: 'Enviar resposta' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText(`Resposta ao feedback ${feedback.id} enviada.`)).toBeVisible();
    // Answered feedback leaves the open list; "every status" shows it answered.
    await expect(admin.getByRole('row', { name: new RegExp(`Meu saque de ontem`) })).toHaveCount(0);
    await admin.getByLabel('Situação').selectOption('all');
    await expect(admin.getByRole('row', { name: /Meu saque de ontem/ }).getByText('Respondido')).toBeVisible();

    const mine = await callApi<{ list: { id: string; status: string; reply: string | null }[] }>(
      { request, baseURL: server.baseURL, token: playerToken },
      'GET',
      '/wps/feedback',
    );
    expect(mine.list).toMatchObject([
      { id: feedback.id, status: 'answered', reply: 'O saque foi pago hoje às 10h; confira o extrato do banco.' },
    ]);
  });
});
