import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { createPasswordHasher, isWeakPassword } from './password-hasher';

describe('password hasher', () => {
  const hasher = createPasswordHasher({ logN: 10 });

  it('verifies the right password and rejects others', async () => {
    const stored = await hasher.hash('Correct horse 9');
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await hasher.verify('Correct horse 9', stored)).toBe(true);
    expect(await hasher.verify('Correct horse 8', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('same-password-1')).not.toBe(await hasher.hash('same-password-1'));
  });

  it('never matches malformed or locked hashes', async () => {
    expect(await hasher.verify('locked', 'locked')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$99$8$1$abc$def')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$10$8$1$abc$short')).toBe(false);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('verifies hashes made with other costs and flags them for rehashing', async () => {
    const old = await createPasswordHasher({ logN: 11 }).hash('Upgrade me 1');
    expect(await hasher.verify('Upgrade me 1', old)).toBe(true);
    expect(hasher.needsRehash(old)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('Upgrade me 1'))).toBe(false);
  });

  it('accepts the production cost (N=2^17) despite Node’s default memory cap', async () => {
    const strong = createPasswordHasher({ logN: 17 });
    const stored = await strong.hash('Production 1');
    expect(await strong.verify('Production 1', stored)).toBe(true);
  });
});

describe('weak passwords', () => {
  it('holds the 3,000 most common passwords', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(2900);
    expect(COMMON_PASSWORDS.size).toBeLessThanOrEqual(3000);
  });

  it('rejects the default and common passwords, case-insensitively', () => {
    for (const p of ['{secret}', '123456', 'password', 'PassWord', 'qwerty123', 'abc123', 'iloveyou']) {
      expect(isWeakPassword(p), p).toBe(true);
    }
  });

  it('accepts uncommon passwords', () => {
    for (const p of ['Lumen2024bet', 'x9Tq7mPz2', 'correct horse battery staple']) {
      expect(isWeakPassword(p), p).toBe(false);
    }
  });
});
