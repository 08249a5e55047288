import type { Kysely } from 'kysely';
import { isTrialType } from '@wps/shared/constants';
import type { Database } from '../../db/schema';
import { PLAYER_MAIN, type LedgerService } from '../ledger/ledger.service';
import { PLAYER_BONUS, type SystemPurpose } from '../ledger/ledger.types';
import type { MemberService } from '../member/member.service';
import { refuse } from './seamless-refusals';
import { housePurposeFor } from './seamless-shared';
import type { SeamlessAccounts } from './seamless.types';

type Db = Kysely<Database>;

/** A player's wallet as the seamless wallet moves it: main and bonus accounts, and whether it is a trial account's. */
export type SeamlessWallet = { walletId: string; bonusWalletId: string; demo: boolean };

/**
 * The ledger accounts the seamless wallet moves money between: each player's main and bonus
 * accounts, and the house shards. Account ids never change once created, and neither does an
 * account's type (a trial account stays one), so they are kept in memory and hot callbacks skip the
 * upserts and the member read. Accounts are found or created before a callback's transaction:
 * creating one inside many concurrent transactions would make them queue on one uncommitted insert.
 */
export function createSeamlessAccounts(deps: {
  db: Db;
  ledger: LedgerService;
  member: Pick<MemberService, 'findMemberBrief' | 'findMemberTypes'>;
}) {
  const { db, ledger } = deps;
  const wallets = new Map<string, SeamlessWallet>();
  const houseIds = new Map<string, string>();

  /** A house shard's account id, found or created. */
  async function houseAccount(purpose: SystemPurpose, currency: string): Promise<string> {
    let houseId = houseIds.get(`${purpose}:${currency}`);
    if (!houseId) {
      houseId = await ledger.ensureSystemAccount(purpose, currency, db);
      houseIds.set(`${purpose}:${currency}`, houseId);
    }
    return houseId;
  }

  /**
   * The player's wallet and house shard. `demo`: a trial account, whose game money moves against
   * the demo house, never house_cash.
   */
  async function accountsFor(_t: Db, memberId: string, currency: string): Promise<SeamlessAccounts> {
    let wallet = wallets.get(`${memberId}:${currency}`);
    if (!wallet) {
      // Only members get a wallet: a made-up player id in a win or rollback is an unknown bet.
      const member = await deps.member.findMemberBrief(String(memberId));
      if (!member) throw refuse('unknown_player');
      // The bonus account exists from the first game on, so the bet path never has to ask
      // whether it does: a player without bonus money has it at zero (migration 0251).
      wallet = {
        walletId: await ledger.ensurePlayerWallet(db, memberId, currency),
        bonusWalletId: await ledger.ensureMemberAccount(db, memberId, PLAYER_BONUS, currency),
        demo: isTrialType(Number(member.type)),
      };
      wallets.set(`${memberId}:${currency}`, wallet);
    }
    return { ...wallet, houseId: await houseAccount(housePurposeFor(memberId, wallet.demo), currency) };
  }

  /**
   * Many players' accounts into memory at once (a draw's winners): their types read in one
   * statement, their wallets and bonus accounts found or created in two, instead of three each. A
   * made-up player stays out, and accountsFor refuses it as before.
   */
  async function warmAccounts(memberIds: string[], currency: string): Promise<void> {
    const cold = [...new Set(memberIds.map(String))].filter((m) => !wallets.has(`${m}:${currency}`));
    if (cold.length === 0) return;
    const types = await deps.member.findMemberTypes(cold);
    const known = cold.flatMap((m) => (types.has(m) ? [{ memberId: m, demo: isTrialType(types.get(m)!) }] : []));
    const ids = known.map((k) => k.memberId);
    const [main, bonus] = await Promise.all([
      ledger.ensureMemberAccounts(db, ids, PLAYER_MAIN, currency),
      ledger.ensureMemberAccounts(db, ids, PLAYER_BONUS, currency),
    ]);
    for (const k of known)
      wallets.set(`${k.memberId}:${currency}`, {
        walletId: main.get(k.memberId)!,
        bonusWalletId: bonus.get(k.memberId)!,
        demo: k.demo,
      });
  }

  return {
    accountsFor,
    warmAccounts,
    houseAccount,
    /** A wallet already in memory (warmAccounts or accountsFor found it), without a query. */
    knownWallet: (memberId: string, currency: string): SeamlessWallet | undefined =>
      wallets.get(`${memberId}:${currency}`),
    /** A house shard's id already in memory (houseAccount found it), without a query. */
    knownHouse: (purpose: SystemPurpose, currency: string): string | undefined =>
      houseIds.get(`${purpose}:${currency}`),
  };
}

export type SeamlessAccountsCache = ReturnType<typeof createSeamlessAccounts>;
