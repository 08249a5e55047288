import type { Kysely } from 'kysely';
import { maskCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import type { BarredHit, BarredHitsQuery } from '@wps/shared/schemas/identity';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { findHits, lockHit, settleMemberHits, type HitRow } from './identity.repository';

type Db = Kysely<Database>;

type HitsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  balance: (memberId: string, trx?: Db) => Promise<bigint>;
  accountNames: (memberIds: string[]) => Promise<Map<string, string>>;
  now: () => number;
};

/**
 * The back office's barred-list hits (docs/compliance.md, "Barred persons"): every hit with the
 * CPF masked and, for a member, their balance now; and the settlement an operator records once a
 * barred member's balance went back to them through the existing money paths (a manual
 * adjustment approved by a second operator, or a withdrawal already under review), which this
 * screen never moves itself. A member's balance must be zero to settle.
 */
export function createBarredHits({ db, audit, balance, accountNames, now }: HitsContext) {
  async function viewOf(rows: HitRow[]): Promise<BarredHit[]> {
    const memberIds = [...new Set(rows.flatMap((row) => (row.memberId ? [row.memberId] : [])))];
    const [names, balances] = await Promise.all([
      accountNames(memberIds),
      Promise.all(memberIds.map(async (id) => [id, await balance(id)] as const)),
    ]);
    const balanceOf = new Map(balances);
    return rows.map((row) => ({
      id: row.id,
      memberId: row.memberId,
      account: row.memberId ? (names.get(row.memberId) ?? null) : null,
      cpfMasked: maskCpf(row.cpf),
      reason: row.reason,
      check: row.check,
      checkDay: row.checkDay,
      checkedAt: row.checkedAt.toISOString(),
      status: row.status,
      balanceMinor: row.memberId ? (balanceOf.get(row.memberId) ?? 0n).toString() : null,
      settledAt: row.settledAt?.toISOString() ?? null,
      settledBy: row.settledBy,
      settlementNote: row.settlementNote,
    }));
  }

  return {
    /** GET /ops/compliance/barred-hits. */
    async list(
      query: { page: number; pageSize: number; order: 'asc' | 'desc' } & Pick<BarredHitsQuery, 'check' | 'status'>,
    ): Promise<OpsPage<BarredHit>> {
      const { page, pageSize } = query;
      const { rows, total } = await findHits(
        db,
        { check: query.check, status: query.status },
        { offset: (page - 1) * pageSize, limit: pageSize, order: query.order },
      );
      return { list: await viewOf(rows), total, page, pageSize, totalPages: Math.ceil(total / pageSize) };
    },

    /**
     * POST /ops/compliance/barred-hits/:id/settle: record how a barred member's balance was
     * settled. Every open hit of the member is settled with it (one balance, however many checks
     * found them); audited with the note.
     */
    async settle(operatorId: string, id: string, note: string): Promise<BarredHit> {
      const settled = await runInTransaction(db, async (trx) => {
        const hit = await lockHit(trx, id);
        if (!hit) throw new AppError(ErrorCode.BARRED_HIT_NOT_FOUND, 'No such barred-list hit');
        if (hit.status !== 'open' || !hit.memberId)
          throw new AppError(ErrorCode.BARRED_HIT_NOT_OPEN, 'This hit has nothing left to settle');
        const left = await balance(hit.memberId, trx);
        if (left > 0n) {
          throw new AppError(
            ErrorCode.BARRED_BALANCE_OUTSTANDING,
            'Pay the balance out first (a manual adjustment or a withdrawal)',
            { balanceMinor: left.toString() },
          );
        }
        const count = await settleMemberHits(trx, hit.memberId, { operatorId, note, at: new Date(now()) });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'barred_hit.settle',
          subjectType: 'member',
          subjectId: hit.memberId,
          reason: note,
          before: { hit: hit.id, status: 'open', reason: hit.reason, cpf: maskCpf(hit.cpf) },
          after: { status: 'settled', hits: count },
        });
        return (await lockHit(trx, id))!;
      });
      return (await viewOf([settled]))[0]!;
    },
  };
}
