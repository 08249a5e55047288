import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  amlCoafReportSchema,
  type AmlCase,
  type AmlCaseDetail,
  type AmlCaseListQuery,
  type AmlCasePage,
  type AmlCaseStatus,
  type AmlCoafReport,
  type OpenAmlCaseBody,
} from '@wps/shared/schemas/aml';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { AmlPlayers } from './aml-players';
import {
  findCase,
  findNotes,
  insertCase,
  insertNote,
  listCases,
  lockCase,
  updateCase,
  type CaseRow,
} from './aml.repository';
import { buildCoafReport, type ReportContext } from './coaf-report';
import type { CoafSender } from './coaf-sender';

type Db = Kysely<Database>;

export type CasesContext = ReportContext & {
  db: Db;
  log: Pick<Logger, 'warn'>;
  audit: Pick<AuditService, 'record'>;
  players: AmlPlayers;
  /** Files a report with COAF; null when none may run (the sandbox with NODE_ENV=production unallowed). */
  sender: CoafSender | null;
  now: () => number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The case queue (docs/compliance.md, "Anti-money laundering"). Every step is decided on the
 * case's locked row and audited in its transaction. A case is filed with four eyes: one operator
 * proposes the filing with the narrative, another approves it (never the proposer; the database
 * refuses it too, aml_cases_four_eyes). Approving sends the report: the report is built first,
 * kept on the case with the approval (the intent), sent outside any transaction with the case as
 * the idempotency key, and the protocol recorded after; a send that failed leaves the case
 * approved and unfiled, and approving again sends the kept report again. Audit entries name the
 * case, not the member: the player's page, which support reads, never shows that a case exists
 * (Law 9.613/1998 art. 11 II: the person is not told of a communication).
 */
export function createAmlCases(ctx: CasesContext) {
  const { db, audit, players, now } = ctx;

  async function present(rows: CaseRow[]): Promise<AmlCase[]> {
    const operatorIds = [
      ...new Set(rows.flatMap((r) => [r.assigneeId, r.openedBy].filter((id): id is string => !!id))),
    ];
    const [accounts, operators] = await Promise.all([
      ctx.accountNames([...new Set(rows.map((r) => r.memberId))]),
      ctx.operatorNames(operatorIds),
    ]);
    return rows.map((r) => ({
      id: r.id,
      memberId: r.memberId,
      account: accounts.get(r.memberId) ?? '',
      trigger: r.trigger,
      status: r.status,
      summary: r.summary,
      rating: r.rating,
      assigneeId: r.assigneeId,
      assignee: r.assigneeId === null ? null : (operators.get(r.assigneeId) ?? r.assigneeId),
      openedBy: r.openedBy === null ? null : (operators.get(r.openedBy) ?? r.openedBy),
      openedAt: r.openedAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      notes: r.notes,
    }));
  }

  function found(row: CaseRow | undefined, id: string): CaseRow {
    if (!row) throw new AppError(ErrorCode.AML_CASE_NOT_FOUND, 'No such case', { id });
    return row;
  }
  const requireCase = async (id: string) => found(await findCase(db, id), id);
  const lockRequired = async (trx: Db, id: string) => found(await lockCase(trx, id), id);

  function refuseState(row: CaseRow): never {
    throw new AppError(ErrorCode.AML_CASE_STATE, `This step is not allowed while the case is ${row.status}`, {
      id: row.id,
      status: row.status,
    });
  }

  async function detail(id: string): Promise<AmlCaseDetail> {
    const row = await requireCase(id);
    const [[base], notes, { player }] = await Promise.all([
      present([row]),
      findNotes(db, id),
      players.view(row.memberId),
    ]);
    const operatorIds = [...notes.map((n) => n.operatorId), row.proposedBy, row.approvedBy, row.dismissedBy];
    const names = await ctx.operatorNames([...new Set(operatorIds.filter((v): v is string => !!v))]);
    const nameOf = (opId: string) => names.get(opId) ?? opId;
    return {
      ...base!,
      player,
      openingReasons: row.openingReasons,
      noteList: notes.map((n) => ({
        id: n.id,
        operatorId: n.operatorId,
        operator: nameOf(n.operatorId),
        body: n.body,
        createdAt: n.createdAt.toISOString(),
      })),
      filing:
        row.proposedBy === null || row.narrative === null || row.proposedAt === null
          ? null
          : {
              narrative: row.narrative,
              proposedById: row.proposedBy,
              proposedBy: nameOf(row.proposedBy),
              proposedAt: row.proposedAt.toISOString(),
              approvedBy: row.approvedBy === null ? null : nameOf(row.approvedBy),
              approvedAt: iso(row.approvedAt),
              sender: row.sender,
              protocol: row.protocol,
              filedAt: iso(row.filedAt),
            },
      dismissal:
        row.dismissedAt && row.dismissedBy
          ? { by: nameOf(row.dismissedBy), at: row.dismissedAt.toISOString(), reason: row.dismissReason ?? '' }
          : null,
    };
  }

  /** One step of a case: lock it, check its state, change it and audit it, in one transaction. */
  async function step(
    operatorId: string,
    id: string,
    spec: {
      from: readonly AmlCaseStatus[];
      action: string;
      reason: string | null;
      change: (row: CaseRow) => Parameters<typeof updateCase>[3];
      check?: (row: CaseRow) => void;
    },
  ): Promise<AmlCaseDetail> {
    await runInTransaction(db, async (trx) => {
      const row = await lockRequired(trx, id);
      if (!spec.from.includes(row.status)) refuseState(row);
      spec.check?.(row);
      const change = spec.change(row);
      if (!(await updateCase(trx, id, spec.from, change))) refuseState(row);
      await audit.record(trx, {
        actorType: 'operator',
        actorId: operatorId,
        action: spec.action,
        subjectType: 'aml_case',
        subjectId: id,
        reason: spec.reason,
        before: { status: row.status, assigneeId: row.assigneeId },
        after: { status: change.status ?? row.status, assigneeId: change.assigneeId ?? row.assigneeId },
      });
    });
    return detail(id);
  }

  /** The report as it would be sent now (the case's approver given when approving). */
  async function draftReport(row: CaseRow): Promise<AmlCoafReport> {
    const { row: player } = await players.view(row.memberId);
    return buildCoafReport(ctx, row, player, new Date(now()));
  }

  /** Send the report kept on an approved case and record the protocol: the case is filed. */
  async function send(operatorId: string, id: string, report: AmlCoafReport): Promise<AmlCaseDetail> {
    const { sender } = ctx;
    if (!sender) throw new AppError(ErrorCode.AML_REPORT_UNAVAILABLE, 'No COAF sender is connected; nothing was filed');
    let protocol: string;
    try {
      ({ protocol } = await sender.send(report, `aml-case-${id}`));
    } catch (err) {
      ctx.log.warn({ err, caseId: id }, 'COAF report sending failed; the case stays approved and unfiled');
      throw new AppError(ErrorCode.AML_REPORT_UNAVAILABLE, 'The report could not be sent now; nothing was filed');
    }
    await runInTransaction(db, async (trx) => {
      const row = await lockRequired(trx, id);
      // Filed meanwhile (two approvers' retries met): the first protocol stands.
      if (row.status === 'filed') return;
      const filed = { ...report, status: 'filed' as const, protocol };
      const at = new Date(now());
      if (
        !(await updateCase(trx, id, ['awaiting_approval'], {
          status: 'filed',
          protocol,
          sender: sender.name,
          filedAt: at,
          report: JSON.stringify(filed),
        }))
      )
        refuseState(row);
      await audit.record(trx, {
        actorType: 'operator',
        actorId: operatorId,
        action: 'aml.case.filed',
        subjectType: 'aml_case',
        subjectId: id,
        reason: null,
        before: { status: row.status },
        after: { status: 'filed', sender: sender.name, protocol },
      });
    });
    return detail(id);
  }

  return {
    detail,

    /** GET /ops/aml/cases: a page at a time, newest first by default. */
    async list(query: AmlCaseListQuery): Promise<AmlCasePage> {
      const { rows, total } = await listCases(db, {
        status: query.status,
        trigger: query.trigger,
        rating: query.rating,
        memberId: query.memberId,
        order: query.order,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: await present(rows),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
      };
    },

    /** POST /ops/aml/cases: an operator opens a case on a player (as many as needed); audited. */
    async open(operatorId: string, body: OpenAmlCaseBody): Promise<AmlCaseDetail> {
      const { row: player } = await players.view(body.memberId);
      const id = await runInTransaction(db, async (trx) => {
        const opened = await insertCase(trx, {
          memberId: body.memberId,
          trigger: 'operator',
          summary: body.summary,
          reasons: player?.reasons ?? [],
          openedBy: operatorId,
        });
        if (opened === null) throw new Error('unreachable: an operator case has no live-case limit');
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'aml.case.open',
          subjectType: 'aml_case',
          subjectId: opened,
          reason: body.summary,
          before: null,
          after: { memberId: body.memberId, trigger: 'operator', status: 'open' },
        });
        return opened;
      });
      return detail(id);
    },

    /** POST /ops/aml/cases/:id/review: take the case (the caller becomes its assignee). */
    review: (operatorId: string, id: string) =>
      step(operatorId, id, {
        from: ['open', 'under_review'],
        action: 'aml.case.review',
        reason: null,
        change: () => ({ status: 'under_review', assigneeId: operatorId }),
      }),

    /** POST /ops/aml/cases/:id/notes: a note in any state (what followed a filing is worth keeping too); audited. */
    async addNote(operatorId: string, id: string, body: string): Promise<AmlCaseDetail> {
      await runInTransaction(db, async (trx) => {
        await lockRequired(trx, id);
        const noteId = await insertNote(trx, id, operatorId, body);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'aml.case.note',
          subjectType: 'aml_case',
          subjectId: id,
          reason: null,
          before: null,
          after: { noteId },
        });
      });
      return detail(id);
    },

    /** POST /ops/aml/cases/:id/dismiss: nothing to report, and why. */
    dismiss: (operatorId: string, id: string, reason: string) =>
      step(operatorId, id, {
        from: ['open', 'under_review'],
        action: 'aml.case.dismiss',
        reason,
        change: () => ({
          status: 'dismissed',
          dismissedBy: operatorId,
          dismissedAt: new Date(now()),
          dismissReason: reason,
        }),
      }),

    /** POST /ops/aml/cases/:id/propose-filing: the narrative the report will carry; a second operator approves. */
    proposeFiling: (operatorId: string, id: string, narrative: string) =>
      step(operatorId, id, {
        from: ['under_review'],
        action: 'aml.case.propose',
        reason: narrative,
        change: () => ({
          status: 'awaiting_approval',
          narrative,
          proposedBy: operatorId,
          proposedAt: new Date(now()),
        }),
      }),

    /** POST /ops/aml/cases/:id/reject-filing: back to review, with why; refused once approved (the report is sent). */
    rejectFiling: (operatorId: string, id: string, reason: string) =>
      step(operatorId, id, {
        from: ['awaiting_approval'],
        action: 'aml.case.reject',
        reason,
        check: (row) => {
          if (row.approvedBy !== null) refuseState(row);
        },
        change: () => ({ status: 'under_review', proposedBy: null, proposedAt: null }),
      }),

    /**
     * POST /ops/aml/cases/:id/approve-filing: a second operator approves the proposed filing and
     * the report is sent. On a case approved already whose send failed, it sends the kept report
     * again (the protocol of a first send that did arrive comes back by the idempotency key).
     */
    async approveFiling(operatorId: string, id: string): Promise<AmlCaseDetail> {
      const seen = await requireCase(id);
      if (seen.status !== 'awaiting_approval') refuseState(seen);
      if (seen.approvedBy !== null) return send(operatorId, id, amlCoafReportSchema.parse(seen.report));
      if (seen.proposedBy === operatorId)
        throw new AppError(ErrorCode.AML_CASE_OWN_FILING, 'A second operator approves a filing', { id });
      // The report is built before the transaction (it reads other modules), and kept only if the
      // proposal it was built from is still the one waiting.
      // What is sent is final ('filed'); COAF's protocol is added to the kept copy once it answers.
      const report: AmlCoafReport = { ...(await draftReport({ ...seen, approvedBy: operatorId })), status: 'filed' };
      await runInTransaction(db, async (trx) => {
        const row = await lockRequired(trx, id);
        if (
          row.status !== 'awaiting_approval' ||
          row.approvedBy !== null ||
          row.proposedAt?.getTime() !== seen.proposedAt?.getTime()
        )
          refuseState(row);
        if (row.proposedBy === operatorId)
          throw new AppError(ErrorCode.AML_CASE_OWN_FILING, 'A second operator approves a filing', { id });
        await updateCase(trx, id, ['awaiting_approval'], {
          approvedBy: operatorId,
          approvedAt: new Date(now()),
          report: JSON.stringify(report),
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'aml.case.approve',
          subjectType: 'aml_case',
          subjectId: id,
          reason: null,
          before: { status: row.status, proposedBy: row.proposedBy },
          after: { status: row.status, approvedBy: operatorId },
        });
      });
      return send(operatorId, id, report);
    },

    /** GET /ops/aml/cases/:id/report: the report as filed, or the draft it would be now. */
    async report(id: string): Promise<AmlCoafReport> {
      const row = await requireCase(id);
      if (row.status === 'filed') return amlCoafReportSchema.parse(row.report);
      return draftReport(row);
    },
  };
}

export type AmlCases = ReturnType<typeof createAmlCases>;
