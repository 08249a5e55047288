import type { Kysely } from 'kysely';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { findMemberAccountsOf } from './ledger.repository';
import type { PostResult } from './ledger.types';

type Db = Kysely<Database>;

/** The main wallet's purpose (ledger.service.ts PLAYER_MAIN; repeated here so the service is not imported for a string). */
const PLAYER_MAIN = 'player_main';
/** How long a balance read from the database is trusted. Bounds what a missed eviction could leave behind. */
const BALANCE_TTL_MS = 5_000;
/** Wallets whose balance is kept at most; the oldest go first. */
const MAX_ENTRIES = 20_000;
/**
 * After a post inside a caller's transaction, whose commit the ledger never sees, its accounts are
 * read from the database (and not kept) for this long: the commit's notification may reach this
 * instance after the caller has answered its client, who then asks for the balance.
 */
const UNCOMMITTED_BYPASS_MS = 10_000;

/** The ledger calls that move money; each answers the balances of the accounts it touched. */
type Posting = {
  postTransaction(input: never, trx?: Db): Promise<PostResult>;
  creditPlayerFromSystem(input: never, trx?: Db): Promise<PostResult>;
  createHold(input: never, trx?: Db): Promise<PostResult>;
  postHold(input: never, trx?: Db): Promise<PostResult>;
  voidHold(input: never, trx?: Db): Promise<PostResult>;
  /** Several posts inside the caller's transaction (absent from test doubles). */
  postManyWithin?(trx: Db, inputs: never[]): Promise<PostResult[]>;
  /** The calls that create a member's accounts (absent from test doubles). */
  ensurePlayerWallet?(dbOrTrx: Db, memberId: string, currency?: string): Promise<string>;
  ensureMemberAccount?(dbOrTrx: Db, memberId: string, purpose: string, currency: string): Promise<string>;
  ensureMemberAccounts?(
    dbOrTrx: Db,
    memberIds: string[],
    purpose: string,
    currency: string,
  ): Promise<Map<string, string>>;
};

export type BalanceCacheContext = {
  db: Db;
  changeFeed?: Pick<ChangeFeed, 'isLive' | 'subscribe' | 'onReset'>;
  now?: () => number;
};

/**
 * The balance a player sees (GET /wps/v2/wallets/balance) is read on every lobby page and poll.
 * Each instance keeps the main-wallet balances it has read, used only while the change feed is
 * live (cleared whenever it goes down or comes back). A balance is evicted
 *  - on every instance, by the notification a trigger on ledger_accounts sends when a player
 *    account's balance changes, whoever writes it (ledger service, seamless callbacks, SQL);
 *  - on this instance at once, when a ledger call made through `watch` returns: after its commit
 *    when the ledger ran its own transaction, and for a post inside a caller's transaction the
 *    account is read from the database until that commit's notification has surely arrived.
 * An account a member does not have yet reads 0 and is kept as missing (a new player has no bonus
 * account until their first game, and the page asks for it every time); that is evicted by the notification of the
 * account's creation (migration 0696), and on this instance by `watch`'s calls that create
 * accounts, the member's missing accounts then read from the database until that commit's
 * notification has surely arrived.
 * Money decisions never read this cache: the ledger's own reads and `ledger_post` do.
 */
export function createBalanceCache(ctx: BalanceCacheContext) {
  const { db } = ctx;
  const now = ctx.now ?? Date.now;
  const feed = ctx.changeFeed;
  /** `${memberId}:${currency}:${purpose}` → the account's id: it never changes once created. */
  const wallets = new Map<string, string>();
  const balances = new Map<string, { balance: bigint; cachedAt: number }>();
  const bypassUntil = new Map<string, number>();
  /** Member id → `${currency}:${purpose}` of the accounts found missing → when. */
  const missing = new Map<string, Map<string, number>>();
  /** `${memberId}:${purpose}` of accounts created in a caller's transaction → until when they are read from the database. */
  const missingBypassUntil = new Map<string, number>();
  // Bumped by every eviction. A read that started before one may predate the write behind it, so
  // its value is not kept.
  let version = 0;

  function evict(accountId: string): void {
    version++;
    balances.delete(accountId);
  }

  function forgetMissing(memberId: string): void {
    version++;
    missing.delete(memberId);
  }

  function clear(): void {
    version++;
    balances.clear();
    wallets.clear();
    missing.clear();
  }

  function isBypassedIn(map: Map<string, number>, id: string): boolean {
    const until = map.get(id);
    if (until === undefined) return false;
    if (now() < until) return true;
    map.delete(id);
    return false;
  }

  function bypassIn(map: Map<string, number>, id: string): void {
    const at = now();
    if (map.size >= MAX_ENTRIES) for (const [key, until] of map) if (until <= at) map.delete(key);
    map.set(id, at + UNCOMMITTED_BYPASS_MS);
  }

  const isBypassed = (accountId: string) => isBypassedIn(bypassUntil, accountId);

  function remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    if (map.size >= MAX_ENTRIES) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, value);
  }

  /**
   * A member's accounts were (or may have been) created by this instance: forget them as missing,
   * and inside a caller's transaction read them from the database until its commit's notification
   * has surely arrived.
   */
  function created(memberIds: Iterable<string>, purpose: string, inCallerTransaction: boolean): void {
    for (const memberId of memberIds) {
      if (inCallerTransaction) bypassIn(missingBypassUntil, `${memberId}:${purpose}`);
      forgetMissing(String(memberId));
    }
  }

  feed?.subscribe(CHANGE_CHANNELS.balanceChange, evict);
  feed?.subscribe(CHANGE_CHANNELS.accountCreated, forgetMissing);
  feed?.onReset(clear);

  /** Evict the accounts a ledger call touched, once it returns (see the module comment). */
  function afterPost<A extends unknown[], R extends PostResult>(call: (...args: A) => Promise<R>, trxArg: number) {
    return async (...args: A): Promise<R> => {
      const result = await call(...args);
      const inCallerTransaction = args[trxArg] !== undefined;
      for (const accountId of Object.keys(result.balances)) {
        if (inCallerTransaction) bypass(accountId);
        evict(accountId);
      }
      return result;
    };
  }

  function bypass(accountId: string): void {
    bypassIn(bypassUntil, accountId);
  }

  /** The same for a call that posts many transactions inside the caller's transaction (its first argument). */
  function afterPostMany(call: (trx: Db, inputs: never[]) => Promise<PostResult[]>) {
    return async (trx: Db, inputs: never[]): Promise<PostResult[]> => {
      const results = await call(trx, inputs);
      for (const result of results) {
        for (const accountId of Object.keys(result.balances)) {
          bypass(accountId);
          evict(accountId);
        }
      }
      return results;
    };
  }

  /**
   * Forget a member's missing accounts once a call that may create accounts returns: `membersOf`
   * names the members and the purpose from its arguments, `isWithin` tells whether it ran in the
   * caller's transaction.
   */
  function afterCreate<A extends unknown[], R>(
    call: (...args: A) => Promise<R>,
    membersOf: (args: A) => { memberIds: string[]; purpose: string },
    isWithin: (args: A) => boolean,
  ) {
    return async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } finally {
        const { memberIds, purpose } = membersOf(args);
        created(memberIds, purpose, isWithin(args));
      }
    };
  }

  /** Whether an ensure call's connection is a caller's transaction (its commit comes later). */
  const isTransaction = ([dbOrTrx]: [Db, ...unknown[]]) => dbOrTrx.isTransaction;

  /** A cached balance of one account of a member: a bigint, or undefined when it must be read. */
  function cachedBalance(memberId: string, currency: string, purpose: string): bigint | undefined {
    const accountId = wallets.get(`${memberId}:${currency}:${purpose}`);
    if (accountId === undefined) {
      const at = missing.get(memberId)?.get(`${currency}:${purpose}`);
      const isMissing =
        at !== undefined && now() - at < BALANCE_TTL_MS && !isBypassedIn(missingBypassUntil, `${memberId}:${purpose}`);
      return isMissing ? 0n : undefined;
    }
    if (isBypassed(accountId)) return undefined;
    const entry = balances.get(accountId);
    return entry && now() - entry.cachedAt < BALANCE_TTL_MS ? entry.balance : undefined;
  }

  /**
   * A member's balances in `currency` in the accounts of these purposes (0 where there is none),
   * from memory while the feed is live, the others read in one indexed statement.
   */
  async function readMany(memberId: string, currency: string, purposes: readonly string[]): Promise<bigint[]> {
    const isLive = feed?.isLive === true;
    const found = purposes.map((p) => (isLive ? cachedBalance(memberId, currency, p) : undefined));
    const toRead = purposes.filter((_, i) => found[i] === undefined);
    if (toRead.length === 0) return found as bigint[];
    const readVersion = version;
    const accounts = await findMemberAccountsOf(db, memberId, toRead, currency);
    const byPurpose = new Map(accounts.map((a) => [a.purpose, a]));
    const isKept = feed?.isLive === true && readVersion === version;
    for (const purpose of toRead) {
      const account = byPurpose.get(purpose);
      if (!isKept) continue;
      if (account && !isBypassed(account.id)) {
        remember(wallets, `${memberId}:${currency}:${purpose}`, account.id);
        remember(balances, account.id, { balance: account.balance, cachedAt: now() });
      } else if (!account && !isBypassedIn(missingBypassUntil, `${memberId}:${purpose}`)) {
        const ofMember = missing.get(memberId) ?? new Map<string, number>();
        ofMember.set(`${currency}:${purpose}`, now());
        remember(missing, memberId, ofMember);
      }
    }
    return purposes.map((p, i) => found[i] ?? byPurpose.get(p)?.balance ?? 0n);
  }

  return {
    readMany,

    /**
     * A member's main-wallet balance in `currency` (0 without a wallet), from memory while the feed
     * is live; `purpose` reads another of the member's player accounts the same way (the bonus account).
     */
    async read(memberId: string, currency: string, purpose: string = PLAYER_MAIN): Promise<bigint> {
      const [balance] = await readMany(memberId, currency, [purpose]);
      return balance!;
    },

    /** The ledger, its money-moving calls evicting what they touched on this instance. */
    watch<L extends Posting>(ledger: L): L {
      const watched = {
        ...ledger,
        postTransaction: afterPost(ledger.postTransaction, 1),
        // It creates the member's wallet when missing, in the caller's transaction when given one.
        creditPlayerFromSystem: afterCreate(
          afterPost(ledger.creditPlayerFromSystem, 1),
          ([input]) => ({ memberIds: [(input as { memberId: string }).memberId], purpose: PLAYER_MAIN }),
          ([, trx]) => trx !== undefined,
        ),
        ...(ledger.postManyWithin ? { postManyWithin: afterPostMany(ledger.postManyWithin) } : {}),
        ...(ledger.ensurePlayerWallet
          ? {
              ensurePlayerWallet: afterCreate(
                ledger.ensurePlayerWallet,
                ([, memberId]) => ({ memberIds: [memberId], purpose: PLAYER_MAIN }),
                isTransaction,
              ),
            }
          : {}),
        ...(ledger.ensureMemberAccount
          ? {
              ensureMemberAccount: afterCreate(
                ledger.ensureMemberAccount,
                ([, memberId, purpose]) => ({ memberIds: [memberId], purpose }),
                isTransaction,
              ),
            }
          : {}),
        ...(ledger.ensureMemberAccounts
          ? {
              ensureMemberAccounts: afterCreate(
                ledger.ensureMemberAccounts,
                ([, memberIds, purpose]) => ({ memberIds, purpose }),
                isTransaction,
              ),
            }
          : {}),
        createHold: afterPost(ledger.createHold, 1),
        postHold: afterPost(ledger.postHold, 1),
        voidHold: afterPost(ledger.voidHold, 1),
      };
      return watched as L;
    },

    /** Balances held now (tests). */
    get size(): number {
      return balances.size;
    },
  };
}

export type BalanceCache = ReturnType<typeof createBalanceCache>;
