import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { callApi, fieldLabel } from './support/setup';
import {
  BACKOFFICE_OPERATORS,
  checkBackofficePage,
  newBackofficePage,
  signInOperator,
  startBackofficeServer,
  type BackofficeRole,
} from './support/backoffice';
import { operatorLogin } from './support/operators';
import { makePng } from './support/png';

/**
 * The back office's Content screen, against the players' API:
 * - marketing creates a banner for w_home with an uploaded PNG, scheduled to start tomorrow; the
 *   preview shows the picture at its size and the body after sanitising (a typed <script> neither
 *   runs nor appears); once published it is not live until due; with its start moved to the past
 *   it is live (with the picture's size); archived, it is gone;
 * - marketing creates and publishes an announcement, which players get from MCSFE_getListAnnouncements;
 *   each publish is in the audit log with its reason;
 * - a GIF called a PNG is refused by the server with a translated message;
 * - support reads the list without any create, edit or status button;
 * - axe-clean at 1366 and 1024 px for the list, the form dialog and the preview, and the list in the
 *   light theme; the list fits without scrolling sideways at both widths.
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-content');
const PORT = EXTRA_PORTS.backofficeContent;
/** The operator's zone (the back office's default): no daylight saving, UTC−3. */
const ZONE_OFFSET_MS = -3 * 60 * 60 * 1000;
const BANNER_PT = 'Boas-vindas e2e';
const NOTICE_PT = 'Manutenção programada e2e';

let server: ExtraServer;

/** A `datetime-local` value `hours` from now in the operator's zone. */
function localIn(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000 + ZONE_OFFSET_MS).toISOString().slice(0, 16);
}

async function openContent(browser: Browser, role: BackofficeRole, width = 1366): Promise<Page> {
  const page = await newBackofficePage(browser, width);
  await signInOperator(page, { baseURL: server.baseURL, role });
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Conteúdo', exact: true })
    .click();
  await expect(page).toHaveURL(/\/backoffice\/content/);
  await expect(page.getByRole('heading', { name: 'Conteúdo', level: 1 })).toBeVisible();
  return page;
}

async function liveBanners(
  request: APIRequestContext,
): Promise<{ title: string; url: string; width: number; height: number }[]> {
  const response = await request.get(`${server.baseURL}/wps/content/banners?group=w_home`, {
    headers: { language: 'PT' },
  });
  const body = (await response.json()) as {
    success: boolean;
    value: { list: { title: string; url: string; width: number; height: number }[] };
  };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.list;
}

async function changeStatus(page: Page, title: string, action: string, reason: string, shown: string): Promise<void> {
  const row = page.getByRole('row', { name: new RegExp(title) });
  await row.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Motivo').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(title) }).getByText(shown, { exact: true })).toBeVisible();
}

test.describe('back-office content', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-content', PORT, { roles: ['admin', 'support', 'marketing'] });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a scheduled banner with an uploaded picture: previewed sanitised, live only when due, gone when archived', async ({
    browser,
    request,
  }) => {
    const page = await openContent(browser, 'marketing');
    await checkBackofficePage(page, 'list-1366', SHOTS);

    await page.getByRole('button', { name: 'Novo item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo item: banner' });
    await expect(dialog.getByLabel(fieldLabel('Grupo'))).toHaveValue('w_home');
    // A banner needs its picture: the form says so before anything is sent.
    await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(dialog.getByText('Banners precisam de uma imagem.')).toBeVisible();

    await dialog
      .getByLabel('Imagem')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(40, 20) });
    await expect(dialog.getByTestId('content-image')).toContainText('40 × 20 px');
    await dialog.getByLabel('Publicar a partir de').fill(localIn(48));
    await dialog.getByLabel(fieldLabel('Título (PT)')).fill(BANNER_PT);
    await dialog
      .getByLabel('Corpo em HTML (PT)')
      .fill('<p>Olá <strong>jogador</strong></p><script>window.__xss = 1</script>');
    await dialog.getByRole('tab', { name: /Inglês/ }).click();
    await dialog.getByLabel(fieldLabel('Título (EN)')).fill('Welcome e2e');
    await dialog.getByLabel('Corpo em HTML (EN)').fill('<p>Hello <em>player</em></p>');
    await dialog.getByLabel(fieldLabel('Motivo da mudança')).fill('e2e: welcome campaign');
    await checkBackofficePage(page, 'dialog-1366', SHOTS);

    await dialog.getByRole('button', { name: 'Pré-visualizar', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Pré-visualização como os jogadores verão' });
    await preview.getByRole('tab', { name: 'Português' }).click();
    const shown = preview.getByTestId('content-preview');
    await expect(shown.getByRole('heading', { name: BANNER_PT })).toBeVisible();
    await expect(shown.locator('strong')).toHaveText('jogador');
    await expect(shown.locator('script')).toHaveCount(0);
    await expect(preview.getByTestId('content-preview-body')).not.toContainText('__xss');
    const image = shown.getByRole('img', { name: BANNER_PT });
    await expect(image).toHaveAttribute('width', '40');
    await expect(image).toHaveAttribute('src', /^\/wps\/content\/images\/[0-9a-f]{64}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await checkBackofficePage(page, 'preview-1366', SHOTS);
    await preview.getByRole('button', { name: 'Fechar' }).click();

    await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('row', { name: new RegExp(BANNER_PT) });
    await expect(row.getByText('Rascunho', { exact: true })).toBeVisible();
    // The group by its name, its code in the title.
    await expect(row.getByTitle('w_home')).toHaveText('Página inicial');

    await changeStatus(page, BANNER_PT, 'Publicar', 'e2e: campaign approved', 'Publicado');
    // Every column in view at 1366 px, none behind a sideways scroll.
    expect(
      await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth),
      'the list scrolls sideways',
    ).toBeLessThanOrEqual(0);
    // Published, but its start is tomorrow: players do not get it yet.
    expect((await liveBanners(request)).map((b) => b.title)).not.toContain(BANNER_PT);

    await row.getByRole('button', { name: `Editar ${BANNER_PT}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar “${BANNER_PT}”` });
    await expect(edit.getByTestId('content-image')).toContainText('40 × 20 px');
    await edit.getByLabel('Publicar a partir de').fill(localIn(-1));
    await edit.getByLabel(fieldLabel('Motivo da mudança')).fill('e2e: start now');
    await edit.getByRole('button', { name: 'Salvar mudanças' }).click();
    await expect(edit).toHaveCount(0);
    await expect
      .poll(async () => (await liveBanners(request)).find((b) => b.title === BANNER_PT) ?? null)
      .toMatchObject({ width: 40, height: 20 });
    const live = (await liveBanners(request)).find((b) => b.title === BANNER_PT)!;
    const picture = await request.get(`${server.baseURL}${live.url}`);
    expect(picture.status()).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/png');

    await changeStatus(page, BANNER_PT, 'Arquivar', 'e2e: campaign over', 'Arquivado');
    await expect.poll(async () => (await liveBanners(request)).map((b) => b.title)).not.toContain(BANNER_PT);
    await page.context().close();
  });

  test('an announcement published in the back office reaches players; every publish is audited', async ({
    browser,
    request,
  }) => {
    const page = await openContent(browser, 'marketing');
    await page.getByRole('tab', { name: 'Avisos' }).click();
    await expect(page).toHaveURL(/kind=announcement/);
    await page.getByRole('button', { name: 'Novo item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo item: aviso' });
    await dialog.getByLabel(fieldLabel('Grupo')).selectOption('PL');
    await dialog.getByLabel(fieldLabel('Título (PT)')).fill(NOTICE_PT);
    await dialog.getByLabel('Corpo em HTML (PT)').fill('<p>Das 2h às 3h.</p>');
    // The English words are missing: the form opens their tab with the error.
    await dialog.getByLabel(fieldLabel('Motivo da mudança')).fill('e2e: maintenance notice');
    await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(dialog.getByRole('tab', { name: /Inglês/ })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByLabel(fieldLabel('Título (EN)')).fill('Planned maintenance e2e');
    await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(dialog).toHaveCount(0);
    await changeStatus(page, NOTICE_PT, 'Publicar', 'e2e: notice approved', 'Publicado');

    const response = await request.post(`${server.baseURL}/wps/relay/MCSFE_getListAnnouncements`, {
      data: {},
      headers: { language: 'PT' },
    });
    const body = (await response.json()) as { success: boolean; value: { list: { title: string; type: string }[] } };
    expect(body.success, JSON.stringify(body)).toBe(true);
    expect(body.value.list).toContainEqual(expect.objectContaining({ title: NOTICE_PT, type: 'PL' }));

    const token = await operatorLogin(
      request,
      server.baseURL,
      BACKOFFICE_OPERATORS.admin.username,
      BACKOFFICE_OPERATORS.admin.password,
    );
    const audit = await callApi<{ list: { reason: string | null; subjectType: string }[] }>(
      { request, baseURL: server.baseURL, token: `Bearer ${token}` },
      'GET',
      '/ops/audit?action=content.publish',
    );
    expect(audit.list.map((entry) => entry.reason)).toEqual(
      expect.arrayContaining(['e2e: campaign approved', 'e2e: notice approved']),
    );
    await page.context().close();
  });

  test('support reads the content without changing it', async ({ browser }) => {
    const page = await openContent(browser, 'support');
    await expect(page.getByText('Você pode ler o conteúdo, mas não alterá-lo.')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(BANNER_PT) });
    await expect(row).toBeVisible();
    await expect(page.getByRole('button', { name: 'Novo item' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^(Editar|Publicar|Arquivar|Voltar a rascunho)/ })).toHaveCount(0);
    await row.getByRole('button', { name: `Pré-visualizar ${BANNER_PT}` }).click();
    await expect(
      page
        .getByRole('dialog', { name: 'Pré-visualização como os jogadores verão' })
        .getByRole('heading', { name: BANNER_PT }),
    ).toBeVisible();
    await page.context().close();
  });

  test('axe-clean at 1024 px: the list, the form and the preview', async ({ browser }) => {
    const page = await openContent(browser, 'marketing', 1024);
    await expect(page.getByRole('row', { name: new RegExp(BANNER_PT) })).toBeVisible();
    expect(
      await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth),
      'the list scrolls sideways',
    ).toBeLessThanOrEqual(0);
    await checkBackofficePage(page, 'list-1024', SHOTS);
    await page.getByRole('button', { name: 'Novo item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo item: banner' });
    // A GIF called a PNG: the server reads its bytes and refuses it; the error is translated.
    await dialog.getByLabel('Imagem').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
        'latin1',
      ),
    });
    const refused = dialog.getByRole('alert').filter({ hasText: /imagem.*png/i });
    await expect(refused).toBeVisible();
    await expect(dialog.getByTestId('content-image')).toHaveCount(0);
    await dialog
      .getByLabel('Imagem')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: makePng(40, 20) });
    await expect(dialog.getByTestId('content-image')).toBeVisible();
    await expect(refused).toHaveCount(0);
    await dialog.getByLabel(fieldLabel('Título (PT)')).fill('Prévia e2e');
    await dialog.getByLabel('Corpo em HTML (PT)').fill('<p>Texto <a href="/promotions">promoções</a></p>');
    await checkBackofficePage(page, 'dialog-1024', SHOTS);
    await dialog.getByRole('button', { name: 'Pré-visualizar', exact: true }).click();
    await expect(
      page.getByRole('dialog', { name: 'Pré-visualização como os jogadores verão' }).getByTestId('content-preview'),
    ).toBeVisible();
    await checkBackofficePage(page, 'preview-1024', SHOTS);
    // The light theme reads as well: the list with its status badges.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Tema claro' }).click();
    await checkBackofficePage(page, 'list-1024-light', SHOTS);
    await page.context().close();
  });
});
