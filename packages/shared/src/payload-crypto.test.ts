import { describe, expect, it } from 'vitest';
import {
  PAYLOAD_NONCE_PATTERN,
  decodeBase64,
  decryptPayload,
  decryptPlaintext,
  encodeBase64,
  encryptPayload,
  encryptPlaintext,
  generateKeyPairJwk,
  importPrivateKey,
  importPublicKey,
} from './payload-crypto';
import { encryptedBodySchema } from './schemas/session';

describe('payload crypto', () => {
  it('round-trips a JSON payload through RSA-OAEP-wrapped AES-GCM', async () => {
    const { publicJwk, privateJwk } = await generateKeyPairJwk();
    const payload = { username: 'player01', password: 'sénha123', nested: { n: [1, 2, 3] }, emoji: '🎰' };
    const body = await encryptPayload(publicJwk, 'k1', payload);
    expect(encryptedBodySchema.parse(body)).toEqual(body);
    expect(body.keyId).toBe('k1');
    expect(decodeBase64(body.iv)).toHaveLength(12);
    expect(decodeBase64(body.key)).toHaveLength(256);
    expect(body.data).not.toContain('player01');
    const privateKey = await importPrivateKey(privateJwk);
    expect((await decryptPayload(privateKey, body)).body).toEqual(payload);
  });

  it('seals the sending time and a fresh nonce inside the ciphertext', async () => {
    const { publicJwk, privateJwk } = await generateKeyPairJwk();
    const privateKey = await importPrivateKey(privateJwk);
    const before = Date.now();
    const a = await decryptPayload(privateKey, await encryptPayload(publicJwk, 'k', { x: 1 }));
    const b = await decryptPayload(privateKey, await encryptPayload(publicJwk, 'k', { x: 1 }));
    expect(a.ts).toBeGreaterThanOrEqual(before);
    expect(a.ts).toBeLessThanOrEqual(Date.now());
    expect(a.nonce).toMatch(PAYLOAD_NONCE_PATTERN);
    expect(a.nonce).not.toBe(b.nonce);
    // The plaintext is exactly { ts, nonce, body }; a caller may fix the time (clock offset) and the nonce.
    const fixed = await encryptPayload(publicJwk, 'k', [1], { timestamp: 1_700_000_000_000, nonce: 'n'.repeat(22) });
    expect(await decryptPlaintext(privateKey, fixed)).toEqual({
      ts: 1_700_000_000_000,
      nonce: 'n'.repeat(22),
      body: [1],
    });
    // A plaintext without them does not pass decryptPayload.
    await expect(decryptPayload(privateKey, await encryptPlaintext(publicJwk, 'k', { x: 1 }))).rejects.toThrow(
      /ts and nonce/,
    );
    await expect(
      decryptPayload(privateKey, await encryptPlaintext(publicJwk, 'k', { ts: 'now', nonce: 'n'.repeat(22), body: 1 })),
    ).rejects.toThrow();
    await expect(
      decryptPayload(privateKey, await encryptPlaintext(publicJwk, 'k', { ts: 1, nonce: 'short', body: 1 })),
    ).rejects.toThrow();
  });

  it('exposes only public members in the public JWK', async () => {
    const { publicJwk, privateJwk } = await generateKeyPairJwk();
    expect(Object.keys(publicJwk).sort()).toEqual(['alg', 'e', 'ext', 'kty', 'n']);
    expect(publicJwk.alg).toBe('RSA-OAEP-256');
    expect(privateJwk.d).toBeTruthy();
  });

  it('accepts an imported public CryptoKey', async () => {
    const { publicJwk, privateJwk } = await generateKeyPairJwk();
    const body = await encryptPayload(await importPublicKey(publicJwk), 'k2', [1, 'a']);
    expect((await decryptPayload(await importPrivateKey(privateJwk), body)).body).toEqual([1, 'a']);
  });

  it('uses a fresh AES key and IV every time', async () => {
    const { publicJwk } = await generateKeyPairJwk();
    const a = await encryptPayload(publicJwk, 'k', { x: 1 });
    const b = await encryptPayload(publicJwk, 'k', { x: 1 });
    expect(a.iv).not.toBe(b.iv);
    expect(a.key).not.toBe(b.key);
    expect(a.data).not.toBe(b.data);
  });

  it('rejects the wrong key, tampered data, a bad IV and garbage', async () => {
    const one = await generateKeyPairJwk();
    const two = await generateKeyPairJwk();
    const body = await encryptPayload(one.publicJwk, 'k', { a: 1 });
    const priv = await importPrivateKey(one.privateJwk);
    await expect(decryptPayload(await importPrivateKey(two.privateJwk), body)).rejects.toThrow();
    const data = decodeBase64(body.data);
    data[0] = (data[0] ?? 0) ^ 1;
    await expect(decryptPayload(priv, { ...body, data: encodeBase64(data) })).rejects.toThrow();
    await expect(decryptPayload(priv, { ...body, iv: encodeBase64(new Uint8Array(8)) })).rejects.toThrow();
    await expect(decryptPayload(priv, { ...body, key: '!!!not base64' })).rejects.toThrow();
  });

  it('encodes base64 without Buffer, including large inputs', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 256);
    const text = encodeBase64(bytes);
    expect(text).toBe(Buffer.from(bytes).toString('base64'));
    expect(decodeBase64(text)).toEqual(bytes);
    expect(encodeBase64(new Uint8Array())).toBe('');
  });
});
