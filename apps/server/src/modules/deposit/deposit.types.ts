import type { Brand } from '@wps/shared/schemas/system';
import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
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
};
