import path from 'node:path';
import jsQR from 'jsqr';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';
import { BACKOFFICE_OPERATORS, startBackofficeServer } from './support/backoffice';
import { operatorLogin } from './support/operators';
import { FOUR_LOOKS, fitsWidth, lookLabel, storeLook, viewportOf } from './support/looks';
import { makePng } from './support/png';
import { EXTRA_PORTS, ROOT, expectNoSeriousA11yViolations, type ExtraServer } from './support/servers';
import { disableRegisterCaptcha, signedInNewPlayer } from './support/setup';
import { saveScreenshot } from './support/screenshots';

/**
 * App download and customer service on the player site, set up by an operator through the ops
 * API: the right bar's download modal with a QR code that decodes to the operator's Android link
 * (and a note for iOS, which has none), /down with both tabs under its w_down banner, the
 * customer-service entries of every kind (the popup at 440×750), the VIP entry shown only above
 * club rank level 4, and /helpmc standing alone; axe at 360 and 1366 px in both themes and languages.
 */

const SHOTS = path.join(ROOT, 'test-results', 'download');
const PASSWORD = 'Download2026x';
const ANDROID_LINK = 'https://downloads.lumenbet.example/app/lumenbet-2.4.1.apk';
const VIP_LINK = 'https://t.me/lumenbet_vip';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ExtraServer;
let baseURL: string;

type Envelope<T> = { success: boolean; value: T };

async function opsCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  server = await startBackofficeServer('download', EXTRA_PORTS.download, {
    roles: ['admin'],
    configure: disableRegisterCaptcha,
  });
  baseURL = server.baseURL;
  const { username, password } = BACKOFFICE_OPERATORS.admin;
  const token = await operatorLogin(request, baseURL, username, password);
  const settings = await opsCall<{ versions: Record<string, string> }>(request, token, 'GET', '/ops/site-settings');
  await opsCall(request, token, 'PUT', '/ops/site-settings', {
    changes: {
      customerService: {
        value: [
          // The chat window is this site's own help centre, so the popup has a page to show here.
          { csType: 'LIVECHAT', name: 'Chat ao vivo', path: `${baseURL}/helpmc`, openAs: 'popup', vipOnly: false },
          { csType: 'WHATSAPP', name: 'WhatsApp', path: 'https://wa.me/5511999990000', openAs: 'link', vipOnly: false },
          { csType: 'EMAIL', name: 'E-mail', path: 'mailto:suporte@lumenbet.example', openAs: 'email', vipOnly: false },
          { csType: 'PHONE', name: 'Telefone', path: 'tel:+55-11-4000-1234', openAs: 'phone', vipOnly: false },
          { csType: 'VIP', name: 'Gerente VIP', path: VIP_LINK, openAs: 'link', vipOnly: true },
        ],
        version: settings.versions.customerService,
      },
      // An Android app and no iOS profile.
      resources: {
        value: [{ resourceType: 'ANDROID', labelNameEn: 'Android app', url: ANDROID_LINK, qrCodeUrl: null }],
        version: settings.versions.resources,
      },
    },
    reason: 'app download and support channels for the e2e suite',
  });
  const image = await opsCall<{ name: string }>(request, token, 'POST', '/ops/content/images', {
    dataUrl: `data:image/png;base64,${makePng(1200, 400, [40, 120, 200]).toString('base64')}`,
  });
  const banner = await opsCall<{ id: string }>(request, token, 'PUT', '/ops/content', {
    kind: 'banner',
    groupCode: 'w_down',
    sortOrder: 0,
    publishFrom: null,
    publishUntil: null,
    linkage: null,
    imageName: image.name,
    translations: { PT: { title: 'Baixe e ganhe', bodyHtml: '' }, EN: { title: 'Download and win', bodyHtml: '' } },
    reason: 'download banner',
  });
  await opsCall(request, token, 'PUT', `/ops/content/${banner.id}/status`, { status: 'published', reason: 'go live' });
});

test.afterAll(async () => {
  await server?.stop();
});

/**
 * The text a QR code on the page encodes: the code's SVG drawn on a canvas in the page (a data:
 * image, which the site's CSP allows), its pixels decoded here with jsQR as a phone camera would.
 */
async function decodeQr(qr: Locator): Promise<string | null> {
  const { size, bits } = await qr.evaluate(async (svg) => {
    const scale = 3;
    const margin = 12;
    const drawn = svg.getBoundingClientRect().width * scale;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = drawn + margin * 2;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingEnabled = false;
    context.drawImage(image, margin, margin, drawn, drawn);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    // One character per pixel, dark or light: a few hundred kilobytes instead of megabytes of JSON numbers.
    let text = '';
    for (let i = 0; i < data.length; i += 4) text += data[i]! + data[i + 1]! + data[i + 2]! < 384 ? '1' : '0';
    return { size: canvas.width, bits: text };
  });
  const rgba = new Uint8ClampedArray(size * size * 4);
  for (let i = 0; i < bits.length; i += 1)
    rgba.fill(bits[i] === '1' ? 0 : 255, i * 4, i * 4 + 3).fill(255, i * 4 + 3, i * 4 + 4);
  return jsQR(rgba, size, size)?.data ?? null;
}

const sideMenu = (page: Page) => page.getByRole('complementary', { name: 'Menu principal' });
const rightBar = (page: Page) => page.getByRole('navigation', { name: 'Atalhos' });

test('customer service: a link, a 440×750 chat popup, e-mail and phone; the VIP entry only above club rank level 4', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  const player = await signedInNewPlayer(page, baseURL, { prefix: 'dl', password: PASSWORD });
  const menu = sideMenu(page);
  await expect(menu.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/5511999990000');
  await expect(menu.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('target', '_blank');
  await expect(menu.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', 'mailto:suporte@lumenbet.example');
  await expect(menu.getByRole('link', { name: 'Telefone' })).toHaveAttribute('href', 'tel:+55-11-4000-1234');
  await expect(menu.getByRole('link', { name: 'Baixar o app' })).toHaveAttribute('href', '/down');
  await expect(menu.getByRole('link', { name: 'Gerente VIP' })).toHaveCount(0);

  // The right bar's labels break between words, never inside one ("Atendiment/o"), and each word fits its entry.
  const brokenWords = await rightBar(page).evaluate((bar) =>
    [...bar.querySelectorAll<HTMLElement>('.right-bar__text')].flatMap((label) => {
      const text = label.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const room = label.closest<HTMLElement>('.right-bar__item')!.clientWidth;
      const broken: string[] = [];
      for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (range.getClientRects().length > 1 || range.getBoundingClientRect().width > room) broken.push(match[0]);
      }
      return broken;
    }),
  );
  expect(brokenWords).toEqual([]);

  // The right bar's customer service is the first entry: the chat, in its 440×750 window.
  const chat = rightBar(page).getByRole('link', { name: 'Atendimento', exact: true });
  const popupOpened = page.waitForEvent('popup');
  await chat.click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Central de ajuda', level: 1 })).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([440, 750]);
  await popup.close();
  // The same entry from the side menu opens the same way.
  const again = page.waitForEvent('popup');
  await menu.getByRole('link', { name: 'Chat ao vivo' }).click();
  expect((await again).url()).toBe(`${baseURL}/helpmc`);

  // Club ranks come with the VIP levels (the rewards engine): until then every member's clubLabel is null, so
  // the member info the page reads is given a rank here, as the VIP module will give it.
  let rankLevel = 4;
  await page.route(`${baseURL}/wps/member/info`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Envelope<Record<string, unknown>>;
    body.value.clubLabel = { labelName: 'Diamante', color: '#5b3df5', color2: '#1c5fd6', rankLevel };
    await route.fulfill({ response, json: body });
  });
  const accountMenu = page.getByRole('button', { name: `Menu da conta ${player.username}` });
  const infoRead = page.waitForResponse(`${baseURL}/wps/member/info`);
  await page.reload();
  await infoRead;
  await expect(accountMenu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Telefone' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Gerente VIP' })).toHaveCount(0);
  await expect(rightBar(page).getByRole('link', { name: 'Atendimento', exact: true })).toBeVisible();

  rankLevel = 5;
  await page.reload();
  await expect(menu.getByRole('link', { name: 'Gerente VIP' })).toHaveAttribute('href', VIP_LINK);
  // The VIP desk comes first, and is what the right bar's customer service opens.
  const names = (await menu.getByRole('link').allInnerTexts()).map((name) => name.trim());
  expect(names.indexOf('Gerente VIP')).toBeGreaterThanOrEqual(0);
  expect(names.indexOf('Gerente VIP')).toBeLessThan(names.indexOf('Chat ao vivo'));
  const vip = rightBar(page).getByRole('link', { name: 'Atendimento VIP' });
  await expect(vip).toHaveAttribute('href', VIP_LINK);
  await expect(vip).toHaveAttribute('target', '_blank');
  await saveScreenshot(page, { path: path.join(SHOTS, 'vip-1366.png') });
});

test("download: the modal's QR code decodes to the Android link, iOS explains there is none; /down has both tabs under its banner", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${baseURL}/`);
  await rightBar(page).getByRole('button', { name: 'Baixar o app' }).click();
  const modal = page.getByRole('dialog', { name: 'Baixe o app' });
  await expect(modal.getByRole('tab', { name: 'Android' })).toHaveAttribute('aria-selected', 'true');
  await expect(modal.getByRole('tabpanel').getByRole('listitem')).toHaveCount(4);
  const qr = modal.getByRole('img', { name: 'Código QR do link do app para Android' });
  expect(await qr.evaluate((svg) => [svg.getAttribute('width'), svg.getAttribute('height')])).toEqual(['100', '100']);
  expect(await decodeQr(qr)).toBe(ANDROID_LINK);
  await expect(modal.getByRole('link', { name: 'Baixar para Android' })).toHaveAttribute('href', ANDROID_LINK);
  await modal.getByRole('tab', { name: 'iOS' }).click();
  await expect(modal.getByRole('tabpanel').getByRole('listitem')).toHaveCount(4);
  await expect(modal.getByRole('note')).toHaveText(/O app para iPhone ainda não está disponível/);
  await expect(modal.getByRole('img')).toHaveCount(0);
  await saveScreenshot(page, { path: path.join(SHOTS, 'modal-ios-1366.png') });
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);

  // /down from the side menu: a game page (no side menu) under its own banner; /download leads there too.
  await sideMenu(page).getByRole('link', { name: 'Baixar o app' }).click();
  await expect(page).toHaveURL(`${baseURL}/down`);
  await expect(page.getByRole('heading', { name: 'Baixe o app', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Baixe e ganhe' })).toBeVisible();
  await expect(sideMenu(page)).toHaveCount(0);
  expect(await decodeQr(page.getByRole('img', { name: 'Código QR do link do app para Android' }))).toBe(ANDROID_LINK);
  await page.getByRole('tab', { name: 'iOS' }).click();
  await expect(page.getByRole('note')).toHaveText(/O app para iPhone ainda não está disponível/);
  await page.goto(`${baseURL}/download`);
  await expect(page).toHaveURL(`${baseURL}/down`);
});

test('/helpmc: the help centre alone, ending with the contact entries; back to the site', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto(`${baseURL}/helpmc`);
  await expect(page.getByRole('heading', { name: 'Central de ajuda', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const contacts = page.getByRole('region', { name: 'Ainda precisa de ajuda?' });
  await expect(contacts.getByRole('link')).toHaveCount(4);
  await expect(contacts.getByRole('link', { name: /E-mail/ })).toContainText('suporte@lumenbet.example');
  await expect(contacts.getByRole('link', { name: /Telefone/ })).toContainText('+55-11-4000-1234');
  await expect(contacts.getByRole('link', { name: /Chat ao vivo/ })).toContainText('Abre o chat em uma janela');
  await expect(contacts.getByRole('link', { name: /Gerente VIP/ })).toHaveCount(0);
  await saveScreenshot(page, { path: path.join(SHOTS, 'helpmc-360.png'), fullPage: true });
  await page.getByRole('link', { name: 'Voltar ao site' }).last().click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('axe: /helpmc, the download modal and /down at 360 and 1366 px, both themes, PT and EN', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The site's origin without its app (the status call), where the first look is stored.
  await page.goto(`${baseURL}/wps/system/status`);
  for (const look of FOUR_LOOKS) {
    const { width, theme, language } = look;
    const label = lookLabel(look);
    const pt = language === 'PT';
    await page.setViewportSize(viewportOf(width));
    // /helpmc has no header to switch the look in: it is stored, and read by the load below.
    await storeLook(page, look);
    // One page load per look: /helpmc, then the site and /down by its own links.
    await page.goto(`${baseURL}/helpmc`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(
      page.getByRole('heading', { name: pt ? 'Ainda precisa de ajuda?' : 'Still need help?' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/helpmc ${label}`);
    await page
      .getByRole('link', { name: pt ? 'Voltar ao site' : 'Back to the site' })
      .last()
      .click();
    if (width === 1366) {
      // The right bar (tablets and desktops) opens the modal.
      await page
        .getByRole('navigation', { name: pt ? 'Atalhos' : 'Shortcuts' })
        .getByRole('button')
        .click();
      const modal = page.getByRole('dialog', { name: pt ? 'Baixe o app' : 'Get the app' });
      await expect(modal.getByRole('img')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `download modal ${label}`);
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
    } else {
      await expect(page.getByRole('navigation', { name: pt ? 'Atalhos' : 'Shortcuts' })).toBeHidden();
      await page.getByRole('button', { name: 'Menu' }).click();
    }
    await page.getByRole('link', { name: pt ? 'Baixar o app' : 'Get the app' }).click();
    await expect(page.getByRole('heading', { name: pt ? 'Baixe o app' : 'Get the app', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: pt ? 'Baixe e ganhe' : 'Download and win' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/down ${label}`);
    expect(await fitsWidth(page), `/down fits ${label}`).toBe(true);
    if (pt) await saveScreenshot(page, { path: path.join(SHOTS, `down-${width}-${theme}.png`) });
  }
});
