import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * The browser suite's accessibility check: axe on every screen a journey reaches, once per screen
 * (docs/testing.md, "Accessibility"). It cost about a quarter of the suite's worker time when it
 * ran on every look of every test (533 checks, 586 of 2,475 worker-seconds), and most of those
 * looks were a screen already judged in the same spec file: the same page after a click that
 * changed a number, or the same dialog in the other language.
 *
 * - A screen is its origin, path, the query's view names (`agentCentre=contracts`; a value with a
 *   digit, such as `member=2`, is data and counts only by its name), width, theme and brand colours,
 *   and the dialogs, menus and alerts open on it, told apart by their classes and how many fields,
 *   buttons and tables they hold (the language changes none of these). The first look at a screen
 *   in a spec file is checked; a later look at the same screen in that file is not.
 *   `E2E_AXE_EVERY_LOOK=1` checks every look; `E2E_AXE_LOG=<file>` appends each check's cost and key.
 * - Only the default rules whose impact is serious or critical run. axe reports a violation at its
 *   rule's impact and this check fails only on serious and critical ones, so the moderate and minor
 *   rules could never fail it. The list is read from axe-core's own rule table; if that table is not
 *   where this expects it, every default rule runs.
 * - A page without frames gets axe's source (half a megabyte) once and runs it in place; a page
 *   with frames goes through AxeBuilder, in legacy mode (axe once in the page and its same-origin
 *   frames) unless a frame is of another origin (a vendor's game), which needs its default mode.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const EVERY_LOOK = process.env.E2E_AXE_EVERY_LOOK === '1';
const LOG_FILE = process.env.E2E_AXE_LOG;

type AxeRule = { id: string; impact?: string; enabled?: boolean; tags: string[] };

/** The default rules (enabled, not experimental or deprecated) that can report a serious or critical violation. */
function seriousRuleIds(): string[] | undefined {
  try {
    const audit = (require('axe-core') as { _audit?: { rules: AxeRule[]; tagExclude: string[] } })._audit;
    if (!audit?.rules?.length) return undefined;
    const ids = audit.rules
      .filter((rule) => rule.enabled !== false && !rule.tags.some((tag) => audit.tagExclude.includes(tag)))
      .filter((rule) => rule.impact === undefined || rule.impact === 'serious' || rule.impact === 'critical')
      .map((rule) => rule.id);
    return ids.length > 0 ? ids : undefined;
  } catch {
    return undefined;
  }
}
const RULE_IDS = seriousRuleIds();

/** Screens already checked, per spec file (a worker runs several spec files, one after another). */
const checked = new Map<string, Set<string>>();

/** What makes one screen differ from another for accessibility; see the comment at the top. */
function screenKey(page: Page): Promise<string> {
  return page.evaluate(() => {
    const url = new URL(location.href);
    const views = [...url.searchParams]
      .map(([name, value]) => (/\d/.test(value) ? name : `${name}=${value}`))
      .sort()
      .join('&');
    const root = document.documentElement;
    const style = getComputedStyle(root);
    const colours = ['--color-bg', '--color-surface', '--color-text', '--color-primary', '--color-accent']
      .map((name) => style.getPropertyValue(name).trim())
      .join(',');
    const open = [
      ...document.querySelectorAll(
        '[role=dialog],[role=alertdialog],dialog[open],[role=menu],[role=listbox],[role=alert],[role=tooltip]',
      ),
    ]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => {
        const count = (selector: string) => el.querySelectorAll(selector).length;
        return `${el.getAttribute('role') ?? el.tagName}.${el.className}:${count('input,select,textarea')}/${count('button')}/${count('table')}`;
      })
      .sort()
      .join('|');
    return [
      url.origin,
      url.pathname,
      url.hash.replace(/\d+/g, '#'),
      views,
      window.innerWidth,
      root.dataset.theme ?? '',
      colours,
      open,
    ].join(' ');
  });
}

/** Whether a frame of the page comes from another origin (about:blank and srcdoc frames are the page's own). */
function hasCrossOriginFrame(page: Page): boolean {
  const origin = new URL(page.url()).origin;
  return page.frames().some((frame) => {
    const url = frame.url();
    return url !== '' && !url.startsWith('about:') && new URL(url).origin !== origin;
  });
}

type Found = { id: string; impact?: string | null; targets: string[] };

/** axe in a page without frames: its source goes in once per document, then each check is one call. */
async function runInPage(page: Page): Promise<Found[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (rules) => {
    type Result = { violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      iframes: false,
      ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  }, RULE_IDS);
}

/** axe through AxeBuilder, for a page with frames. */
async function runWithBuilder(page: Page): Promise<Found[]> {
  // Only violations are read: the other result groups are cut to one node each.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (RULE_IDS) builder.withRules(RULE_IDS);
  // AxeBuilder's default mode runs axe in each frame and then opens a blank page in the context to
  // merge their results, which is how it reaches frames of another origin; that page cost about
  // 0.7 s of a core on every check. Legacy mode runs axe once in the page and its same-origin
  // frames and finds the same violations, so only a page showing another origin's frame needs the
  // default mode.
  if (!hasCrossOriginFrame(page)) builder.setLegacyMode(true);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/** Fail with a readable list when axe finds serious or critical violations on a screen not yet checked in this spec file. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const started = Date.now();
  const key = await screenKey(page);
  const file = test.info().file;
  const seen = checked.get(file) ?? new Set<string>();
  checked.set(file, seen);
  if (!EVERY_LOOK && seen.has(key)) return;
  // Colours mid-transition (a theme switch, a hover) would be judged, not the settled page.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const found = page.frames().length > 1 ? await runWithBuilder(page) : await runInPage(page);
  const serious = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`);
  expect(summary, `axe on ${label}`).toEqual([]);
  // Remembered only once it passed, so a retry checks the screen again.
  seen.add(key);
  if (LOG_FILE) fs.appendFileSync(LOG_FILE, `${Date.now() - started}\t${label}\t${key}\n`);
}
