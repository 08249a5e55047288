import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { EXTRA_PORTS, ROOT, type ExtraServer } from './support/servers';
import { checkBackofficePage, operatorPage, signInOperator, startBackofficeServer } from './support/backoffice';

/**
 * The back-office shell: the sidebar shows only the screens the role may open, an unknown path
 * is the 404 page (not a redirect), theme and language switch, the layout holds at 1366, 1024
 * and 390 px (a drawer on phones), and the session warns before it ends: this server's operator
 * sessions end after 5 minutes 20 s unused, so the 5-minute warning shows 20 s after the last use.
 * (Long enough that no other test here sits that long without a call; it was 30 s.)
 */
const SHOTS = path.join(ROOT, 'test-results', 'backoffice-shell');

const check = (page: Page, name: string): Promise<void> => checkBackofficePage(page, name, SHOTS);
/** Warned 5 minutes before, so shown 20 s after the last use (the watch's WARN_BEFORE_MS). */
const IDLE_SECONDS = 320;

let server: ExtraServer;
/**
 * One tab per role, signed in once for the file's tests, which move between screens by the sidebar
 * and resize the tab. The support tab opens first and then waits unused while the admin's tests run,
 * so its session's warning is near (or showing) when the session test comes to it.
 */
let admin: Page;
let support: Page;

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Back office' });
}

test.describe('back-office shell', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(150_000);

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(240_000);
    server = await startBackofficeServer('backoffice-shell', EXTRA_PORTS.backofficeShell, {
      roles: ['admin', 'support'],
      env: { OPERATOR_SESSION_IDLE_SECONDS: String(IDLE_SECONDS) },
    });
    support = await operatorPage(browser, { baseURL: server.baseURL, role: 'support', width: 1366, height: 860 });
    admin = await operatorPage(browser, { baseURL: server.baseURL, role: 'admin', width: 1024, height: 768 });
  });
  test.afterAll(async () => {
    await Promise.all([admin?.context().close(), support?.context().close()]);
    await server?.stop();
  });

  test('theme and language switch; keyboard skip link; 1024 px', async () => {
    // The admin's tab as it was just loaded: nothing focused yet.
    const page = admin;
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await check(page, 'home-admin-1024');

    await page.getByRole('button', { name: 'Tema claro' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByLabel('Idioma').selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(sidebar(page).getByRole('link', { name: 'Operators' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await check(page, 'home-admin-light-en-1024');
    // Both are remembered by this browser.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Light theme' }).click();
    await page.getByLabel('Language').selectOption('pt');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('on a phone the navigation is a drawer (390 px)', async () => {
    const page = admin;
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(sidebar(page)).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await check(page, 'home-admin-390');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
    await check(page, 'drawer-admin-390');
    // Keyboard users land in the drawer; Escape closes it and returns to the menu button.
    await expect(sidebar(page).getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toBeFocused();
    await menu.click();
    await sidebar(page).getByRole('button', { name: 'Fechar menu' }).click();
    await expect(sidebar(page)).toBeHidden();
    await menu.click();
    await sidebar(page).getByRole('link', { name: 'Operadores' }).click();
    await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeVisible();
    await expect(sidebar(page)).toBeHidden();
    await check(page, 'operators-admin-390');
  });

  test('a list keeps its sort and page size in the URL and exports the filtered rows as CSV (the audit log, 1366 px)', async () => {
    const page = admin;
    await page.setViewportSize({ width: 1366, height: 860 });
    await sidebar(page).getByRole('link', { name: 'Registro de auditoria' }).click();
    const table = page.getByRole('table', { name: 'Entradas do registro de auditoria' });
    // The enrolments of this suite's operators are in the log.
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const at = table.getByRole('columnheader', { name: /Horário/ });
    await expect(at).toHaveAttribute('aria-sort', 'descending');
    await at.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]sort=at&order=asc/);
    await expect(at).toHaveAttribute('aria-sort', 'ascending');
    await page.getByLabel('Linhas por página').selectOption('20');
    await expect(page).toHaveURL(/pageSize=20/);
    await check(page, 'list-sorted-1366');
    // A reload keeps the view: the state is the URL's.
    await page.reload();
    await expect(table.getByRole('columnheader', { name: /Horário/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByLabel('Linhas por página')).toHaveValue('20');

    // The export carries the token in a header, never in its URL.
    const requested = page.waitForRequest((r) => r.url().includes('/ops/audit/csv'));
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const request = await requested;
    expect(request.url()).toContain('sort=at&order=asc');
    expect(request.url()).not.toMatch(/ops_|token/);
    expect(request.headers()['authorization']).toMatch(/^Bearer ops_/);
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = await download.path();
    const text = fs.readFileSync(file, 'utf8');
    expect(text.split('\n').length).toBeGreaterThan(1);
  });

  test('the session warns before it ends unused, and "stay signed in" moves the end on', async () => {
    // The support tab has been left alone since it was opened before the admin's tests: its warning
    // may be showing already.
    const page = support;
    const token = await page.evaluate(() => window.sessionStorage.getItem('wps.backoffice.token'));
    const expiryOf = async () => {
      const answer = await page.request.get(`${server.baseURL}/ops/session/expiry`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { value: { idleExpiresAt: string } }).value.idleExpiresAt;
    };
    const before = await expiryOf();
    // 20 s after the last use the banner says when the session ends.
    const banner = page.getByRole('region', { name: 'Sessão' });
    await expect(banner).toBeVisible({ timeout: 90_000 });
    await expect(banner.getByRole('alert')).toContainText('Sua sessão termina às');
    await check(page, 'session-warning-1366');
    // Reading the expiry did not move it: only use does.
    expect(await expiryOf()).toBe(before);

    await banner.getByRole('button', { name: 'Continuar conectado' }).click();
    await expect(banner).toBeHidden();
    expect(Date.parse(await expiryOf())).toBeGreaterThan(Date.parse(before));
  });
  test('an admin sees every built screen; a support operator only theirs; unknown paths are a 404 page (1366 px)', async () => {
    // Last on the admin's tab: it signs out.
    const page = admin;
    await page.setViewportSize({ width: 1366, height: 860 });
    await sidebar(page).getByRole('link', { name: 'Painel' }).click();
    await expect(page).toHaveURL(/\/backoffice\/?$/);
    await expect(sidebar(page).getByRole('link', { name: 'Operadores' })).toBeVisible();
    await check(page, 'home-admin-1366');

    await sidebar(page).getByRole('link', { name: 'Operadores' }).click();
    await expect(page).toHaveURL(/\/backoffice\/operators$/);
    await expect(page.getByRole('heading', { name: 'Operadores', level: 1 })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Operadores' })).toHaveAttribute('aria-current', 'page');

    // The queues: money's three screens, the points mall's redemptions, the held rewards and the set-up approvals, under their heading.
    const queues = sidebar(page).getByRole('list', { name: 'Filas' });
    await expect(queues.getByRole('link')).toHaveText([
      'Depósitos',
      'Saques',
      'Transferências de fornecedor',
      'Trocas de pontos',
      'Recompensas retidas',
      'Aprovações de configurações',
    ]);
    // The rewards: the engine, missions, the programmes, promotions and loyalty.
    await expect(sidebar(page).getByRole('list', { name: 'Recompensas' }).getByRole('link')).toHaveText([
      'Motor de recompensas',
      'Missões',
      'Programas de recompensas',
      'Solicitações de promoções',
      'Atividade das promoções',
      'Sorteios',
      'Pontos e VIP',
    ]);
    await queues.getByRole('link', { name: 'Saques' }).click();
    await expect(page).toHaveURL(/\/backoffice\/queues\/withdrawals$/);
    await expect(page.getByRole('heading', { name: 'Saques', level: 1 })).toBeVisible();

    // An address with no screen: the 404 page at that address, inside the shell.
    await page.goto(`${server.baseURL}/backoffice/no-such-screen`);
    await expect(page).toHaveURL(/\/backoffice\/no-such-screen$/);
    await expect(page.getByRole('heading', { name: 'Página não encontrada', level: 1 })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    await check(page, 'not-found-admin-1366');

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('heading', { name: 'Entrar no back office' })).toBeVisible();

    await signInOperator(page, { baseURL: server.baseURL, role: 'support' });
    await expect(sidebar(page).getByRole('link', { name: 'Painel' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Operadores' })).toHaveCount(0);
    // Support reads the money queues (money.read) but decides nothing there (their own suite checks the buttons),
    // fulfils points redemptions (loyalty.fulfil) and reads the held rewards (rewards.read).
    await expect(sidebar(page).getByRole('list', { name: 'Filas' }).getByRole('link')).toHaveText([
      'Depósitos',
      'Saques',
      'Transferências de fornecedor',
      'Trocas de pontos',
      'Recompensas retidas',
    ]);
    // The rewards screens support may read (rewards.read, loyalty.read); promotions are marketing's.
    await expect(sidebar(page).getByRole('list', { name: 'Recompensas' }).getByRole('link')).toHaveText([
      'Motor de recompensas',
      'Missões',
      'Programas de recompensas',
      'Pontos e VIP',
    ]);
    // Missions read-only (rewards.write is marketing's): no new mission.
    await sidebar(page).getByRole('link', { name: 'Missões', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Missões', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Missões diárias', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nova missão' })).toHaveCount(0);
    // Typed by hand, the screen says the role may not use it.
    await page.goto(`${server.baseURL}/backoffice/operators`);
    await expect(page.getByRole('heading', { name: 'Indisponível para a sua função', level: 1 })).toBeVisible();
  });
});
