import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findAllSettings } from '../system/system.repository';
import { hasAnyChannel, insertChannel } from './deposit.repository';

/**
 * The demo operator's deposit channels: one manual bank transfer, one sandbox gateway and (in
 * reais) a PIX channel on the sandbox gateway, whose charges carry a BR Code. Runs
 * at every start but only fills an empty table; channels are never deleted (only disabled), so
 * an operator's changes stick.
 */
export async function seedDemoDepositChannels(db: Kysely<Database>): Promise<boolean> {
  if (await hasAnyChannel(db)) return false;
  const brand = (await findAllSettings(db)).find((s) => s.key === 'brand')?.value as { currency?: string } | undefined;
  const currency = brand?.currency ?? 'BRL';
  await insertChannel(db, {
    name: 'Transferência bancária',
    type: 'manual_bank',
    currency,
    minMinor: 1_000n,
    maxMinor: 5_000_000n,
    feeFixedMinor: 0n,
    feeBps: 0,
    enabled: true,
    sort: 1,
    bankName: 'Banco Demo S.A.',
    accountNumber: '0001 / 123456-7',
    accountHolder: 'Lumen Bet Pagamentos Ltda',
    provider: null,
    method: 'bank_transfer',
  });
  // The sandbox gateway takes any kind of money; in reais it also takes PIX, each on its own channel.
  const sandboxChannel = (name: string, method: 'other' | 'pix') =>
    insertChannel(db, {
      name,
      type: 'gateway',
      currency,
      minMinor: 500n,
      maxMinor: 1_000_000n,
      feeFixedMinor: 0n,
      feeBps: 0,
      enabled: true,
      sort: 0,
      bankName: null,
      accountNumber: null,
      accountHolder: null,
      provider: 'sandbox',
      method,
    });
  await sandboxChannel('Sandbox Pay', 'other');
  if (currency === 'BRL') await sandboxChannel('PIX', 'pix');
  return true;
}
