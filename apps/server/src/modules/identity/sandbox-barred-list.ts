import type { Kysely } from 'kysely';
import { maskCpf, normalizeCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AddBarredCpfBody, BarredListEntry } from '@wps/shared/schemas/identity';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { BarredListProvider } from './barred-list';
import { deleteSandboxEntry, findSandboxEntries, findSandboxListed, insertSandboxEntry } from './identity.repository';

type Db = Kysely<Database>;

/** How many entries the back office's list shows (a sandbox holds a handful of test CPFs). */
const LIST_LIMIT = 500;

/**
 * The sandbox barred-persons provider: a CPF is barred when an operator listed it in the back
 * office (table barred_list_sandbox), with the reason they chose. It stands in for the
 * regulator's system in development and tests, so it is off with NODE_ENV=production unless
 * ALLOW_SANDBOX_BARRED_LIST=1 (identity-settings.ts), like the sandbox payment gateway.
 */
export function createSandboxBarredList({ db, audit }: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const provider: BarredListProvider = {
    name: 'sandbox',
    maxBatch: 1000,
    async check(cpfs) {
      const listed = new Map((await findSandboxListed(db, cpfs)).map((row) => [row.cpf, row.reason]));
      return cpfs.map((cpf) => {
        const reason = listed.get(cpf);
        return reason ? { cpf, barred: true as const, reason } : { cpf, barred: false as const };
      });
    },
  };

  return {
    provider,

    /** GET /ops/compliance/barred-list: the listed CPFs, masked, newest first. */
    async list(): Promise<BarredListEntry[]> {
      const rows = await findSandboxEntries(db, LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        cpfMasked: maskCpf(row.cpf),
        reason: row.reason,
        note: row.note,
        addedAt: row.addedAt.toISOString(),
      }));
    },

    /** POST /ops/compliance/barred-list: list a CPF (audited with the CPF masked). */
    async add(operatorId: string, body: AddBarredCpfBody): Promise<{ id: string }> {
      const cpf = normalizeCpf(body.cpf);
      if (!cpf)
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'The CPF is not valid', {
          fields: [{ field: 'cpf', code: 'pattern', patternId: 6, min: 11, max: 11 }],
        });
      return runInTransaction(db, async (trx) => {
        const id = await insertSandboxEntry(trx, { cpf, reason: body.reason, note: body.note, operatorId });
        if (id === null) throw new AppError(ErrorCode.BARRED_CPF_LISTED, 'This CPF is listed already');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'barred_list.add',
          subjectType: 'barred_list_entry',
          subjectId: id,
          reason: body.note,
          before: null,
          after: { cpf: maskCpf(cpf), reason: body.reason },
        });
        return { id };
      });
    },

    /** POST /ops/compliance/barred-list/:id/remove: take a CPF off the list (audited). */
    async remove(operatorId: string, id: string, note: string): Promise<void> {
      await runInTransaction(db, async (trx) => {
        const removed = await deleteSandboxEntry(trx, id);
        if (!removed) throw new AppError(ErrorCode.BARRED_LIST_ENTRY_NOT_FOUND, 'No such entry on the list');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'barred_list.remove',
          subjectType: 'barred_list_entry',
          subjectId: id,
          reason: note,
          before: { cpf: maskCpf(removed.cpf), reason: removed.reason },
          after: null,
        });
      });
    },
  };
}

export type SandboxBarredList = ReturnType<typeof createSandboxBarredList>;
