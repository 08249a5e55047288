import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { DEFAULT_WEAK_PASSWORD } from '@wps/shared/constants';
import { COMMON_PASSWORDS } from './common-passwords';

const scrypt = promisify(crypto.scrypt) as (
  password: string | Buffer,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

type ScryptParams = { logN: number; r: number; p: number };

/** Memory scrypt needs (128·N·r bytes) plus headroom; Node's 32 MiB default refuses N=2^17. */
function maxmemFor({ logN, r }: ScryptParams): number {
  return 128 * 2 ** logN * r + 16 * 1024 * 1024;
}

async function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    N: 2 ** params.logN,
    r: params.r,
    p: params.p,
    maxmem: maxmemFor(params),
  });
}

function parse(stored: string): (ScryptParams & { salt: Buffer; hash: Buffer }) | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, logN, r, p, salt, hash] = parts;
  const params = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (![params.logN, params.r, params.p].every((n) => Number.isInteger(n) && n > 0) || params.logN > 22) return null;
  return { ...params, salt: Buffer.from(salt ?? '', 'base64url'), hash: Buffer.from(hash ?? '', 'base64url') };
}

/**
 * scrypt password hashing (security guide: N=2^17, r=8, p=1). The cost is stored with each hash,
 * so raising `logN` later still verifies old hashes and `needsRehash` tells when to upgrade one.
 */
export function createPasswordHasher(opts: { logN: number }) {
  const current: ScryptParams = { logN: opts.logN, r: BLOCK_SIZE, p: PARALLELISM };
  let dummy: Promise<string> | undefined;

  async function hash(password: string): Promise<string> {
    const salt = crypto.randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, current);
    return ['scrypt', current.logN, current.r, current.p, salt.toString('base64url'), key.toString('base64url')].join(
      '$',
    );
  }

  return {
    hash,

    /** Constant-time check of a password against a stored hash; malformed hashes never match. */
    async verify(password: string, stored: string): Promise<boolean> {
      const parsed = parse(stored);
      if (!parsed || parsed.hash.length !== KEY_LENGTH) return false;
      const key = await derive(password, parsed.salt, parsed);
      return crypto.timingSafeEqual(key, parsed.hash);
    },

    /**
     * Spend the same time as a real check when there is no account, so response times do not
     * reveal which account names exist.
     */
    async verifyDummy(password: string): Promise<false> {
      dummy ??= hash(crypto.randomBytes(16).toString('hex'));
      const stored = await dummy;
      const parsed = parse(stored);
      if (parsed) await derive(password, parsed.salt, parsed);
      return false;
    },

    /** Whether a stored hash uses weaker (or different) parameters than the current ones. */
    needsRehash(stored: string): boolean {
      const parsed = parse(stored);
      return !parsed || parsed.logN !== current.logN || parsed.r !== current.r || parsed.p !== current.p;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/** Whether a password is the default '{secret}' or one of the 3,000 most common passwords. */
export function isWeakPassword(password: string): boolean {
  return password === DEFAULT_WEAK_PASSWORD || COMMON_PASSWORDS.has(password.toLowerCase());
}
