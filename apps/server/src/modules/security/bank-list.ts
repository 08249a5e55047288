import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  BANK_DEFAULT_SORT_ORDER,
  bankCodeSchema,
  bankNameSchema,
  bankSortOrderSchema,
  type OpsBank,
  type OpsBankListItem,
} from '@wps/shared/schemas/banks';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import { findAllBanks, findBankForUpdate, lockKey, upsertBank } from './security.repository';

/** Who changes the list: an operator, or the system (the ops CLI names the OS user). */
export type BankListActor = { actorType: AuditActorType; actorId: string | null };

type BankListContext = { db: Kysely<Database>; audit: Pick<AuditService, 'record'> };

/**
 * Check one value with its shared schema. The routes' schemas already did for HTTP calls; the ops
 * CLI hands over what was typed, so the rule is checked here too, with the same field names.
 */
function parseField<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? 'invalid';
  throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${field}`, { fields: [{ field, message }] });
}

/**
 * The operator's bank list, for the back office (/ops/banks) and the ops CLI (`bank:*`): add a bank,
 * rename or reorder it, enable or disable it. A bank is never deleted: bound accounts and past
 * withdrawals name it by code. Each change locks its code, and writes the row and its audit entry
 * (actor, reason, before and after) in one transaction.
 */
export function createBankList({ db, audit }: BankListContext) {
  return {
    /** GET /ops/banks: every bank with its switch, order and bound accounts. */
    listBanksForOps(): Promise<OpsBankListItem[]> {
      return findAllBanks(db);
    },

    /**
     * PUT /ops/banks/:bankCode: add the bank (enabled, last unless an order is given) or change its
     * name and, when given, its order. `reason` is null only from the CLI, which asks for none.
     */
    async saveBank(
      actor: BankListActor,
      input: { code: string; name: string; sortOrder?: number | undefined; reason: string | null },
    ): Promise<OpsBank> {
      const code = parseField(bankCodeSchema, input.code.trim(), 'params.bankCode');
      const name = parseField(bankNameSchema, input.name, 'body.name');
      const sortOrder =
        input.sortOrder === undefined ? undefined : parseField(bankSortOrderSchema, input.sortOrder, 'body.sortOrder');
      return runInTransaction(db, async (trx) => {
        // A new code has no row to lock yet: two first saves of one code queue on this key instead.
        await lockKey(trx, `bank:${code}`);
        const before = await findBankForUpdate(trx, code);
        const after: OpsBank = {
          code,
          name,
          enabled: before?.enabled ?? true,
          sortOrder: sortOrder ?? before?.sortOrder ?? BANK_DEFAULT_SORT_ORDER,
        };
        await upsertBank(trx, after);
        await audit.record(trx, {
          ...actor,
          action: 'bank.save',
          subjectType: 'bank',
          subjectId: code,
          reason: input.reason,
          before: before ?? null,
          after,
        });
        return after;
      });
    },

    /**
     * PUT /ops/banks/:bankCode/status: offer the bank for new accounts, or stop offering it.
     * Accounts already bound keep their bank. Unknown code: NOT_FOUND.
     */
    async setBankEnabled(
      actor: BankListActor,
      input: { code: string; enabled: boolean; reason: string | null },
    ): Promise<OpsBank> {
      const code = input.code.trim();
      return runInTransaction(db, async (trx) => {
        const before = await findBankForUpdate(trx, code);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'No such bank', { bankCode: code });
        const after: OpsBank = { ...before, enabled: input.enabled };
        await upsertBank(trx, after);
        await audit.record(trx, {
          ...actor,
          action: input.enabled ? 'bank.enable' : 'bank.disable',
          subjectType: 'bank',
          subjectId: code,
          reason: input.reason,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type BankList = ReturnType<typeof createBankList>;
