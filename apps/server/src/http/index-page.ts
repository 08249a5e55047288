import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the server writes into the site's index.html when it starts. */
export type IndexPageSettings = {
  /** ERROR_REPORT_URL: the collector lib/error-reporting.ts reads from the page's meta; unset, none. */
  errorReportUrl?: string | undefined;
};

/** The meta the web app reads its collector from (apps/web/index.html ships it empty). */
const REPORT_META = /<meta\s+name="error-report-url"\s+content="[^"]*"\s*\/?>/;

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The first screen the server writes into the page (renderFirstScreen): the home's first banner and the brand. */
export type FirstScreen = {
  /** The first banner of the home's group in the operator's language, or null when there is none. */
  banner: { url: string; width: number; height: number; alt: string } | null;
  brandName: string;
};

/**
 * The shell the web build writes into `#root` (apps/web/build/first-screen.ts): drawn by the
 * browser before any script runs, and replaced by the app's first render.
 */
const SHELL = /<!--first-screen-->[\s\S]*?<!--\/first-screen-->/;
const BANNER_SLOT = '<!--first-screen:banner-->';
const BRAND_SLOT = '<!--first-screen:brand-->';

/** A picture address the page may load: a path on this site or an http(s) address; anything else (javascript:, data:) is refused. */
function isSafeImageUrl(url: string): boolean {
  return /^\/(?!\/)/.test(url) || /^https?:\/\/[^\s"'<>]+$/i.test(url);
}

/**
 * index.html for a page route, with its first screen: on the home page (`screen` given) the
 * shell's brand and first banner are filled in, and the banner's picture gets a high-priority
 * preload in the head, so the browser fetches it with the page instead of after the scripts have
 * asked for the banners and drawn the carousel; with no banner there is neither picture nor
 * preload. Every other route (`screen` null) gets no shell: its page is not the home's.
 * Every value is escaped for where it goes (attribute or text); a picture address that is not a
 * path or http(s) is left out.
 */
export function renderFirstScreen(html: string, screen: FirstScreen | null): string {
  if (!screen) return html.replace(SHELL, '');
  const banner = screen.banner && isSafeImageUrl(screen.banner.url) ? screen.banner : null;
  const brand = escapeAttribute(screen.brandName);
  let page = html.replace(SHELL, (shell) =>
    shell
      .replace(BRAND_SLOT, () => brand)
      .replace(BANNER_SLOT, () =>
        banner
          ? `<div class="first-screen__banner"><img src="${escapeAttribute(banner.url)}" alt="${escapeAttribute(banner.alt)}" ` +
            `width="${Math.trunc(banner.width)}" height="${Math.trunc(banner.height)}" fetchpriority="high"></div>`
          : '',
      ),
  );
  if (banner) {
    const preload = `<link rel="preload" as="image" href="${escapeAttribute(banner.url)}" fetchpriority="high">`;
    const head = page.search(/<\/head>/i);
    if (head >= 0) page = page.slice(0, head) + preload + page.slice(head);
  }
  return page;
}

/**
 * The built index.html with the run-time settings written in: the error-report-url meta gets
 * ERROR_REPORT_URL (or stays empty when it is unset, whatever the build put there), and a page
 * built without the meta gets one in its head when a URL is configured.
 */
export function renderIndexHtml(html: string, settings: IndexPageSettings): string {
  const meta = `<meta name="error-report-url" content="${escapeAttribute(settings.errorReportUrl ?? '')}" />`;
  if (REPORT_META.test(html)) return html.replace(REPORT_META, () => meta);
  if (!settings.errorReportUrl) return html;
  const head = html.search(/<\/head>/i);
  return head < 0 ? meta + html : html.slice(0, head) + meta + html.slice(head);
}

type Variant = { body: Buffer; etag: string; encoding: 'br' | 'gzip' | undefined };

function variant(body: Buffer, encoding: Variant['encoding']): Variant {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, encoding, etag: `"${hash}${encoding ? `-${encoding}` : ''}"` };
}

/** The client's q-value for an encoding in its accept-encoding header (`*` counts; absent, 0). */
function quality(header: string, encoding: string): number {
  let wildcard = 0;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q) || 0;
    if (name.trim() === encoding) return value;
    if (name.trim() === '*') wildcard = value;
  }
  return wildcard;
}

type Variants = Record<'identity' | 'br' | 'gzip', Variant>;

function variantsOf(text: string): Variants {
  const raw = Buffer.from(text);
  return {
    identity: variant(raw, undefined),
    br: variant(
      zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      }),
      'br',
    ),
    gzip: variant(zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }), 'gzip'),
  };
}

/** Where the home's first screen comes from (serve-web.ts reads the content and settings services). */
export type FirstScreenSource = {
  /** Whether a page path shows the home page (and its banners). */
  isHome: (pathname: string) => boolean;
  /** The home's first screen now; cheap when nothing changed (the services' caches answer). */
  read: () => Promise<FirstScreen>;
};

/**
 * The site's index.html, rewritten (renderIndexHtml, renderFirstScreen) and kept in memory with
 * its br and gzip copies made from the rewritten text: the `.br`/`.gz` files the build wrote next
 * to index.html hold the text as built, so they are never sent. Each copy has its own ETag;
 * revalidated on every use (`no-cache`), like the other unhashed files.
 * The home's page is kept with the first screen it was made from, and made again when that
 * changes: the banners come from the content service's answers, dropped on every content change
 * (its change feed, from any instance), and the brand from the operator's settings, read again
 * after a change; so a new, edited or unpublished banner reaches the page on its next request.
 * A failed read serves the page without a first screen rather than failing.
 */
export function createIndexPage(
  dist: string,
  settings: IndexPageSettings,
  firstScreen?: FirstScreenSource,
): (request: FastifyRequest, reply: FastifyReply, pathname?: string) => Promise<FastifyReply> {
  const built = renderIndexHtml(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'), settings);
  const plain = variantsOf(renderFirstScreen(built, null));
  let home: { key: string; variants: Variants } | undefined;

  async function homeVariants(): Promise<Variants> {
    const screen = await firstScreen!.read().catch(() => null);
    if (!screen) return plain;
    const key = JSON.stringify(screen);
    if (home?.key !== key) home = { key, variants: variantsOf(renderFirstScreen(built, screen)) };
    return home.variants;
  }

  return async (request, reply, pathname = '/') => {
    const variants = firstScreen?.isHome(pathname) ? await homeVariants() : plain;
    const accept = request.headers['accept-encoding'] ?? '';
    const chosen =
      quality(accept, 'br') > 0 ? variants.br : quality(accept, 'gzip') > 0 ? variants.gzip : variants.identity;
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    reply.header('etag', chosen.etag);
    if (chosen.encoding) reply.header('content-encoding', chosen.encoding);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === chosen.etag)) {
      reply.removeHeader('content-encoding');
      return reply.code(304).send();
    }
    return reply.send(chosen.body);
  };
}
