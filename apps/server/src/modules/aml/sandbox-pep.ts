import type { Kysely } from 'kysely';
import { maskCpf, normalizeCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AddAmlPepBody, AmlPepEntry } from '@wps/shared/schemas/aml';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { deletePepEntry, findListedPeps, findPepEntries, upsertPepEntry } from './aml-sandbox.repository';
import type { PepScreeningProvider } from './pep-screening';

type Db = Kysely<Database>;

/** How many entries the back office's list shows (a sandbox holds a handful of test CPFs). */
const LIST_LIMIT = 500;

/**
 * The sandbox PEP provider: deterministic, a CPF is a PEP exactly when a tester listed it in the
 * back office (table aml_pep_sandbox), with the role they gave. It stands in for a real PEP list
 * in development and tests, so it is off with NODE_ENV=production unless ALLOW_SANDBOX_AML=1
 * (aml-settings.ts).
 */
export function createSandboxPep({ db, audit }: { db: Db; audit: Pick<AuditService, 'record'> }) {
  const provider: PepScreeningProvider = {
    name: 'sandbox',
    maxBatch: 1000,
    async screen(cpfs) {
      const listed = new Map((await findListedPeps(db, cpfs)).map((row) => [row.cpf, row.role]));
      return cpfs.map((cpf) => {
        const role = listed.get(cpf);
        return role ? { cpf, pep: true as const, role } : { cpf, pep: false as const };
      });
    },
  };

  return {
    provider,

    /** GET /ops/aml/pep-sandbox: the listed CPFs, masked, newest first. */
    async list(): Promise<AmlPepEntry[]> {
      const rows = await findPepEntries(db, LIST_LIMIT);
      return rows.map((r) => ({ id: r.id, cpfMasked: maskCpf(r.cpf), role: r.role, addedAt: r.addedAt.toISOString() }));
    },

    /** POST /ops/aml/pep-sandbox: list a CPF as a PEP (or change its role); audited with the CPF masked. */
    async add(operatorId: string, body: AddAmlPepBody): Promise<{ id: string }> {
      const cpf = normalizeCpf(body.cpf);
      if (!cpf)
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'The CPF is not valid', {
          fields: [{ field: 'cpf', code: 'pattern', patternId: 6, min: 11, max: 11 }],
        });
      return runInTransaction(db, async (trx) => {
        const { id, before } = await upsertPepEntry(trx, { cpf, role: body.role, operatorId });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'aml.pep_sandbox.add',
          subjectType: 'aml_pep_entry',
          subjectId: id,
          reason: null,
          before: before === null ? null : { cpf: maskCpf(cpf), role: before },
          after: { cpf: maskCpf(cpf), role: body.role },
        });
        return { id };
      });
    },

    /** POST /ops/aml/pep-sandbox/:id/remove: take a CPF off the list (audited); false when there was no such entry. */
    async remove(operatorId: string, id: string, note: string): Promise<boolean> {
      return runInTransaction(db, async (trx) => {
        const removed = await deletePepEntry(trx, id);
        if (!removed) return false;
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'aml.pep_sandbox.remove',
          subjectType: 'aml_pep_entry',
          subjectId: id,
          reason: note,
          before: { cpf: maskCpf(removed.cpf), role: removed.role },
          after: null,
        });
        return true;
      });
    },
  };
}

export type SandboxPep = ReturnType<typeof createSandboxPep>;
