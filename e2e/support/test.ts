import { test as base } from '@playwright/test';

// Every spec imports `test` from here instead of '@playwright/test'. Playwright closes the
// contexts of its own `context` and `page` fixtures after each test, but not those a test opens
// itself with `browser.newContext()` (a second player, an operator's back office): they stay open
// with their pages until the worker's browser closes, still polling and animating, and on a
// two-core machine a few dozen of them slowed the whole suite to a crawl. This fixture closes
// every context a test opened, once the test is over. Contexts opened in a beforeAll hook are
// older than the test and stay.
// Local exports shadow the star export, so `test` is this one and everything else is Playwright's.
export * from '@playwright/test';

export const test = base.extend<{ closeContextsOpenedByTheTest: void }>({
  closeContextsOpenedByTheTest: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
