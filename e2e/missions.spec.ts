import path from 'node:path';
import { expect, test } from './support/test';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { callApi, disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * Missions as a player meets them: the operator's daily mission "enter on 1 day" (R$ 2,00) is
 * completed by the player's first login, the member centre's "Atividade de missões" entry shows a
 * badge of 1, the claim pays R$ 2,00 into the balance, and the badge goes away; the mission then
 * reads "Resgatada" and the week's board ranks the player first. Axe-clean at 360 and 1366 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'missions');
const PASSWORD = 'Missao2026diaria';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let baseURL: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('missions', EXTRA_PORTS.missions, {
    roles: ['marketing'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
});

test.afterAll(async () => {
  await server?.stop();
});

test('a daily mission completed by logging in is claimed once, and its badge goes away', async ({ page }) => {
  const marketing = BACKOFFICE_OPERATORS.marketing;
  const token = await operatorLogin(page.request, baseURL, marketing.username, marketing.password);
  const created = await callApi<{ id: string }>({ request: page.request, baseURL, token }, 'POST', '/ops/missions', {
    cadence: 'daily',
    titlePt: 'Entre hoje',
    titleEn: 'Log in today',
    status: 'live',
    rewardMinor: '200',
    sortOrder: 0,
    steps: [{ kind: 'login_days', target: '1' }],
    reason: 'missões diárias de boas-vindas',
  });

  const player = await signedInNewPlayer(page, baseURL, { prefix: 'missa', password: PASSWORD });
  // The login reaches the missions' counters within the event stream's poll (REWARD_EVENTS_POLL_MS).
  await expect(async () => {
    const summary = await callApi<{ claimableCount: number }>(
      { request: page.request, baseURL, token: player.token },
      'GET',
      '/wps/relay/MCSFE_getMissionSummaryDetails',
    );
    expect(summary.claimableCount).toBe(1);
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: `Menu da conta ${player.username}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  const menu = page.getByRole('navigation', { name: 'Páginas da central do membro' });
  await expect(menu.getByLabel('1 missão para resgatar')).toBeVisible();
  await menu.getByRole('button', { name: /Atividade de missões/ }).click();
  const mission = page.getByRole('article', { name: 'Entre hoje' });
  await expect(mission).toContainText('1 / 1');
  await expect(mission.getByRole('button', { name: 'Resgatar' })).toBeVisible();
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page, `missions ${width}`);
  }
  await saveScreenshot(page, { path: path.join(SHOTS, 'missions-1366.png') });
  await mission.getByRole('button', { name: 'Resgatar' }).click();
  await expect(mission).toContainText('Resgatada');
  await expect(mission.getByRole('button', { name: 'Resgatar' })).toHaveCount(0);
  await expect(menu.getByLabel('1 missão para resgatar')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/R\$\s*2,00/);
  await expect(page.getByText('Sua posição: 1', { exact: false })).toBeVisible();
  // A second claim of the same mission and day is refused by the server.
  const again = await page.request.post(`${baseURL}/wps/missions/claim`, {
    headers: { authorization: player.token },
    data: { missionId: created.id },
  });
  expect(((await again.json()) as { errorCode?: string }).errorCode).toBe('MISSION_ALREADY_CLAIMED');
});
