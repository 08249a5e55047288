import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  MONEY_LIMIT_KEYS,
  type MoneyLimitChange,
  type MoneyLimitKey,
  type MoneyLimits,
  type MoneyLimitsBody,
  type MoneyLimitsUpdate,
  type MoneyLimitsView,
} from '@wps/shared/schemas/operator-money';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import { limitsOf } from './operator-money-policy';
import {
  decideLimitChange,
  findLimitChange,
  findLimits,
  findPendingLimitChanges,
  insertLimitChange,
  lockPendingLimitChange,
  updateLimits,
  type LimitChangeRow,
  type LimitColumns,
} from './operator-money.repository';

type Db = Kysely<Database>;

export type MoneyActor = { actorType: 'operator'; actorId: string };

type MoneyLimitsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  operators: Pick<OperatorService, 'namesOf'>;
};

function raisesOf(row: LimitChangeRow): Partial<MoneyLimits> {
  const raises: Partial<MoneyLimits> = {};
  for (const key of MONEY_LIMIT_KEYS) {
    const value = row[key];
    if (value !== null) raises[key] = String(value);
  }
  return raises;
}

/** The raises as the thresholds' columns (the same names, held as the database holds them). */
const columnsOf = (values: Partial<MoneyLimits>): Partial<LimitColumns> => values;

/**
 * The policy's thresholds as settings: read, lowered at once by one operator, raised only by two.
 * A change names all three values; those below the value in force are written at once, those above
 * wait as one raise for an operator other than the asker (same permission, settings.write), whose
 * approval writes only the thresholds it raises. Every step is audited with who asked and who
 * approved, the values before and after, and the reason.
 */
export function createMoneyLimits({ db, audit, operators }: MoneyLimitsContext) {
  async function present(rows: LimitChangeRow[]): Promise<MoneyLimitChange[]> {
    const ids = rows.flatMap((r) => [String(r.requestedBy), ...(r.decidedBy === null ? [] : [String(r.decidedBy)])]);
    const names = ids.length ? await operators.namesOf([...new Set(ids)]) : new Map<string, string>();
    return rows.map((r) => ({
      id: String(r.id),
      raises: raisesOf(r),
      before: r.before as MoneyLimits,
      reason: r.reason,
      status: r.status,
      requestedBy: String(r.requestedBy),
      requestedByName: names.get(String(r.requestedBy)) ?? null,
      requestedAt: r.requestedAt.toISOString(),
      decidedBy: r.decidedBy === null ? null : String(r.decidedBy),
      decidedByName: r.decidedBy === null ? null : (names.get(String(r.decidedBy)) ?? null),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    }));
  }

  async function read(): Promise<MoneyLimitsView> {
    const [row, pending] = await Promise.all([findLimits(db, 'none'), findPendingLimitChanges(db)]);
    if (!row) throw new Error('the operator money thresholds are missing (migration 0450 inserts them)');
    return { limits: limitsOf(row), pending: await present(pending) };
  }

  /** The pending change locked for a decision by `actor`, or the refusal that explains why not. */
  async function lockForDecision(trx: Db, actor: MoneyActor, id: string): Promise<LimitChangeRow> {
    const row = await lockPendingLimitChange(trx, id);
    if (!row) {
      const existing = await findLimitChange(trx, id);
      if (!existing) throw new AppError(ErrorCode.MONEY_LIMIT_CHANGE_NOT_FOUND, 'No such threshold change');
      throw new AppError(ErrorCode.MONEY_LIMIT_CHANGE_ALREADY_DECIDED, 'This threshold change was already decided', {
        status: existing.status,
      });
    }
    if (String(row.requestedBy) === actor.actorId)
      throw new AppError(ErrorCode.MONEY_OWN_REQUEST, 'Another operator must approve a raise you asked for');
    return row;
  }

  return {
    /** GET /ops/operator-money/limits. */
    read,

    /** PUT /ops/operator-money/limits: lowerings written at once, raises left waiting. */
    async change(actor: MoneyActor, { reason, ...wanted }: MoneyLimitsBody): Promise<MoneyLimitsUpdate> {
      const { lowered, waiting } = await runInTransaction(db, async (trx) => {
        const row = await findLimits(trx, 'update');
        if (!row) throw new Error('the operator money thresholds are missing (migration 0450 inserts them)');
        const before = limitsOf(row);
        const lowers: Partial<MoneyLimits> = {};
        const raises: Partial<MoneyLimits> = {};
        for (const key of MONEY_LIMIT_KEYS) {
          const next = BigInt(wanted[key]);
          const current = BigInt(before[key]);
          if (next < current) lowers[key] = String(next);
          else if (next > current) raises[key] = String(next);
        }
        const loweredKeys = Object.keys(lowers) as MoneyLimitKey[];
        if (loweredKeys.length > 0) {
          const after = limitsOf(await updateLimits(trx, columnsOf(lowers)));
          await audit.record(trx, {
            ...actor,
            action: 'operator_money.limits_lower',
            subjectType: 'operator_setting',
            subjectId: 'operatorMoneyLimits',
            reason,
            before,
            after,
          });
        }
        if (Object.keys(raises).length === 0) return { lowered: loweredKeys, waiting: null };
        const change = await insertLimitChange(trx, {
          raises: columnsOf(raises),
          before,
          reason,
          requestedBy: actor.actorId,
        });
        await audit.record(trx, {
          ...actor,
          action: 'operator_money.limits_raise_request',
          subjectType: 'operator_setting',
          subjectId: 'operatorMoneyLimits',
          reason,
          before,
          after: { changeId: String(change.id), status: 'pending', raises },
        });
        return { lowered: loweredKeys, waiting: change };
      });
      const view = await read();
      return { ...view, lowered, waiting: waiting ? (await present([waiting]))[0]! : null };
    },

    /** POST /ops/operator-money/limit-changes/:id/approve: writes the raises; never the asker's own. */
    async approve(actor: MoneyActor, id: string, reason: string): Promise<MoneyLimitsView> {
      await runInTransaction(db, async (trx) => {
        const change = await lockForDecision(trx, actor, id);
        const current = await findLimits(trx, 'update');
        if (!current) throw new Error('the operator money thresholds are missing (migration 0450 inserts them)');
        const raises = raisesOf(change);
        const after = limitsOf(await updateLimits(trx, columnsOf(raises)));
        await decideLimitChange(trx, id, { status: 'applied', decidedBy: actor.actorId, reason });
        await audit.record(trx, {
          ...actor,
          action: 'operator_money.limits_raise_approve',
          subjectType: 'operator_setting',
          subjectId: 'operatorMoneyLimits',
          reason,
          before: limitsOf(current),
          after: { ...after, changeId: id, requestedBy: String(change.requestedBy), raises },
        });
      });
      return read();
    },

    /** POST /ops/operator-money/limit-changes/:id/reject: nothing changes; never the asker's own. */
    async reject(actor: MoneyActor, id: string, reason: string): Promise<MoneyLimitsView> {
      await runInTransaction(db, async (trx) => {
        const change = await lockForDecision(trx, actor, id);
        await decideLimitChange(trx, id, { status: 'rejected', decidedBy: actor.actorId, reason });
        await audit.record(trx, {
          ...actor,
          action: 'operator_money.limits_raise_reject',
          subjectType: 'operator_setting',
          subjectId: 'operatorMoneyLimits',
          reason,
          before: { changeId: id, status: 'pending', requestedBy: String(change.requestedBy) },
          after: { changeId: id, status: 'rejected', raises: raisesOf(change) },
        });
      });
      return read();
    },
  };
}

export type MoneyLimitsService = ReturnType<typeof createMoneyLimits>;
