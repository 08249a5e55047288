import { getSessionValue, setSessionValue } from './session-storage';

/**
 * Server answers kept in session storage for the tab's life (the spec's session caches: `settings`,
 * `gameVendor`): a reload in the same tab draws from them at once, without the layout shifting as
 * the answers arrive, while a fresh copy is asked. Never money: a balance or a wallet is always
 * asked, since a stale one shown even for a moment misleads.
 *
 * Each copy is stamped with the page's build (its entry script's address, which changes with every
 * build): after a deploy an answer of the old shape is not used.
 */
type Stamped = { build: string; data: unknown };

function buildStamp(): string {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
}

/** The kept answer under `key`, when this build wrote it and it passes `isValid`. */
export function readSessionCache<T>(key: string, isValid: (data: unknown) => boolean): T | undefined {
  const raw = getSessionValue(key);
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as Stamped;
    return kept.build === buildStamp() && isValid(kept.data) ? (kept.data as T) : undefined;
  } catch {
    return undefined;
  }
}

/** Keep `data` under `key` for this tab. */
export function writeSessionCache(key: string, data: unknown): void {
  setSessionValue(key, JSON.stringify({ build: buildStamp(), data } satisfies Stamped));
}
