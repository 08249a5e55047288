import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The looks a player-site screen is checked in: a width (a phone's 360 px, a laptop's 1366 px), a
 * theme and a language. The axe check's screen key (a11y.ts) leaves the language out, so of the
 * eight combinations only the four width-and-theme ones are ever judged by axe; FOUR_LOOKS keeps
 * those four and alternates the language between them, so each width, theme and language, and each
 * pair of them (360 px in PT and in EN, the light theme in PT and in EN…), is seen once.
 */

export type Look = { width: number; theme: 'dark' | 'light'; language: 'PT' | 'EN' };

/** Each width, theme and language at least once, and each pair of them once. */
export const FOUR_LOOKS: readonly Look[] = [
  { width: 1366, theme: 'dark', language: 'PT' },
  { width: 1366, theme: 'light', language: 'EN' },
  { width: 360, theme: 'dark', language: 'EN' },
  { width: 360, theme: 'light', language: 'PT' },
];

/** A look's label in an assertion's message or a check's name: "360 light PT". */
export function lookLabel({ width, theme, language }: Look): string {
  return `${width} ${theme} ${language}`;
}

/** The viewport the suites give a width: a phone's is taller. */
export function viewportOf(width: number): { width: number; height: number } {
  return { width, height: width === 360 ? 760 : 860 };
}

/**
 * The theme and language written where the site keeps them; it runs in the page, through
 * page.evaluate or, before a load, page.addInitScript.
 */
export function writeStoredLook([theme, language]: readonly [string, string]): void {
  localStorage.setItem('theme', theme);
  localStorage.setItem('lang', language);
  localStorage.setItem('hisLang', language);
}

/**
 * Store the theme and language as the site does; the next load reads them, as a returning
 * visitor's would (for pages without the header's switches, such as /helpmc).
 */
export async function storeLook(page: Page, { theme, language }: Pick<Look, 'theme' | 'language'>): Promise<void> {
  await page.evaluate(writeStoredLook, [theme, language] as const);
}

/** The site's side menu, in either language: a drawer on phones, beside the page from tablets up. */
export function sideMenu(page: Page): Locator {
  return page.getByRole('complementary', { name: /^(Menu principal|Main menu)$/ });
}

/**
 * Switch the page to a look without loading it again: the theme with the header's button and the
 * language with the side menu's selector, at 1366 px where both are in view, then the width. A
 * dialog open on the page closes at the first click outside it, so a test opens its dialog after.
 */
export async function setLook(page: Page, look: Look): Promise<void> {
  const html = page.locator('html');
  const lang = look.language === 'PT' ? 'pt-BR' : 'en';
  const needsTheme = (await html.getAttribute('data-theme')) !== look.theme;
  const needsLanguage = (await html.getAttribute('lang')) !== lang;
  if (needsTheme || needsLanguage) await page.setViewportSize(viewportOf(1366));
  if (needsTheme) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Tema claro|Tema escuro|Light theme|Dark theme)$/ })
      .click();
    await expect(html).toHaveAttribute('data-theme', look.theme);
  }
  if (needsLanguage) {
    await sideMenu(page)
      .getByRole('combobox', { name: /^(Idioma|Language)$/ })
      .selectOption(look.language);
    await expect(html).toHaveAttribute('lang', lang);
  }
  await page.setViewportSize(viewportOf(look.width));
}

/** Whether the page scrolls sideways at its width. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
