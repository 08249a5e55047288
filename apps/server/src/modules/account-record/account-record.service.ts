import { formatMinor } from '@wps/shared/money';
import type { AccountRecordPage } from '@wps/shared/schemas/account-record';
import type { LedgerService } from '../ledger/ledger.service';
import type { SystemService } from '../system/system.service';

export type AccountRecordContext = {
  system: Pick<SystemService, 'getBrand'>;
  ledger: Pick<LedgerService, 'findMemberStatement'>;
};

/** The account record (transactionHistory): the player's ledger entries (read by the ledger), nothing else. */
export function createAccountRecordService(ctx: AccountRecordContext) {
  const { system, ledger } = ctx;
  return {
    /** GET /wps/member/transactions: one page, newest first, filtered by kind and time. */
    async list(
      memberId: string,
      query: {
        type?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
        page: number;
        pageSize: number;
      },
    ): Promise<AccountRecordPage> {
      const brand = await system.getBrand();
      const { rows, total } = await ledger.findMemberStatement(
        {
          memberId: String(memberId),
          kind: query.type,
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
        },
        (query.page - 1) * query.pageSize,
        query.pageSize,
      );
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        list: rows.map((r) => ({
          id: r.id,
          transactionId: r.transactionId,
          type: r.kind,
          amount: formatMinor(r.amount, brand.currencyScale),
          amountMinor: r.amount.toString(),
          balanceAfter: formatMinor(r.balanceAfter, brand.currencyScale),
          balanceAfterMinor: r.balanceAfter.toString(),
          reference: r.reference,
          createdAt: r.createdAt.toISOString(),
        })),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },
  };
}

export type AccountRecordService = ReturnType<typeof createAccountRecordService>;
