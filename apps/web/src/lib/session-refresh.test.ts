import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A storage object over a map, for session and local storage. */
function memoryStorage(store: Map<string, string>) {
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
    clear: () => store.clear(),
  };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const loginResult = (token: string) => ({
  success: true,
  value: {
    token,
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    userInfo: { userName: 'ana', nickname: null, type: 3 },
  },
});

describe('staying signed in: the refresh cookie from the page', () => {
  let session: Map<string, string>;
  let local: Map<string, string>;

  beforeEach(() => {
    vi.resetModules();
    session = new Map();
    local = new Map();
    vi.stubGlobal('window', {
      sessionStorage: memoryStorage(session),
      localStorage: memoryStorage(local),
      location: { href: 'https://site.test/' },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('at start-up, a tab without a session in a signed-in browser refreshes once and is signed in', async () => {
    local.set('wps.signedIn', '1');
    const fetch = vi.fn(async () => json(loginResult('tab-two')));
    vi.stubGlobal('fetch', fetch);
    const { restoreSessionAtStart, refreshSession } = await import('./session-refresh');
    // Two callers at once share one call.
    await Promise.all([restoreSessionAtStart(), refreshSession()]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/wps/session/refresh', expect.objectContaining({ method: 'POST' }));
    expect(session.get('token')).toBe('tab-two');
    expect(session.get('account')).toBe('ana');
  });

  it('makes no call for a visitor, nor for a tab that has its session', async () => {
    const fetch = vi.fn(async () => json(loginResult('x')));
    vi.stubGlobal('fetch', fetch);
    const { restoreSessionAtStart } = await import('./session-refresh');
    await restoreSessionAtStart();
    local.set('wps.signedIn', '1');
    session.set('token', 'mine');
    await restoreSessionAtStart();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a refused refresh forgets that the browser was signed in; a network failure does not', async () => {
    local.set('wps.signedIn', '1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const { refreshSession } = await import('./session-refresh');
    expect(await refreshSession()).toBe(false);
    expect(local.get('wps.signedIn')).toBe('1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: false, errorCode: 'REFRESH_TOKEN_INVALID', message: 'ended' }, 401)),
    );
    expect(await refreshSession()).toBe(false);
    expect(local.has('wps.signedIn')).toBe(false);
    expect(session.has('token')).toBe(false);
  });

  it('a call refused because the session ended tries one refresh and is sent again with the new token', async () => {
    session.set('token', 'dead');
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/wps/session/refresh') return json(loginResult('fresh'));
        const auth = new Headers(init?.headers).get('Authorization');
        seen.push(auth);
        return auth === 'fresh'
          ? json({ success: true, value: { balance: 1 } })
          : json({ success: false, errorCode: 'UNAUTHORIZED', message: 'no', value: { sessionEnded: 'idle' } }, 401);
      }),
    );
    const { apiRequest } = await import('./api-client');
    // Two calls refused together refresh once.
    const [a, b] = await Promise.all([apiRequest('/wps/member/info'), apiRequest('/wps/member/balance')]);
    expect(a).toEqual({ balance: 1 });
    expect(b).toEqual({ balance: 1 });
    expect(seen.filter((t) => t === 'dead')).toHaveLength(2);
    expect(session.get('token')).toBe('fresh');
    const fetchMock = vi.mocked(fetch);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/wps/session/refresh')).toHaveLength(1);
  });

  it('when the refresh is refused too, the tab signs out and keeps the reason the call gave', async () => {
    session.set('token', 'dead');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/wps/session/refresh'
          ? json({ success: false, errorCode: 'REFRESH_TOKEN_INVALID', message: 'ended' }, 401)
          : json(
              { success: false, errorCode: 'UNAUTHORIZED', message: 'no', value: { sessionEnded: 'logged_out' } },
              401,
            ),
      ),
    );
    const { apiRequest, isApiError } = await import('./api-client');
    const { readSessionEnded } = await import('./session-end');
    const error = await apiRequest('/wps/member/info').catch((e: unknown) => e);
    expect(isApiError(error, 'UNAUTHORIZED')).toBe(true);
    expect(session.has('token')).toBe(false);
    expect(readSessionEnded()).toBe('logged_out');
  });
});
