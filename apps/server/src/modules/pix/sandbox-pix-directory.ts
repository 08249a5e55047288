import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DirectoryAccount, PixDirectoryProvider } from './pix-directory';
import {
  findEntries,
  findEntryByAccount,
  findEntryByKey,
  insertEntry,
  type SandboxDirectoryEntry,
} from './pix-directory.repository';

/**
 * The built-in sandbox PIX directory. It behaves like the real one behind a provider: it keeps
 * its own entries (accounts with their owner's CPF and name, and the keys on them), which
 * testers list on its page (/sandbox-pix/directory), and answers lookups from them.
 */
export function createSandboxPixDirectory(ctx: { db: Kysely<Database> }) {
  const { db } = ctx;
  /** What a lookup answers: the account and its owner, not the sandbox's bookkeeping. */
  const account = (entry: SandboxDirectoryEntry | undefined): DirectoryAccount | null =>
    entry
      ? {
          ownerCpf: entry.ownerCpf,
          ownerName: entry.ownerName,
          bankCode: entry.bankCode,
          accountNumber: entry.accountNumber,
        }
      : null;
  const provider: PixDirectoryProvider = {
    name: 'sandbox',
    lookupKey: async (keyType, key) => account(await findEntryByKey(db, keyType, key)),
    lookupAccount: async (bankCode, accountNumber) => account(await findEntryByAccount(db, bankCode, accountNumber)),
  };
  return {
    provider,
    /** The newest entries, for the sandbox's page. */
    list: () => findEntries(db, 50),
    /** List an account and, optionally, a key on it; false when the key is listed already. */
    add: (entry: Parameters<typeof insertEntry>[1]) => insertEntry(db, entry),
  };
}

export type SandboxPixDirectory = ReturnType<typeof createSandboxPixDirectory>;
