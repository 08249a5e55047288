import { afterEach, describe, expect, it, vi } from 'vitest';
import { consumeUrlLoginCode, getToken, takeUrlLoginCode } from './session-storage';

const CODE = 'Vq3n0P5rX0b2c9dK1mZy7tW4aL8sE6fH2gJ0kQ1uR3o';

/** A browser window with just what session storage and the start URL need. */
function stubWindow(href: string) {
  const store = new Map<string, string>();
  const replaceState = vi.fn();
  vi.stubGlobal('window', {
    location: { href },
    history: { state: null, replaceState },
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
      clear: () => store.clear(),
    },
  });
  return { store, replaceState };
}

describe('the start URL ?token=', () => {
  afterEach(() => {
    takeUrlLoginCode();
    vi.unstubAllGlobals();
  });

  it('is a login code to exchange, never stored as the session token, and leaves the address bar at once', () => {
    const { store, replaceState } = stubWindow(`https://site.test/rng?token=${CODE}`);
    consumeUrlLoginCode();
    expect(replaceState).toHaveBeenCalledWith(null, '', '/rng');
    expect(getToken()).toBeNull();
    expect([...store.values()]).not.toContain(CODE);
    expect(takeUrlLoginCode()).toBe(CODE);
    // Handed out once.
    expect(takeUrlLoginCode()).toBeNull();
  });

  it('leaves a URL without ?token= alone', () => {
    const { replaceState } = stubWindow('https://site.test/?affiliateCode=AGENT01');
    consumeUrlLoginCode();
    expect(replaceState).not.toHaveBeenCalled();
    expect(takeUrlLoginCode()).toBeNull();
  });
});
