import { getToken } from './session-storage';

/**
 * Error reporting and stale-chunk recovery for the web app.
 *
 * Reports go to the collector named by `<meta name="error-report-url" content="…">` in the page,
 * which index.html ships empty: the server writes its ERROR_REPORT_URL there when it serves the
 * page and adds the URL's origin to the CSP connect-src (apps/server/src/http/index-page.ts);
 * empty means reports go nowhere. An operator points it at their own endpoint, which receives
 * one JSON object per POST (sent as text/plain, so a cross-origin collector needs no preflight):
 *   { kind, message, name?, stack?, componentStack?, path, language, userAgent, release, at }
 * Reports never carry tokens: the path has no query string or fragment, and anything that looks
 * like a token (the session's own, bearer values, `token=` parameters, JWT-shaped strings) is
 * replaced before sending. They are rate-limited so that a render loop cannot flood the collector.
 */

export type ErrorReportKind = 'boundary' | 'error' | 'unhandledrejection' | 'preload';

export type ErrorReport = {
  kind: ErrorReportKind;
  message: string;
  name?: string;
  stack?: string;
  componentStack?: string;
  path: string;
  language: string;
  userAgent: string;
  /** The entry script's file name: tells which deploy the page was built from. */
  release: string;
  at: string;
};

/** At most this many reports per window, and the same message once per window. */
const WINDOW_MS = 60_000;
const MAX_PER_WINDOW = 5;
/** A page that has sent this many stops reporting until it is reloaded. */
const MAX_PER_PAGE = 30;
const MAX_FIELD_LENGTH = 4_000;

let sentAt: number[] = [];
let sentOnPage = 0;
const lastSentByMessage = new Map<string, number>();
const listeners = new Set<(report: ErrorReport) => void>();

/** The collector URL from the page, or null when reporting is off. */
export function getReportUrl(): string | null {
  const content = document.querySelector<HTMLMetaElement>('meta[name="error-report-url"]')?.content.trim();
  if (!content) return null;
  try {
    const url = new URL(content, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Also hand every report to this function (in-page tooling, tests); returns the unsubscribe. */
export function onErrorReport(listener: (report: ErrorReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Remove anything token-like from a text that leaves the page. */
export function redact(text: string): string {
  let out = text;
  const token = getToken();
  if (token) out = out.replace(new RegExp(escapeRegExp(token), 'g'), '[redacted]');
  return out
    .replace(/\b(bearer)\s+[\w.~+/-]+=*/gi, '$1 [redacted]')
    .replace(/([?&#](?:token|code|access_token|id_token|sign|signature|key)=)[^&#\s"']*/gi, '$1[redacted]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[redacted]')
    .slice(0, MAX_FIELD_LENGTH);
}

function currentRelease(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
  return entry.split('/').pop() ?? '';
}

function describe(error: unknown): { message: string; name?: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, name: error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

function allowed(message: string, now: number): boolean {
  sentAt = sentAt.filter((time) => now - time < WINDOW_MS);
  const last = lastSentByMessage.get(message);
  if (sentOnPage >= MAX_PER_PAGE || sentAt.length >= MAX_PER_WINDOW || (last !== undefined && now - last < WINDOW_MS))
    return false;
  sentAt.push(now);
  sentOnPage += 1;
  lastSentByMessage.set(message, now);
  return true;
}

function send(url: string, report: ErrorReport): void {
  const body = JSON.stringify(report);
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}

/** Report an error (redacted, rate-limited) to the operator's collector and the in-page listeners. */
export function reportError(kind: ErrorReportKind, error: unknown, extra: { componentStack?: string } = {}): void {
  const described = describe(error);
  const message = redact(described.message || 'Unknown error');
  const now = Date.now();
  if (!allowed(`${kind}:${message}`, now)) return;
  const report: ErrorReport = {
    kind,
    message,
    ...(described.name ? { name: described.name } : {}),
    ...(described.stack ? { stack: redact(described.stack) } : {}),
    ...(extra.componentStack ? { componentStack: redact(extra.componentStack) } : {}),
    path: window.location.pathname,
    language: document.documentElement.lang,
    userAgent: navigator.userAgent,
    release: currentRelease(),
    at: new Date(now).toISOString(),
  };
  for (const listener of listeners) listener(report);
  const url = getReportUrl();
  if (url) send(url, report);
}

/** Report uncaught errors and unhandled promise rejections. */
export function installGlobalErrorReporting(): void {
  window.addEventListener('error', (event) => {
    // A failed <script>/<img> load fires an error event without an error object: not ours to report.
    if (event.error === undefined && !event.message) return;
    reportError('error', event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => reportError('unhandledrejection', event.reason));
}

/** How long after a stale-chunk reload another one is refused: a chunk still missing then is not a redeploy. */
const RELOAD_GUARD_MS = 60_000;
const RELOAD_KEY = 'wps:chunk-reload-at';
let reloadPending = false;

/** Whether the page is about to reload to pick up a new deploy (lazy pages then wait instead of failing). */
export function isReloadPending(): boolean {
  return reloadPending;
}

/**
 * After a redeploy the old entry's lazy chunks are gone, so a page opened before it fails to load
 * a section. Vite then fires `vite:preloadError`: reload once to get the new index.html. The time
 * of that reload is kept in sessionStorage, and a second failure within RELOAD_GUARD_MS does not
 * reload again (no loop): it reaches the route's error boundary, which offers a retry.
 */
export function installStaleChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    reportError('preload', event.payload);
    try {
      const last = Number(window.sessionStorage.getItem(RELOAD_KEY) ?? 0);
      if (Date.now() - last < RELOAD_GUARD_MS) return;
      window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    } catch {
      // Without sessionStorage there is no loop guard: never reload then.
      return;
    }
    event.preventDefault();
    reloadPending = true;
    window.location.reload();
  });
}
