import type { Kysely } from 'kysely';
import type { DepositMethod } from '@wps/shared/schemas/deposit';
import type { Brand } from '@wps/shared/schemas/system';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import type { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicencePolicy } from '../licence/licence-policy';
import type { MemberService } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import type { RateLimiter } from '../verification/rate-limiter';
import type { DepositSettings } from './deposit-settings';

/** Who resolves or changes something: an operator, or the system (webhook, expiry, CLI). */
export type DepositActor = { actorType: 'operator' | 'system'; actorId: string | null };

/** The system resolves an order on a webhook, a status check or an expiry. */
export const SYSTEM_ACTOR: DepositActor = { actorType: 'system', actorId: null };

export type DepositContext = Pick<AppContext, 'db' | 'log' | 'metrics'> & {
  system: { getBrand(): Promise<Brand> };
  ledger: Pick<LedgerService, 'ensurePlayerWallet' | 'ensureSystemAccount' | 'postTransaction'>;
  audit: Pick<AuditService, 'record'>;
  /** The member module answers the account names the operators' views show. */
  member: Pick<MemberService, 'findAccountNames'>;
  messages: Pick<MessagesService, 'notify'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  settings: DepositSettings;
  now?: () => number;
  /** The players' deposit limits (responsible-gaming module); none when absent. */
  limits?: DepositLimitGuard;
  /** What the licence lets players pay with, and whose money a deposit may be (docs/compliance.md, "PIX"). */
  ownership: DepositOwnership;
  /** The promo module's opt-ins a deposit order carries (the promotions' joins). */
  optIn: (memberId: string, promotionIds: readonly string[]) => Promise<void>;
  /**
   * The licence port: a player's deposit order asks the money.in door in the transaction that
   * writes it (docs/compliance.md, "The licence as one policy"). The composition root always
   * passes it; tests that build the module alone leave it out.
   */
  licence?: Pick<LicencePolicy, 'ask'>;
};

/** The licence's payment rules and the player's own CPF, as the deposit module needs them. */
export type DepositOwnership = {
  /** The kinds of money the licence allows ('any' for every kind) and whether deposits must come from the player's own CPF. */
  rules(): Promise<{ depositMethods: readonly DepositMethod[] | 'any'; ownAccountsOnly: boolean }>;
  /** The player's CPF (identity module), null when the account has none. */
  cpfOf(memberId: string): Promise<string | null>;
};

/** What a deposit has used of a limit's period: the player's amounts since the period began. */
export type DepositUsage = (since: Date) => Promise<bigint>;

/**
 * The responsible-gaming module's deposit limits. Both calls first lock the player's limits row
 * (the first lock of the deposit's transaction: then the order row, then the ledger's accounts),
 * so two deposits of one player are counted one after the other.
 */
export type DepositLimitGuard = {
  /** Take the player's limits row lock (before the order row's). */
  lock(trx: Kysely<Database>, memberId: string): Promise<void>;
  /** Refuse a new order (throws the AppError) that would take a period past a limit, counting credited and live pending orders. */
  checkOrder(
    trx: Kysely<Database>,
    memberId: string,
    amountMinor: bigint,
    at: Date,
    scale: number,
    used: DepositUsage,
  ): Promise<void>;
  /** The refusal for crediting an order that a limit (lowered meanwhile) no longer allows, counting credited orders only; null when it may be credited. */
  checkCredit(
    trx: Kysely<Database>,
    memberId: string,
    amountMinor: bigint,
    at: Date,
    scale: number,
    used: DepositUsage,
  ): Promise<AppError | null>;
};
