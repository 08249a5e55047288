import type { InhouseGameKind } from '@wps/shared/schemas/inhouse';
import { ErrorCode } from '@wps/shared/error-codes';
import { normalisePhone } from '@wps/shared/phone';
import type {
  KeysetPage,
  PlayerBalances,
  PlayerLedgerEntry,
  PlayerProfile,
  PlayerSearchItem,
  PlayerSearchKey,
  PlayerSearchPage,
} from '@wps/shared/schemas/players';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { SystemService } from '../system/system.service';
import { findMemberDeposits } from '../deposit/deposit-history';
import { findMemberRounds } from '../gateway/round-history';
import { findMemberInhouseRounds, outcomeForOperators } from '../inhouse/inhouse-history';
import { findLedgerEntries, findMemberAccounts } from '../ledger/ledger-history';
import {
  findMemberProfile,
  searchMembers,
  type MemberSearchCriteria,
  type MemberSearchRow,
} from '../member/member-search';
import { findMemberNotices } from '../messages/notice-history';
import { findMemberIdsByAccountSuffix } from '../security/bank-account-search';
import type { SecurityService } from '../security/security.service';
import { findMemberSessions } from '../session/session-history';
import { findMemberWithdrawals } from '../withdrawal/withdrawal-history';

export type PlayersContext = Pick<AppContext, 'db'> & {
  system: Pick<SystemService, 'getBrand' | 'listCountries' | 'getOperatorConfig'>;
  audit: Pick<AuditService, 'list'>;
  security: Pick<SecurityService, 'getPayeeName' | 'hasPaymentPassword' | 'listBankAccounts'>;
  now?: () => number;
};

/** A list query as the routes hand it over: keyset and time range as strings. */
export type ListQuery = {
  cursor?: string | undefined;
  limit: number;
  from?: string | undefined;
  to?: string | undefined;
};

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
const toDate = (s: string | undefined): Date | undefined => (s === undefined ? undefined : new Date(s));

/** Cut the extra row a repository read: it only says that a next page exists. */
function keysetPage<R extends { id?: unknown; entryId?: unknown }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
): KeysetPage<T> {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  const lastId = last === undefined ? null : String(last.entryId ?? last.id);
  return { list: page.map(map), nextCursor: more ? lastId : null };
}

function toSearchItem(r: MemberSearchRow): PlayerSearchItem {
  return {
    memberId: String(r.memberId),
    account: r.account,
    nickname: r.nickname,
    type: r.type,
    status: r.status,
    mobile: r.mobile,
    email: r.email,
    createdAt: r.createdAt.toISOString(),
    lastLoginAt: iso(r.lastLoginAt),
  };
}

/**
 * The back office's player search and player page. Reads only; changes are in player-actions.ts
 * and adjustments.service.ts. Every list is keyset-paged (player-page.repository.ts).
 */
export function createPlayersService(ctx: PlayersContext) {
  const { db, system, audit, security } = ctx;
  const now = ctx.now ?? Date.now;

  /** The E.164 form of a typed number: `+…` as is, otherwise in the operator's default country. */
  async function toE164(q: string): Promise<string | null> {
    const typed = q.replace(/[\s().\-\u00a0]/g, '');
    const [countries, config] = await Promise.all([system.listCountries(), system.getOperatorConfig()]);
    if (typed.startsWith('+')) {
      // Calling codes are prefix-free: at most one listed code starts the number.
      const code = countries.find((c) => typed.slice(1).startsWith(c.countryDialingCode))?.countryDialingCode;
      return code ? (normalisePhone(code, typed, countries)?.e164 ?? null) : null;
    }
    const home = countries.find((c) => c.countryCode === config.defaultCountry);
    return home ? (normalisePhone(home.countryDialingCode, typed, countries)?.e164 ?? null) : null;
  }

  /** The members query of a search, or null when nobody can match (an invalid number). */
  async function criteriaFor(
    key: PlayerSearchKey,
    q: string,
    offset: number,
    limit: number,
  ): Promise<{ criteria: MemberSearchCriteria; offset: number; hasMore?: boolean } | null> {
    switch (key) {
      case 'username':
        return { criteria: { key, prefix: q.toLowerCase() }, offset };
      case 'mobile': {
        const e164 = await toE164(q);
        return e164 ? { criteria: { key, e164 }, offset } : null;
      }
      case 'email':
        return { criteria: { key, email: q }, offset };
      case 'id':
        return /^\d{1,18}$/.test(q) ? { criteria: { key, memberId: q }, offset } : null;
      case 'bank': {
        if (!/^\d{4,20}$/.test(q)) return null;
        // The security module pages the members by their accounts' digits; the member rows follow.
        const ids = await findMemberIdsByAccountSuffix(db, q, offset, limit);
        return { criteria: { key: 'ids', memberIds: ids.slice(0, limit) }, offset: 0, hasMore: ids.length > limit };
      }
    }
  }

  async function requireProfile(memberId: string) {
    const row = await findMemberProfile(db, memberId);
    if (!row) throw new AppError(ErrorCode.PLAYER_NOT_FOUND, 'No such player');
    return row;
  }

  return {
    /**
     * GET /ops/players: one page of players matching `q` by `key`, index-served for every key. A
     * mobile number that is not a valid number (of the operator's default country, without `+`)
     * finds nobody.
     */
    async search(query: {
      q: string;
      key: PlayerSearchKey;
      page: number;
      pageSize: number;
    }): Promise<PlayerSearchPage> {
      const offset = (query.page - 1) * query.pageSize;
      const found = await criteriaFor(query.key, query.q.trim(), offset, query.pageSize);
      const rows = found ? await searchMembers(db, found.criteria, found.offset, query.pageSize) : [];
      const hasMore = found?.hasMore ?? rows.length > query.pageSize;
      return {
        list: rows.slice(0, query.pageSize).map(toSearchItem),
        page: query.page,
        pageSize: query.pageSize,
        hasMore,
      };
    },

    /** GET /ops/players/:memberId: profile, status, security state and bound bank accounts. */
    async getProfile(memberId: string): Promise<PlayerProfile> {
      const row = await requireProfile(memberId);
      const [payeeName, hasPaymentPassword, banks, brand] = await Promise.all([
        security.getPayeeName(memberId),
        security.hasPaymentPassword(memberId),
        security.listBankAccounts(memberId),
        system.getBrand(),
      ]);
      return {
        ...toSearchItem(row),
        language: row.language,
        payeeName,
        hasPaymentPassword,
        uplineAccount: row.uplineAccount ?? null,
        registerIp: row.registerIp,
        registerDomain: row.registerDomain,
        bankAccounts: banks.map((b) => ({
          id: String(b.id),
          bankCode: b.bankCode,
          bankName: b.bankName,
          accountNumber: b.accountNumber,
          holderName: b.holderName,
        })),
        currency: brand.currency,
        scale: brand.currencyScale,
      };
    },

    /** Whether the player exists (404 PLAYER_NOT_FOUND otherwise); its account and type. */
    async requirePlayer(
      memberId: string,
    ): Promise<{ memberId: string; account: string; type: number; status: 'active' | 'disabled' }> {
      const row = await requireProfile(memberId);
      return { memberId: String(row.memberId), account: row.account, type: row.type, status: row.status };
    },

    /** GET /ops/players/:memberId/balances: every ledger account the player owns. */
    async getBalances(memberId: string): Promise<PlayerBalances> {
      const [, accounts, brand] = await Promise.all([
        requireProfile(memberId),
        findMemberAccounts(db, memberId),
        system.getBrand(),
      ]);
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        accounts: accounts.map((a) => ({
          accountId: String(a.accountId),
          purpose: a.purpose,
          currency: a.currency,
          balanceMinor: String(a.balance),
        })),
      };
    },

    /** GET /ops/players/:memberId/ledger: entries newest first, keyset-paged on the entry id. */
    async listLedger(
      memberId: string,
      q: ListQuery & { accountId?: string | undefined; kind?: string | undefined },
    ): Promise<KeysetPage<PlayerLedgerEntry>> {
      const rows = await findLedgerEntries(db, memberId, { ...q, from: toDate(q.from), to: toDate(q.to) });
      return keysetPage(rows, q.limit, (r) => ({
        entryId: r.entryId,
        transactionId: r.transactionId,
        accountId: r.accountId,
        purpose: r.purpose,
        kind: r.kind,
        amountMinor: r.amount,
        balanceAfterMinor: r.balanceAfter,
        reference: r.reference,
        createdAt: new Date(r.createdAt).toISOString(),
      }));
    },

    async listDeposits(memberId: string, q: ListQuery & { status?: string | undefined }) {
      return keysetPage(
        await findMemberDeposits(db, memberId, { ...q, from: toDate(q.from), to: toDate(q.to) }),
        q.limit,
        (r) => ({
          id: String(r.id),
          channelType: r.channelType,
          provider: r.provider,
          amountMinor: String(r.amount),
          creditMinor: String(r.credit),
          status: r.status,
          referenceCode: r.referenceCode,
          failureReason: r.failureReason,
          createdAt: iso(r.createdAt) ?? '',
          resolvedAt: iso(r.resolvedAt),
        }),
      );
    },

    async listWithdrawals(memberId: string, q: ListQuery & { status?: string | undefined }) {
      return keysetPage(
        await findMemberWithdrawals(db, memberId, { ...q, from: toDate(q.from), to: toDate(q.to) }),
        q.limit,
        (r) => ({
          id: String(r.id),
          amountMinor: String(r.amount),
          status: r.status,
          bankName: r.bankName,
          accountNumber: r.accountNumber,
          holderName: r.holderName,
          rejectReason: r.rejectReason,
          createdAt: r.createdAt.toISOString(),
          decidedAt: iso(r.decidedAt),
        }),
      );
    },

    async listRounds(memberId: string, q: ListQuery & { status?: string | undefined; vassalage?: string | undefined }) {
      return keysetPage(
        await findMemberRounds(db, memberId, { ...q, from: toDate(q.from), to: toDate(q.to) }),
        q.limit,
        (r) => ({
          id: String(r.id),
          vassalage: r.vassalage,
          roundId: r.roundId,
          nodeId: r.nodeId,
          status: r.status,
          totalBetMinor: String(r.totalBet),
          totalWinMinor: String(r.totalWin),
          totalRefundMinor: String(r.totalRefund),
          createdAt: r.createdAt.toISOString(),
          settledAt: iso(r.settledAt),
        }),
      );
    },

    async listInhouseRounds(memberId: string, q: ListQuery & { game?: InhouseGameKind | undefined }) {
      // Crash's bets are not one-player rounds: none of them is in this list.
      const rows =
        q.game === 'crash'
          ? []
          : await findMemberInhouseRounds(db, memberId, { ...q, game: q.game, from: toDate(q.from), to: toDate(q.to) });
      return keysetPage(rows, q.limit, (r) => ({
        id: String(r.id),
        roundId: r.roundId,
        game: r.game,
        nodeId: r.nodeId,
        status: r.status,
        stakeMinor: String(r.stake),
        payoutMinor: String(r.payout),
        serverSeedHash: r.serverSeedHash,
        serverSeed: r.serverSeed ?? null,
        clientSeed: r.clientSeed,
        nonce: String(r.nonce),
        outcome: outcomeForOperators(r.game, r.outcome),
        createdAt: r.createdAt.toISOString(),
        settledAt: iso(r.settledAt),
      }));
    },

    async listSessions(
      memberId: string,
      q: { cursor?: string | undefined; limit: number; live?: 'true' | 'false' | undefined },
    ) {
      const live = q.live === undefined ? undefined : q.live === 'true';
      return keysetPage(await findMemberSessions(db, memberId, { ...q, live, now: new Date(now()) }), q.limit, (r) => ({
        id: String(r.id),
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        revokedAt: iso(r.revokedAt),
        ip: r.ip,
        userAgent: r.userAgent,
      }));
    },

    async listNotices(memberId: string, q: { cursor?: string | undefined; limit: number }) {
      return keysetPage(await findMemberNotices(db, memberId, q), q.limit, (r) => ({
        id: String(r.id),
        kind: r.kind,
        params: r.params,
        createdAt: r.createdAt.toISOString(),
        isRead: r.readAt !== null,
      }));
    },

    /** The audit entries whose subject is this player (status, payee name, adjustments, …). */
    async listAudit(memberId: string, q: { page: number; pageSize: number; action?: string | undefined }) {
      return audit.list({
        subjectType: 'member',
        subjectId: memberId,
        action: q.action,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
