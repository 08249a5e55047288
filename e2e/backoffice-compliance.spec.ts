import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import {
  checkBackofficePage,
  expectTablesFit,
  newBackofficePage,
  openFromSidebar,
  signInOperator,
  startBackofficeServer,
} from './support/backoffice';
import { registerMember } from './support/agents';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { disableRegisterCaptcha } from './support/setup';

/**
 * The records a licence asks for, in the back office, on a server of its own with the test clock
 * door (TEST_CLOCK_DOOR) and every job on a 2-second interval:
 * - a player registers today; the clock moves past the end of the operator's day (and its half
 *   hour of grace), and the export job writes the day; the regulator exports screen lists its run
 *   with its counts and checksum;
 * - its files download as stored: each line of bettors.jsonl is a record naming the new player,
 *   and manifest.json's SHA-256 is the run's checksum;
 * - a re-run with a reason adds version 2 beside version 1;
 * - the audit page's chain check passes.
 * Every screen axe-clean at 1366 and 360 px.
 */

const SHOTS = path.join(ROOT, 'test-results', 'backoffice-compliance');
const TZ = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ExtraServer;
let baseURL: string;
let admin: Page;
/** The operator day the test's activity falls on (the server's clock before it is moved). */
const today = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date());

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  server = await startBackofficeServer('backoffice-compliance', EXTRA_PORTS.complianceRecords, {
    roles: ['admin'],
    configure: disableRegisterCaptcha,
    env: { TEST_CLOCK_DOOR: '1', JOB_INTERVAL_MS: '2000' },
  });
  baseURL = server.baseURL;
  // Signed in on the exports screen, where the first test starts (it reloads it until the day's run shows).
  admin = await newBackofficePage(browser, 1366);
  await signInOperator(admin, { baseURL, role: 'admin', path: 'compliance/exports' });
});

test.afterAll(async () => {
  await admin?.context().close();
  await server?.stop();
});

/** The runs table's row of a day's version. */
const runRow = (page: Page, day: string, version: number) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: day }) })
    .filter({ hasText: `v${version}` });

test('the day is exported once it has ended, listed with its counts and checksum, and its files download as stored', async ({
  request,
}) => {
  const player = await registerMember(request, baseURL, 'rgx');
  // A day and an hour later (past midnight and the half hour of grace): today's day is due.
  expect((await request.put(`${baseURL}/dev/clock`, { data: { offsetMs: DAY_MS + 60 * 60_000 } })).status()).toBe(200);

  await expect(admin.getByRole('heading', { level: 1, name: 'Exportações ao regulador' })).toBeVisible();
  await expect(async () => {
    await admin.reload();
    await expect(runRow(admin, today, 1)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const row = runRow(admin, today, 1);
  await expect(row).toContainText('agendada');
  await expect(row).toContainText(/\d+ apostador(es)?/);
  await checkBackofficePage(admin, 'exports-1366', SHOTS);
  await expectTablesFit(admin, 'exports-1366');

  // bettors.jsonl: one JSON record per line, the new player among them.
  const bettorsDownload = admin.waitForEvent('download');
  await row.getByRole('button', { name: `Baixar bettors.jsonl de ${today} versão 1` }).click();
  const bettors = fs
    .readFileSync(await (await bettorsDownload).path(), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { record: string; playerId: string; account: string });
  expect(bettors.every((b) => b.record === 'bettor')).toBe(true);
  expect(bettors).toContainEqual(expect.objectContaining({ playerId: player.id, account: player.username }));

  // manifest.json: its SHA-256 is the checksum the row shows.
  const manifestDownload = admin.waitForEvent('download');
  await row.getByRole('button', { name: `Baixar manifest.json de ${today} versão 1` }).click();
  const manifest = fs.readFileSync(await (await manifestDownload).path());
  const checksum = await row.locator('.compliance-checksum').getAttribute('title');
  expect(crypto.createHash('sha256').update(manifest).digest('hex')).toBe(checksum);
  expect(JSON.parse(manifest.toString('utf8'))).toMatchObject({ operatorDay: today, timeZone: TZ, version: 1 });
});

test('a re-run with a reason adds a version beside the first', async () => {
  await runRow(admin, today, 1)
    .getByRole('button', { name: `Reexecutar a exportação de ${today} (após a versão 1)` })
    .click();
  const dialog = admin.getByRole('dialog', { name: `Reexecutar a exportação de ${today}` });
  await dialog.getByLabel('Motivo').fill('o regulador pediu o arquivo de novo');
  await dialog.getByRole('button', { name: 'Reexecutar' }).click();
  await expect(dialog).toBeHidden();
  await expect(runRow(admin, today, 2)).toContainText('reexecutada');
  await expect(runRow(admin, today, 1)).toBeVisible();
});

test('the audit chain check passes, and both screens hold at 360 px', async () => {
  await openFromSidebar(admin, 'Registro de auditoria');
  await admin.getByRole('button', { name: 'Verificar a cadeia de auditoria' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Cadeia íntegra' })).toBeVisible();
  await checkBackofficePage(admin, 'audit-chain-1366', SHOTS);

  // The same tab on a phone: the check again, then the exports from the drawer's menu.
  const phone = admin;
  await phone.setViewportSize({ width: 360, height: 900 });
  await phone.getByRole('button', { name: 'Verificar a cadeia de auditoria' }).click();
  await expect(phone.getByRole('status').filter({ hasText: 'Cadeia íntegra' })).toBeVisible();
  await checkBackofficePage(phone, 'audit-chain-360', SHOTS);
  await openFromSidebar(phone, 'Exportações ao regulador');
  await expect(runRow(phone, today, 2)).toBeVisible();
  await checkBackofficePage(phone, 'exports-360', SHOTS);
});
