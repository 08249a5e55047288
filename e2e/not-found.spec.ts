import path from 'node:path';
import { expect, test, type Page } from './support/test';
import { ROOT, expectNoSeriousA11yViolations } from './support/servers';
import { saveScreenshot } from './support/screenshots';

/**
 * The 404 page: any path the app has no page for (a typo, a deep unknown path, a planned section
 * not built yet) shows "page not found" in the site's frame, in the player's language, with a
 * way back home, instead of silently landing on the home page.
 */

const SHOTS = path.join(ROOT, 'test-results', 'not-found');

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 1366, height: 860 },
] as const;

async function expectNotFound(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The site's frame stays around it: header and main content landmark.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(title);
}

for (const viewport of VIEWPORTS) {
  test(`an unknown path shows the 404 page with a way home (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/no-such-page');
    await expectNotFound(page, 'Página não encontrada');
    await expect(page.getByText('Erro 404')).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expectNoSeriousA11yViolations(page, `404 ${viewport.width}`);
    await saveScreenshot(page, { path: path.join(SHOTS, `not-found-dark-${viewport.width}.png`) });

    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Página não encontrada');
  });

  test(`a deep unknown path shows the 404 page too (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/some/deep/unknown/path?x=1#top');
    await expectNotFound(page, 'Página não encontrada');
    await expectNoSeriousA11yViolations(page, `deep 404 ${viewport.width}`);
  });
}

test('a section the site does not have shows the 404 page, and client-side navigation reaches it', async ({ page }) => {
  await page.goto('/tournaments');
  await expectNotFound(page, 'Página não encontrada');
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Back returns to the 404 page: the page was not replaced by a redirect.
  await page.goBack();
  await expect(page).toHaveURL(/\/tournaments$/);
  await expectNotFound(page, 'Página não encontrada');
});

test('the 404 page speaks EN for an EN player, in the light theme too', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('lang', 'EN');
    window.localStorage.setItem('hisLang', 'EN');
  });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/tournaments');
    await expectNotFound(page, 'Page not found');
    await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `EN 404 ${viewport.width}`);
  }
  await page.getByRole('banner').getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expectNotFound(page, 'Page not found');
    await expectNoSeriousA11yViolations(page, `EN 404 light ${viewport.width}`);
    await saveScreenshot(page, { path: path.join(SHOTS, `not-found-light-en-${viewport.width}.png`) });
  }
});
