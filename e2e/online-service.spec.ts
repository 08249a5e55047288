import path from 'node:path';
import { expect, test, type Page } from './support/test';
import {
  EXTRA_PORTS,
  ROOT,
  expectNoSeriousA11yViolations,
  runOps,
  startServer,
  type ExtraServer,
} from './support/servers';
import { saveScreenshot } from './support/screenshots';

/**
 * The online-service list on the registration page, as the operator's settings hold it: a chat
 * (type 3) opens in a 440×500 window at the click, is sent to the address the server answers, and
 * the window closes when that answer cannot be had; an entry switched off is not listed. The
 * operator's switch for movable dialogs is off on this server: its dialogs have no move control.
 */

const SHOTS = path.join(ROOT, 'test-results', 'online-service');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: ExtraServer;

test.beforeAll(async () => {
  const baseURL = `http://127.0.0.1:${EXTRA_PORTS.onlineService}`;
  server = await startServer('online-service', EXTRA_PORTS.onlineService, (dataDir) => {
    // The operator's switch for movable dialogs, off here (the main server keeps the default, on).
    runOps(dataDir, ['config:set', 'modalsDraggable', 'false']);
    runOps(dataDir, [
      'config:set',
      'customerService',
      JSON.stringify([
        // The chat is this site's own help centre, so the window has a page to show here.
        { csType: 'LIVECHAT', name: 'Chat ao vivo', path: `${baseURL}/helpmc`, openAs: 'chat', vipOnly: false },
        { csType: 'EMAIL', name: 'E-mail', path: 'mailto:suporte@lumenbet.example', openAs: 'email', vipOnly: false },
        {
          csType: 'TELEGRAM',
          name: 'Telegram',
          path: 'https://t.me/lumenbet',
          openAs: 'link',
          vipOnly: false,
          enabled: false,
        },
      ]),
    ]);
  });
});

test.afterAll(async () => {
  await server?.stop();
});

const contacts = (page: Page) => page.getByRole('region', { name: 'Ainda precisa de ajuda?' });

test('a chat opens in its 440×500 window, which closes when its address cannot be fetched', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${server.baseURL}/register`);
  const chat = contacts(page).getByRole('link', { name: /Chat ao vivo/ });
  await expect(chat).toContainText('Abre o chat em uma janela');
  await expect(contacts(page).getByRole('link')).toHaveCount(2);
  await expect(contacts(page).getByRole('link', { name: /Telegram/ })).toHaveCount(0);

  const opened = page.waitForEvent('popup');
  await chat.click();
  const popup = await opened;
  await expect(popup.getByRole('heading', { name: 'Central de ajuda', level: 1 })).toBeVisible();
  expect(popup.url()).toBe(`${server.baseURL}/helpmc`);
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([440, 500]);
  await popup.close();

  // The address cannot be had (the network fails): the window opened at the click closes again.
  await page.route('**/wps/system/onlineService/target**', (route) => route.abort('failed'));
  const failing = page.waitForEvent('popup');
  await chat.click();
  const closing = await failing;
  if (!closing.isClosed()) await closing.waitForEvent('close');
  expect(closing.isClosed()).toBe(true);
  await page.unroute('**/wps/system/onlineService/target**');
  await saveScreenshot(page, { path: path.join(SHOTS, 'register-1366.png') });
  await expectNoSeriousA11yViolations(page, 'online service 1366');

  await page.setViewportSize({ width: 360, height: 760 });
  await expect(contacts(page).getByRole('link')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'online service 360');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test("with the operator's switch off, a dialog has no move control and its header does not move it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${server.baseURL}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Verificar velocidade da conexão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Velocidade da conexão' });
  await expect(dialog).toBeVisible();
  // The addresses load and their pings settle first: the dialog's size changes with them, and a
  // box measured mid-load would differ from one measured after for a reason other than a drag.
  await expect(dialog.getByText('Carregando os endereços')).toHaveCount(0);
  await expect(dialog.getByText('Medindo')).toHaveCount(0);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await expect(dialog.getByRole('button', { name: 'Mover janela' })).toHaveCount(0);
  const before = await dialog.boundingBox();
  const title = (await dialog.getByRole('heading', { name: 'Velocidade da conexão' }).boundingBox())!;
  await page.mouse.move(title.x + 10, title.y + 10);
  await page.mouse.down();
  await page.mouse.move(title.x - 190, title.y - 90, { steps: 5 });
  await page.mouse.up();
  expect(await dialog.boundingBox()).toEqual(before);
});
