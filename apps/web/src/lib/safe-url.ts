/** Resolve a configured link to an absolute http(s) URL, or null for anything else (e.g. javascript:). */
export function toSafeHttpUrl(path: string): string | null {
  try {
    const url = new URL(path, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
