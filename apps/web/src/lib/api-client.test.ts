import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decryptPayload, generateKeyPairJwk, importPrivateKey, type RsaKeyPairJwk } from '@wps/shared/payload-crypto';
import type { EncryptedBody } from '@wps/shared/schemas/session';

/** Storage that holds nothing: no token, no merchant, the default language. */
const emptyStorage = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
  clear: () => undefined,
};

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

describe('api client: encrypted calls', () => {
  let pair: RsaKeyPairJwk;
  let privateKey: CryptoKey;

  beforeEach(async () => {
    vi.resetModules();
    vi.stubGlobal('window', {
      sessionStorage: emptyStorage,
      localStorage: emptyStorage,
      location: { href: 'https://site.test/' },
    });
    pair ??= await generateKeyPairJwk();
    privateKey = await importPrivateKey(pair.privateJwk);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A fake server: the key answer with a server clock `skewMs` ahead of ours, and the encrypted bodies it received. */
  function fakeServer(skewMs: number, answer: (n: number) => Response) {
    const bodies: EncryptedBody[] = [];
    let keyFetches = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/wps/session/key/rsa') {
          keyFetches += 1;
          return json({ success: true, value: { keyId: 'k1', jwk: pair.publicJwk, serverTime: Date.now() + skewMs } });
        }
        bodies.push(JSON.parse(String(init?.body)) as EncryptedBody);
        return answer(bodies.length);
      }),
    );
    return { bodies, keyFetches: () => keyFetches };
  }

  it('seals the server’s time and a fresh nonce inside the ciphertext, even when the device clock is wrong', async () => {
    const server = fakeServer(-60 * 60 * 1000, () => json({ success: true, value: { ok: 1 } }));
    const { apiRequest } = await import('./api-client');
    const started = Date.now();
    await apiRequest('/wps/member/password', { method: 'POST', body: { a: 1 }, encrypted: true });
    await apiRequest('/wps/member/password', { method: 'POST', body: { a: 1 }, encrypted: true });
    const finished = Date.now();
    const [one, two] = await Promise.all(server.bodies.map((b) => decryptPayload(privateKey, b)));
    expect(one!.body).toEqual({ a: 1 });
    // The server is an hour behind this device: the sealed time is the server's during the calls, give or take
    // the clock offset's error (at most the key fetch's duration), however slowly the machine ran them.
    const hour = 60 * 60 * 1000;
    const took = finished - started;
    expect(one!.ts).toBeGreaterThanOrEqual(started - hour - took);
    expect(one!.ts).toBeLessThanOrEqual(finished - hour + took);
    expect(one!.nonce).not.toBe(two!.nonce);
    expect(JSON.stringify(server.bodies)).not.toContain('"a"');
  });

  it('fetches the key and time again and resends, freshly sealed, after PAYLOAD_STALE', async () => {
    const stale = {
      success: false,
      errorCode: 'PAYLOAD_STALE',
      message: 'stale',
      value: { serverTime: Date.now(), windowSeconds: 300 },
    };
    const server = fakeServer(0, (n) => (n === 1 ? json(stale, 400) : json({ success: true, value: 'done' })));
    const { apiRequest } = await import('./api-client');
    await expect(apiRequest('/wps/member/password', { method: 'POST', body: { a: 2 }, encrypted: true })).resolves.toBe(
      'done',
    );
    expect(server.keyFetches()).toBe(2);
    expect(server.bodies).toHaveLength(2);
    const [first, second] = await Promise.all(server.bodies.map((b) => decryptPayload(privateKey, b)));
    expect(second!.nonce).not.toBe(first!.nonce);
  });

  it('does not resend a replayed body: PAYLOAD_REPLAYED reaches the caller', async () => {
    const server = fakeServer(0, () =>
      json({ success: false, errorCode: 'PAYLOAD_REPLAYED', message: 'replayed' }, 409),
    );
    const { apiRequest } = await import('./api-client');
    await expect(
      apiRequest('/wps/member/password', { method: 'POST', body: {}, encrypted: true }),
    ).rejects.toMatchObject({ errorCode: 'PAYLOAD_REPLAYED' });
    expect(server.bodies).toHaveLength(1);
  });
});
