import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * Keep a look of the page for a person to review (test-results/<suite>/…png), when the run asks for
 * them with E2E_SCREENSHOTS=1. A screenshot asserts nothing, and each costs the run up to a second
 * of a busy core, so `npm test` and CI take none; a test that fails still gets Playwright's own
 * screenshot of the moment (playwright.config.ts, `screenshot: 'only-on-failure'`).
 */
export async function saveScreenshot(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  await page.screenshot(options);
}
