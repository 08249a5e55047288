import type { PixKeyType } from '@wps/shared/pix-key';

/** What the directory knows of an account: its owner and where it is. */
export type DirectoryAccount = {
  /** The owner's CPF, 11 digits. */
  ownerCpf: string;
  ownerName: string;
  /** The bank's COMPE code and the account number (digits). */
  bankCode: string;
  accountNumber: string;
};

/**
 * The PIX directory (the Banco Central's DICT, asked through the operator's payment provider):
 * who owns a PIX key and which account it points at, and who owns a bank account (the provider's
 * ownership check, "consulta de titularidade"). Outside calls: never made inside a database
 * transaction. A lookup answers null when the directory has no such key or account, and throws
 * when the directory cannot be asked (the caller refuses rather than guess).
 */
export type PixDirectoryProvider = {
  readonly name: string;
  lookupKey(keyType: PixKeyType, key: string): Promise<DirectoryAccount | null>;
  lookupAccount(bankCode: string, accountNumber: string): Promise<DirectoryAccount | null>;
};
