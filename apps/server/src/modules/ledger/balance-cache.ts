import type { Kysely } from 'kysely';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { findMemberAccount } from './ledger.repository';
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
  // Bumped by every eviction. A read that started before one may predate the write behind it, so
  // its value is not kept.
  let version = 0;

  function evict(accountId: string): void {
    version++;
    balances.delete(accountId);
  }

  function clear(): void {
    version++;
    balances.clear();
    wallets.clear();
  }

  function isBypassed(accountId: string): boolean {
    const until = bypassUntil.get(accountId);
    if (until === undefined) return false;
    if (now() < until) return true;
    bypassUntil.delete(accountId);
    return false;
  }

  function bypass(accountId: string): void {
    const at = now();
    if (bypassUntil.size >= MAX_ENTRIES) for (const [id, until] of bypassUntil) if (until <= at) bypassUntil.delete(id);
    bypassUntil.set(accountId, at + UNCOMMITTED_BYPASS_MS);
  }

  function remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    if (map.size >= MAX_ENTRIES) {
      const oldest = map.keys().next();
      if (!oldest.done) map.delete(oldest.value);
    }
    map.set(key, value);
  }

  feed?.subscribe(CHANGE_CHANNELS.balanceChange, evict);
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

  return {
    /**
     * A member's main-wallet balance in `currency` (0 without a wallet), from memory while the feed
     * is live; `purpose` reads another of the member's player accounts the same way (the bonus account).
     */
    async read(memberId: string, currency: string, purpose: string = PLAYER_MAIN): Promise<bigint> {
      const key = `${memberId}:${currency}:${purpose}`;
      const accountId = feed?.isLive ? wallets.get(key) : undefined;
      if (accountId !== undefined && !isBypassed(accountId)) {
        const entry = balances.get(accountId);
        if (entry && now() - entry.cachedAt < BALANCE_TTL_MS) return entry.balance;
      }
      const readVersion = version;
      const account = await findMemberAccount(db, memberId, purpose, currency);
      if (!account) return 0n;
      if (feed?.isLive && readVersion === version && !isBypassed(account.id)) {
        remember(wallets, key, account.id);
        remember(balances, account.id, { balance: account.balance, cachedAt: now() });
      }
      return account.balance;
    },

    /** The ledger, its money-moving calls evicting what they touched on this instance. */
    watch<L extends Posting>(ledger: L): L {
      const watched = {
        ...ledger,
        postTransaction: afterPost(ledger.postTransaction, 1),
        creditPlayerFromSystem: afterPost(ledger.creditPlayerFromSystem, 1),
        ...(ledger.postManyWithin ? { postManyWithin: afterPostMany(ledger.postManyWithin) } : {}),
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
