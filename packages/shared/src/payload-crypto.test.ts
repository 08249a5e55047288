import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decryptPayload,
  encodeBase64,
  encryptPayload,
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
    expect(await decryptPayload(privateKey, body)).toEqual(payload);
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
    expect(await decryptPayload(await importPrivateKey(privateJwk), body)).toEqual([1, 'a']);
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
