import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import ts from 'typescript';
import { ROOT } from './servers';

/**
 * The page-width check (page-width.spec.ts): the routes and screens read from the apps' own
 * sources, so a route added there is checked without anyone listing it here; a wait for a page to
 * settle; and a measure of what sticks out of the viewport, naming the elements that do.
 */

function source(file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8');
}

/** The quoted strings of the array constant `name = [ … ]` in a source file. */
function arrayConstant(text: string, name: string, file: string): string[] {
  const match = new RegExp(`${name}\\s*=\\s*\\[([^\\]]*)\\]`).exec(text);
  if (!match?.[1]) throw new Error(`${file}: the constant ${name} was not found; this check reads it`);
  return [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

/** Paths with their `:param` segments filled from `values`, each value giving one path; unfillable ones in `skipped`. */
function fillParams(
  paths: readonly string[],
  values: Readonly<Record<string, readonly string[]>>,
): { paths: string[]; skipped: string[] } {
  const filled: string[] = [];
  const skipped: string[] = [];
  for (const p of paths) {
    const param = /:(\w+)/.exec(p)?.[1];
    if (!param) {
      filled.push(p);
      continue;
    }
    const options = values[param] ?? [];
    if (options.length === 0) skipped.push(p);
    // One level of parameters is all the apps have: a second would stay in the path and 404.
    for (const value of options) filled.push(p.replace(`:${param}`, encodeURIComponent(value)));
  }
  return { paths: filled, skipped };
}

type SiteRoute = { path: string; element: string };

/**
 * The <Route>s of a routes file, read with the TypeScript parser: each one's path (the index route's
 * is '/') and its element's source. A path given by an expression must be the parameter of a
 * `CONSTANT.map((path) => <Route …>)` over an array constant of the file: each of its values is a route.
 */
function declaredRoutes(file: string): SiteRoute[] {
  const tree = ts.createSourceFile(file, source(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const constants = new Map<string, string[]>();
  const routes: SiteRoute[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = ts.isAsExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (ts.isArrayLiteralExpression(value))
        constants.set(
          node.name.text,
          value.elements.filter(ts.isStringLiteral).map((e) => e.text),
        );
    }
    const tag = ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node) ? node : null;
    if (tag && tag.tagName.getText() === 'Route') {
      const attribute = (name: string) =>
        tag.attributes.properties.find((a): a is ts.JsxAttribute => ts.isJsxAttribute(a) && a.name.getText() === name);
      const element = attribute('element')?.initializer?.getText() ?? '';
      const path = attribute('path')?.initializer;
      if (attribute('index')) routes.push({ path: '/', element });
      else if (path && ts.isStringLiteral(path)) routes.push({ path: `/${path.text}`, element });
      else if (path) {
        // <Route path={path.slice(1)} …> inside CONSTANT.map(…): one route per value of the constant.
        let call: ts.Node = tag;
        while (!ts.isCallExpression(call) && call.parent) call = call.parent;
        const mapped = ts.isCallExpression(call) ? call.expression.getText().replace(/\.map$/, '') : '';
        const values = constants.get(mapped);
        if (!values)
          throw new Error(`${file}: a route's path ${path.getText()} is not a mapped constant this check reads`);
        for (const value of values) routes.push({ path: value, element: `${element} ${value}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return routes;
}

/**
 * Every route of the player site (apps/web/src/app/app-routes.tsx), the lobby's category pages
 * it maps from CATEGORY_PAGE_PATHS included. A route whose element an earlier one already renders
 * (/home, /index.html: the home page) is an alias, and one that redirects (<Navigate>) shows another
 * route: both are listed in `aliases`. Layout routes (no path) and the wildcard (the 404 page) are
 * left out; `:param` segments are filled from `params`, and those without values are `skipped`.
 */
export function siteRoutes(params: Readonly<Record<string, readonly string[]>>): {
  paths: string[];
  aliases: string[];
  skipped: string[];
} {
  const routes = declaredRoutes('apps/web/src/app/app-routes.tsx').filter((r) => r.path !== '/*');
  const seen = new Set<string>();
  const unique: string[] = [];
  const aliases: string[] = [];
  for (const { path: p, element } of routes) {
    if (seen.has(element) || element.startsWith('{<Navigate')) aliases.push(p);
    else unique.push(p);
    seen.add(element);
  }
  return { ...fillParams(unique, params), aliases };
}

/** The agent centre's page keys (apps/web/src/app/agent-centre/agent-centre-url.ts), each opened by `?agentCentre=<key>`. */
export function agentCentrePages(): { param: string; pages: string[] } {
  const file = 'apps/web/src/app/agent-centre/agent-centre-url.ts';
  const text = source(file);
  const param = /AGENT_CENTRE_PARAM\s*=\s*'([^']+)'/.exec(text)?.[1];
  if (!param) throw new Error(`${file}: AGENT_CENTRE_PARAM was not found; this check reads it`);
  return { param, pages: arrayConstant(text, 'AGENT_CENTRE_PAGES', file) };
}

/** The member centre's page keys (its PAGES in member-centre-panel.tsx): it has no address, its menu opens each. */
export function memberCentrePages(): string[] {
  const text = source('apps/web/src/app/member-centre/member-centre-panel.tsx');
  const list = text.slice(text.indexOf('const PAGES'));
  return [...list.matchAll(/\bkey: '([^']+)'/g)].map((m) => m[1]!);
}

/** Every back-office screen (apps/backoffice/src/app/screens.tsx, `path: '…'`) under /backoffice/, `:param` segments filled from `params`. */
export function backofficeScreens(params: Readonly<Record<string, readonly string[]>>): {
  paths: string[];
  skipped: string[];
} {
  const text = source('apps/backoffice/src/app/screens.tsx');
  const declared = [...text.matchAll(/\bpath: '([^']*)'/g)].map((m) => `/backoffice/${m[1]}`);
  return fillParams([...new Set(declared)], params);
}

/** Requests that stay open for as long as their page (a live feed): never waited for. */
const LONG_LIVED = new Set(['eventsource', 'websocket']);
/**
 * What the apps show while a page or its data loads. A still skeleton (.skeleton--still) is a home
 * lane that waits to come near the viewport before it loads: see bringInWaitingLanes.
 */
const LOADING = '.skeleton:not(.skeleton--still), .content-skeleton, .list-skeleton, [aria-busy="true"]';
/** A placeholder whose content loads only once it comes near the viewport (a lane's tiles, the footer). */
const WAITING = '.skeleton--still, .layout__footer-sentinel';
/** How long the network must stay quiet for a page to count as drawn. */
const QUIET_MS = 150;

/**
 * Follow `page`'s requests; `settle()` then waits until nothing loads (no request in flight for
 * QUIET_MS, no skeleton or busy region), instead of a fixed sleep. It answers null once the page
 * settled, or what was still loading at `ceilingMs` (the page is measured anyway).
 */
export function watchLoading(page: Page): { settle: (ceilingMs?: number) => Promise<string | null> } {
  const inflight = new Set<Request>();
  page.on('request', (r) => {
    if (!LONG_LIVED.has(r.resourceType())) inflight.add(r);
  });
  const done = (r: Request) => inflight.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  const loadingElement = () =>
    page.evaluate((selector) => {
      const el = document.querySelector(selector);
      return el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` : null;
    }, LOADING);
  const settle = async (ceilingMs = 8_000): Promise<string | null> => {
    const deadline = Date.now() + ceilingMs;
    let quietSince = 0;
    while (Date.now() < deadline) {
      const loading = inflight.size > 0 || (await loadingElement()) !== null;
      if (loading) quietSince = 0;
      else if (quietSince === 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) return null;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    const pending = [...inflight].map((r) => new URL(r.url()).pathname);
    inflight.clear();
    return [...pending, (await loadingElement()) ?? ''].filter(Boolean).join(', ');
  };
  return { settle };
}

/**
 * Scroll each lane that waits for the viewport into view and let it load, so its games are
 * measured too; back at the top afterwards, where a visitor lands. At most `limit` lanes.
 */
export async function bringInWaitingLanes(
  page: Page,
  settle: () => Promise<string | null>,
  limit = 12,
): Promise<number> {
  let count = 0;
  while (count < limit) {
    // Each placeholder is scrolled to once: behind an open dialog the page does not scroll, and
    // the lane goes on waiting.
    const found = await page.evaluate((selector) => {
      const el = document.querySelector(`${selector}:not([data-width-check-scrolled])`);
      if (!el) return false;
      const lane = el.closest('ul') ?? el;
      for (const placeholder of lane.querySelectorAll(selector))
        placeholder.setAttribute('data-width-check-scrolled', '');
      el.scrollIntoView({ block: 'center' });
      return true;
    }, WAITING);
    if (!found) break;
    count++;
    await settle();
  }
  if (count > 0) await page.evaluate(() => window.scrollTo(0, 0));
  return count;
}

export type WidthReport = {
  /** document.documentElement.scrollWidth and window.innerWidth. */
  scrollWidth: number;
  viewport: number;
  /** Open dialogs that scroll sideways or reach past the viewport (a fixed panel adds nothing to the page's width). */
  dialogs: string[];
  /** The elements reaching furthest right past the viewport that no scroller of theirs clips: the cause. */
  widest: string[];
};

/** What sticks out of the viewport on `page`, as it is now. */
export function measureWidth(page: Page): Promise<WidthReport> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const describe = (el: Element): string => {
      const name = (e: Element) =>
        `${e.tagName.toLowerCase()}${[...e.classList]
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('')}`;
      let owner = el.parentElement;
      while (owner && owner.classList.length === 0) owner = owner.parentElement;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `${name(el)}${owner ? ` in ${name(owner)}` : ''}${text ? ` "${text}"` : ''}`;
    };
    // Whether a scroller or a clipping box on the element's chain of containing blocks holds it in:
    // an absolutely positioned box escapes every static ancestor, a fixed one all but a transformed one.
    const clipped = (el: Element): boolean => {
      let position = getComputedStyle(el).position;
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        const containing =
          position === 'fixed'
            ? style.transform !== 'none'
            : position === 'absolute'
              ? style.position !== 'static' || style.transform !== 'none'
              : true;
        if (!containing) continue;
        if (style.overflowX !== 'visible') return true;
        position = style.position;
      }
      return false;
    };
    const sticking: { what: string; right: number }[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.right <= viewport + 1 || (rect.width === 0 && rect.height === 0)) continue;
      if (getComputedStyle(el).visibility === 'hidden' || clipped(el)) continue;
      sticking.push({ what: describe(el), right: Math.round(rect.right + window.scrollX) });
    }
    sticking.sort((a, b) => b.right - a.right);
    const dialogs = [...document.querySelectorAll('[role="dialog"], dialog[open]')].flatMap((d) => {
      const rect = d.getBoundingClientRect();
      const inside = d.scrollWidth <= d.clientWidth + 1 && rect.left >= -1 && rect.right <= viewport + 1;
      const label = d.getAttribute('aria-label') ?? d.querySelector('h2')?.textContent ?? d.className;
      return inside
        ? []
        : [
            `dialog "${label}": ${d.scrollWidth} px of content in ${d.clientWidth}, ${Math.round(rect.left)}..${Math.round(rect.right)}`,
          ];
    });
    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport,
      dialogs,
      widest: sticking.slice(0, 5).map((s) => `${s.what} (right edge ${s.right} px)`),
    };
  });
}

/** One line for a route that does not fit, or null when it does. */
export function widthProblem(where: string, report: WidthReport): string | null {
  if (report.scrollWidth <= report.viewport && report.dialogs.length === 0) return null;
  const lines = [`${where}: page ${report.scrollWidth} px wide in a ${report.viewport} px viewport`];
  for (const d of report.dialogs) lines.push(`  ${d}`);
  for (const w of report.widest) lines.push(`  ${w}`);
  return lines.join('\n');
}
