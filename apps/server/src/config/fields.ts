/**
 * Building blocks for the environment variable table (variables.ts). Each turns the raw text of
 * one variable into its value, or fails with "must be …" so the start-up message reads
 * `NAME="value": must be …`. Unset and blank never reach them: the table's default applies first.
 */
import { z } from 'zod';
import { parseHostList } from '../db/host-list';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

/** A field parsed by `parse`, which returns undefined for a value it does not accept. */
export function textField<T>(expected: string, parse: (raw: string) => T | undefined) {
  return z.string().transform((raw, ctx): T => {
    const value = parse(raw);
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message: `must be ${expected}` });
      return z.NEVER;
    }
    return value;
  });
}

/** A whole number from min to max (inclusive). */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const range =
    max === Number.MAX_SAFE_INTEGER ? `a whole number of at least ${min}` : `a whole number from ${min} to ${max}`;
  return textField(range, (raw) => {
    const text = raw.trim();
    if (!/^-?\d+$/.test(text)) return undefined;
    const n = Number(text);
    return n >= min && n <= max ? n : undefined;
  });
}

/** A TCP port; 0 asks the system for a free one (tests). */
export const port = () => wholeNumber(0, 65_535);

/** A number (decimals allowed) of at least `min`. */
export function decimal(min: number) {
  return textField(`a number of at least ${min}`, (raw) => {
    const text = raw.trim();
    if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
    const n = Number(text);
    return Number.isFinite(n) && n >= min ? n : undefined;
  });
}

/** A whole number of minor units or a multiple, up to 18 digits, kept as a bigint (money never goes through a float). */
export const bigWholeNumber = () =>
  textField('a whole number of at most 18 digits', (raw) =>
    /^\d{1,18}$/.test(raw.trim()) ? BigInt(raw.trim()) : undefined,
  );

/** `1`/`true` or `0`/`false`; anything else is a typo, not "off". */
export const flag = () =>
  textField('1, true, 0 or false', (raw) => {
    const text = raw.trim().toLowerCase();
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
    return undefined;
  });

/** One of a fixed set of words. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return textField<T[number]>(`one of ${values.join(', ')}`, (raw) => values.find((v) => v === raw.trim()));
}

/** Any text; for names and paths whose check belongs to the code that opens them. */
export const text = () => z.string();

/** Text of at least `min` characters (secrets and keys: guessable short values are refused). */
export function secret(min: number, max?: number) {
  const length = max === undefined ? `at least ${min} characters long` : `${min} to ${max} characters long`;
  return textField(length, (raw) => (raw.length >= min && raw.length <= (max ?? Infinity) ? raw : undefined));
}

function urlWithScheme(raw: string, schemes: readonly string[]): URL | undefined {
  try {
    const url = new URL(raw.trim());
    return schemes.includes(url.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** An absolute http(s) URL, kept as written. */
export const httpUrl = () =>
  textField('an http:// or https:// URL, e.g. https://example.com', (raw) =>
    urlWithScheme(raw, ['http:', 'https:']) ? raw.trim() : undefined,
  );

/**
 * Where the browser sends something: an absolute http(s) URL or a path on the site itself
 * (starting with one `/`), kept as written. No spaces, quotes or angle brackets, so the value
 * can stand in an HTML attribute and a CSP source list.
 */
export const httpUrlOrPath = () =>
  textField('an http:// or https:// URL, or a path starting with /', (raw) => {
    const value = raw.trim();
    if (/[\s"'<>\\]/.test(value)) return undefined;
    if (value.startsWith('/')) return value.startsWith('//') ? undefined : value;
    return urlWithScheme(value, ['http:', 'https:']) ? value : undefined;
  });

/**
 * A PostgreSQL connection URL, kept as written. It may name several hosts, as libpq's do
 * (`postgres://u@a:5432,b:5432/db?target_session_attrs=read-write`, db/host-list.ts).
 */
export const postgresUrl = () =>
  textField('a postgres:// or postgresql:// URL, e.g. postgres://user:password@host:5432/db', (raw) => {
    const url = parseHostList(raw)?.baseUrl ?? raw;
    return urlWithScheme(url, ['postgres:', 'postgresql:']) ? raw.trim() : undefined;
  });

/** Space-separated http(s) origins (scheme://host:port); a path after the origin is dropped. */
export const originList = () =>
  textField('space-separated http:// or https:// origins', (raw) => {
    const origins = raw
      .split(/\s+/)
      .filter(Boolean)
      .map((entry) => urlWithScheme(entry, ['http:', 'https:'])?.origin);
    return origins.every((o) => o !== undefined) ? (origins as string[]) : undefined;
  });

/** TRUST_PROXY's hop count or proxy list (trust-proxy.ts says why `true` is refused). */
export const trustProxy = () =>
  z.string().transform((raw, ctx): TrustProxy => {
    try {
      return parseTrustProxy(raw);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^TRUST_PROXY /, '') });
      return z.NEVER;
    }
  });
