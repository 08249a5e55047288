import type { EncryptedBody } from './schemas/session';

/**
 * Payload encryption for the calls in ENCRYPTED_PATHS (docs/api.md). A random 256-bit AES-GCM
 * key encrypts the JSON plaintext with a random 12-byte IV; RSA-OAEP (SHA-256) wraps that key for
 * the server's current public key. The plaintext is `{ ts, nonce, body }`: the sending time and a
 * random nonce travel inside the ciphertext (so they cannot be changed without breaking it), and
 * the server refuses a replayed nonce or a stale time. Only WebCrypto (globalThis.crypto.subtle)
 * and btoa/atob are used, so the same code runs in browsers, Node 20 and the tests.
 */

const RSA_ALGORITHM = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const RSA_MODULUS_BITS = 2048;
const AES_KEY_BITS = 256;
const IV_BYTES = 12;
/** Random bytes of a payload nonce (base64url, 22 characters). */
const NONCE_BYTES = 16;
/** What the server accepts as a nonce: base64url, 16 to 64 characters. */
export const PAYLOAD_NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The decrypted plaintext of an encrypted body: sending time (epoch ms), nonce, and the call's body. */
export type SealedPayload = { ts: number; nonce: string; body: unknown };

/** Freshness fields a caller may fix (tests, a client correcting its clock by the server's time). */
export type SealOptions = { timestamp?: number; nonce?: string };

export type RsaKeyPairJwk = { publicJwk: JsonWebKey; privateJwk: JsonWebKey };

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available (a secure context is required in browsers)');
  return s;
}

/** Encode bytes as standard base64 without Buffer, so it works in the browser. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode's argument count bounded for large payloads.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Decode standard base64; throws on invalid input. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Only the public members of an RSA JWK, so a private key can never leak through this path. */
export function toPublicJwk(jwk: JsonWebKey): JsonWebKey {
  if (jwk.kty !== 'RSA' || !jwk.n || !jwk.e) throw new Error('not an RSA key');
  return { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256', ext: true };
}

/** Generate a fresh RSA-OAEP-256 key pair, both halves exported as JWK. */
export async function generateKeyPairJwk(): Promise<RsaKeyPairJwk> {
  const pair = await subtle().generateKey(
    { ...RSA_ALGORITHM, modulusLength: RSA_MODULUS_BITS, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const [publicJwk, privateJwk] = await Promise.all([
    subtle().exportKey('jwk', pair.publicKey),
    subtle().exportKey('jwk', pair.privateKey),
  ]);
  return { publicJwk: toPublicJwk(publicJwk), privateJwk };
}

/** Import a public JWK for encrypting. */
export async function importPublicKey(jwk: JsonWebKey): Promise<CryptoKey> {
  return subtle().importKey('jwk', toPublicJwk(jwk), RSA_ALGORITHM, false, ['encrypt']);
}

/** Import a private JWK for decrypting (non-extractable once imported). */
export async function importPrivateKey(jwk: JsonWebKey): Promise<CryptoKey> {
  const { key_ops: _ops, ...rest } = jwk;
  return subtle().importKey('jwk', { ...rest, alg: 'RSA-OAEP-256' }, RSA_ALGORITHM, false, ['decrypt']);
}

function isJwk(key: JsonWebKey | CryptoKey): key is JsonWebKey {
  return 'kty' in key;
}

/** A fresh random nonce for one encrypted body. */
export function newPayloadNonce(): string {
  return encodeBase64(globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * Encrypt any JSON plaintext for the key `keyId` (a public JWK or an imported CryptoKey), as it
 * is: the low-level half of encryptPayload. The server only accepts a SealedPayload plaintext.
 */
export async function encryptPlaintext(
  publicKey: JsonWebKey | CryptoKey,
  keyId: string,
  plaintext: unknown,
): Promise<EncryptedBody> {
  const rsaKey = isJwk(publicKey) ? await importPublicKey(publicKey) : publicKey;
  const aesKey = await subtle().generateKey({ name: 'AES-GCM', length: AES_KEY_BITS }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(plaintext));
  const [cipher, rawKey] = await Promise.all([
    subtle().encrypt({ name: 'AES-GCM', iv }, aesKey, plain),
    subtle().exportKey('raw', aesKey),
  ]);
  const wrapped = await subtle().encrypt(RSA_ALGORITHM, rsaKey, rawKey);
  return {
    keyId,
    key: encodeBase64(new Uint8Array(wrapped)),
    iv: encodeBase64(iv),
    data: encodeBase64(new Uint8Array(cipher)),
  };
}

/**
 * Encrypt a call's JSON body for the key `keyId`, sealed with the sending time and a fresh
 * nonce (`{ ts, nonce, body }`). Encrypt again for every send: a body sent twice is a replay.
 */
export async function encryptPayload(
  publicKey: JsonWebKey | CryptoKey,
  keyId: string,
  payload: unknown,
  options: SealOptions = {},
): Promise<EncryptedBody> {
  const sealed: SealedPayload = {
    ts: Math.round(options.timestamp ?? Date.now()),
    nonce: options.nonce ?? newPayloadNonce(),
    body: payload,
  };
  return encryptPlaintext(publicKey, keyId, sealed);
}

/**
 * Decrypt an encrypted body with the matching private key and parse its JSON, as it is. Throws
 * on any failure (bad base64, wrong key, tampered data, wrong IV length, invalid JSON).
 */
export async function decryptPlaintext(privateKey: CryptoKey, body: EncryptedBody): Promise<unknown> {
  const iv = decodeBase64(body.iv);
  if (iv.length !== IV_BYTES) throw new Error(`iv must be ${IV_BYTES} bytes`);
  const rawKey = await subtle().decrypt(RSA_ALGORITHM, privateKey, decodeBase64(body.key));
  if (rawKey.byteLength !== AES_KEY_BITS / 8) throw new Error('wrapped key must be 256 bits');
  const aesKey = await subtle().importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv }, aesKey, decodeBase64(body.data));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)) as unknown;
}

/** The plaintext as a SealedPayload, or null when its time or nonce is missing or malformed. */
export function asSealedPayload(plaintext: unknown): SealedPayload | null {
  if (typeof plaintext !== 'object' || plaintext === null || Array.isArray(plaintext)) return null;
  const { ts, nonce, body } = plaintext as Record<string, unknown>;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts <= 0) return null;
  if (typeof nonce !== 'string' || !PAYLOAD_NONCE_PATTERN.test(nonce)) return null;
  return { ts, nonce, body };
}

/** Decrypt a body made by encryptPayload. Throws on any failure, including a plaintext without time or nonce. */
export async function decryptPayload(privateKey: CryptoKey, body: EncryptedBody): Promise<SealedPayload> {
  const sealed = asSealedPayload(await decryptPlaintext(privateKey, body));
  if (!sealed) throw new Error('the plaintext carries no valid ts and nonce');
  return sealed;
}
