import { ErrorCode } from '@wps/shared/error-codes';
import type { PixKeyType } from '@wps/shared/pix-key';
import { sameName } from '@wps/shared/schemas/security';
import { AppError } from '../../http/app-error';
import type { DirectoryAccount, PixDirectoryProvider } from '../pix/pix-directory';

/**
 * Whose a payout account is (docs/compliance.md, "PIX"). Under a licence that pays only the
 * player's own accounts (BR: Law 14.790/2023 art. 30), a PIX key or bank account is bound only
 * when the PIX directory names the player's own CPF as its owner; elsewhere a PIX key's owner
 * must carry the player's payee name, as a bank account's holder does.
 */
export type PayoutOwnership = {
  rules(): Promise<{ ownAccountsOnly: boolean }>;
  /** The player's CPF (identity module), null when the account has none. */
  cpfOf(memberId: string): Promise<string | null>;
  /** The PIX directory; null when none may run (the sandbox in production, unallowed). */
  directory: PixDirectoryProvider | null;
};

export function createPayoutOwnership(port: () => PayoutOwnership | undefined) {
  async function ownAccountsOnly(): Promise<boolean> {
    return (await port()?.rules())?.ownAccountsOnly ?? false;
  }

  /** A directory lookup; PIX_DIRECTORY_UNAVAILABLE when there is none or it failed (never read as "not found"). */
  async function ask(
    lookup: (directory: PixDirectoryProvider) => Promise<DirectoryAccount | null>,
  ): Promise<DirectoryAccount | null> {
    const directory = port()?.directory;
    if (!directory) throw new AppError(ErrorCode.PIX_DIRECTORY_UNAVAILABLE, 'The PIX directory is not available');
    try {
      return await lookup(directory);
    } catch {
      throw new AppError(ErrorCode.PIX_DIRECTORY_UNAVAILABLE, 'The PIX directory did not answer');
    }
  }

  /** The player's CPF where the licence asks for own accounts; OWN_CPF_REQUIRED when the account has none. */
  async function ownCpf(memberId: string): Promise<string> {
    const cpf = await port()?.cpfOf(memberId);
    if (!cpf)
      throw new AppError(ErrorCode.OWN_CPF_REQUIRED, 'Your account has no CPF to match payout accounts against');
    return cpf;
  }

  /** Refuse an account the directory does not know, one of another CPF (own accounts only) or, elsewhere, of another name. */
  async function assertOwn(
    memberId: string,
    owner: DirectoryAccount | null,
    payeeName: string,
    ownOnly: boolean,
  ): Promise<DirectoryAccount> {
    if (!owner)
      throw new AppError(ErrorCode.PAYOUT_ACCOUNT_UNKNOWN, 'The PIX directory does not know this key or account');
    if (ownOnly) {
      if (owner.ownerCpf !== (await ownCpf(memberId)))
        throw new AppError(ErrorCode.PAYOUT_ACCOUNT_NOT_OWN, 'This key or account belongs to another CPF');
    } else if (!sameName(owner.ownerName, payeeName)) {
      throw new AppError(ErrorCode.BANK_ACCOUNT_HOLDER_MISMATCH, 'The account holder must be your bound real name');
    }
    return owner;
  }

  return {
    ownAccountsOnly,

    /** A bank account to bind: where the licence asks for own accounts, the directory must name the player's CPF as its owner. */
    async checkBankAccount(
      memberId: string,
      bankCode: string,
      accountNumber: string,
      payeeName: string,
    ): Promise<void> {
      if (!(await ownAccountsOnly())) return;
      await assertOwn(memberId, await ask((d) => d.lookupAccount(bankCode, accountNumber)), payeeName, true);
    },

    /** A PIX key to bind: the account the directory names for it, once its owner is the player. */
    async resolveKey(memberId: string, keyType: PixKeyType, key: string, payeeName: string): Promise<DirectoryAccount> {
      const ownOnly = await ownAccountsOnly();
      // A CPF key is its owner's CPF: another one is refused without asking anyone.
      if (ownOnly && keyType === 'cpf' && key !== (await ownCpf(memberId)))
        throw new AppError(ErrorCode.PAYOUT_ACCOUNT_NOT_OWN, 'This key belongs to another CPF');
      return assertOwn(memberId, await ask((d) => d.lookupKey(keyType, key)), payeeName, ownOnly);
    },
  };
}

export type PayoutOwnershipCheck = ReturnType<typeof createPayoutOwnership>;
