import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { JurisdictionProfile } from '@wps/shared/licence';
import type { LicenceBlocker, LicenceChange } from '@wps/shared/schemas/licence';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import {
  decideLicenceChange,
  findPendingLicenceChange,
  insertLicenceChange,
  findLicence,
  lockLicence,
  lockLicenceChange,
  markLicenceChosen,
  writeLicence,
  type LicenceChangeRow,
} from './licence.repository';

type Db = Kysely<Database>;

/**
 * What live set-ups a profile would forbid: each module that owns such set-ups (reward rules,
 * settings, products) gives one, read in the switch's transaction.
 */
export type LicenceBlockerSource = (trx: Db, to: JurisdictionProfile) => Promise<LicenceBlocker[]>;

type LicenceChangesContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  operators: Pick<OperatorService, 'namesOf'>;
};

/**
 * Switching the operator's profile: one operator asks, another approves (both with
 * settings.write), and every step is audited. A switch is refused, with the list, while anything
 * live would break the profile it goes to: found when asked, and again when approved, in the
 * transaction that writes the profile. The ops console sets the profile alone (it is the database
 * owner's tool, audited as the console), for a new installation and for tests.
 */
export function createLicenceChanges({ db, audit, operators }: LicenceChangesContext) {
  const sources: LicenceBlockerSource[] = [];

  async function blockersOf(trx: Db, to: JurisdictionProfile): Promise<LicenceBlocker[]> {
    const found: LicenceBlocker[] = [];
    for (const source of sources) found.push(...(await source(trx, to)));
    return found;
  }

  function refuseIfBlocked(to: JurisdictionProfile, blockers: LicenceBlocker[]): void {
    if (blockers.length > 0)
      throw new AppError(
        ErrorCode.LICENCE_SWITCH_BLOCKED,
        `${blockers.length} live set-up(s) would break the ${to} licence; change them first`,
        { profile: to, blockers },
      );
  }

  async function present(rows: LicenceChangeRow[]): Promise<LicenceChange[]> {
    const ids = rows.flatMap((r) => [String(r.requestedBy), ...(r.decidedBy === null ? [] : [String(r.decidedBy)])]);
    const names = ids.length ? await operators.namesOf([...new Set(ids)]) : new Map<string, string>();
    return rows.map((r) => ({
      id: String(r.id),
      from: r.profileFrom,
      to: r.profileTo,
      reason: r.reason,
      status: r.status,
      requestedBy: String(r.requestedBy),
      requestedByName: names.get(String(r.requestedBy)) ?? null,
      requestedAt: r.requestedAt.toISOString(),
      decidedBy: r.decidedBy === null ? null : String(r.decidedBy),
      decidedByName: r.decidedBy === null ? null : (names.get(String(r.decidedBy)) ?? null),
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
      decisionReason: r.decisionReason,
      blockers: (r.blockers ?? []) as LicenceBlocker[],
    }));
  }

  async function lockForDecision(trx: Db, operatorId: string, id: string): Promise<LicenceChangeRow> {
    const row = await lockLicenceChange(trx, id);
    if (!row) throw new AppError(ErrorCode.LICENCE_CHANGE_NOT_FOUND, 'No such licence change');
    if (row.status !== 'pending')
      throw new AppError(ErrorCode.LICENCE_CHANGE_ALREADY_DECIDED, 'This licence change was already decided', {
        status: row.status,
      });
    if (String(row.requestedBy) === operatorId)
      throw new AppError(ErrorCode.MONEY_OWN_REQUEST, 'Another operator must approve a licence change you asked for');
    return row;
  }

  return {
    present,

    /** A module's live set-ups a profile would forbid (composition root). */
    addBlockerSource(source: LicenceBlockerSource): void {
      sources.push(source);
    },

    /** The set-ups that stand in the way of `to` now. */
    blockers: (to: JurisdictionProfile) => blockersOf(db, to),

    /** POST /ops/licence/changes: ask for a switch, refused at once when something live breaks it. */
    async request(operatorId: string, to: JurisdictionProfile, reason: string): Promise<LicenceChange> {
      const row = await runInTransaction(db, async (trx) => {
        const current = await lockLicence(trx);
        if (current.profile === to)
          throw new AppError(ErrorCode.VALIDATION_FAILED, `The operator already runs under ${to}`, {
            fields: [{ field: 'profile', message: 'already in force' }],
          });
        if (await findPendingLicenceChange(trx))
          throw new AppError(ErrorCode.LICENCE_CHANGE_PENDING, 'A licence change is already waiting for approval');
        refuseIfBlocked(to, await blockersOf(trx, to));
        const change = await insertLicenceChange(trx, { from: current.profile, to, reason, requestedBy: operatorId });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'licence.change_request',
          subjectType: 'operator_licence',
          subjectId: String(change.id),
          reason,
          before: { profile: current.profile },
          after: { profile: to, status: 'pending' },
        });
        return change;
      });
      return (await present([row]))[0]!;
    },

    /**
     * POST /ops/licence/changes/:id/approve: by another operator. The blockers are found again under
     * the licence row's lock; if any appeared since, the change is refused (kept with their list).
     */
    async approve(operatorId: string, id: string, reason: string | null): Promise<LicenceChange> {
      const outcome = await runInTransaction(db, async (trx) => {
        const change = await lockForDecision(trx, operatorId, id);
        const current = await lockLicence(trx);
        const blockers = await blockersOf(trx, change.profileTo);
        if (blockers.length > 0 || current.profile !== change.profileFrom) {
          const refused = await decideLicenceChange(trx, id, { status: 'refused', by: operatorId, reason, blockers });
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operatorId,
            action: 'licence.change_refuse',
            subjectType: 'operator_licence',
            subjectId: id,
            reason,
            before: { profile: current.profile },
            after: { profile: current.profile, wanted: change.profileTo, blockers },
          });
          return { row: refused, blockers };
        }
        await writeLicence(trx, change.profileTo, operatorId);
        const applied = await decideLicenceChange(trx, id, { status: 'applied', by: operatorId, reason, blockers: [] });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'licence.change_approve',
          subjectType: 'operator_licence',
          subjectId: id,
          reason,
          before: { profile: change.profileFrom },
          after: { profile: change.profileTo, requestedBy: String(change.requestedBy) },
        });
        return { row: applied, blockers };
      });
      // The refusal is stored and audited; the caller still hears that the switch did not happen.
      if (outcome.row.status === 'refused') refuseIfBlocked(outcome.row.profileTo, outcome.blockers);
      return (await present([outcome.row]))[0]!;
    },

    /** POST /ops/licence/changes/:id/reject: nothing changes; never the asker's own. */
    async reject(operatorId: string, id: string, reason: string | null): Promise<LicenceChange> {
      const row = await runInTransaction(db, async (trx) => {
        const change = await lockForDecision(trx, operatorId, id);
        const rejected = await decideLicenceChange(trx, id, {
          status: 'rejected',
          by: operatorId,
          reason,
          blockers: [],
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'licence.change_reject',
          subjectType: 'operator_licence',
          subjectId: id,
          reason,
          before: { status: 'pending', profile: change.profileFrom },
          after: { status: 'rejected', wanted: change.profileTo },
        });
        return rejected;
      });
      return (await present([row]))[0]!;
    },

    /**
     * Whether someone chose the profile in force (a switch, or the console's `licence:set`): the
     * demo's installation keeps a chosen licence rather than set DEMO_JURISDICTION's.
     */
    async chosen(): Promise<boolean> {
      return (await findLicence(db)).chosenAt !== null;
    },

    /**
     * The ops console's `licence:set`: the database owner sets the profile alone (a new
     * installation, the demo, tests), still refused while something live breaks it, and audited.
     * `via: 'seed'` is the demo installation's seed (db/seed-jurisdiction.ts): the same check,
     * audited as `licence.seed_set` so the trail tells an installation from a console command.
     */
    async setFromConsole(
      to: JurisdictionProfile,
      reason: string,
      actor: { actorType: 'system'; actorId: string },
      via: 'console' | 'seed' = 'console',
    ): Promise<void> {
      await runInTransaction(db, async (trx) => {
        const current = await lockLicence(trx);
        if (current.profile === to) {
          if (via === 'console') await markLicenceChosen(trx);
          return;
        }
        refuseIfBlocked(to, await blockersOf(trx, to));
        await writeLicence(trx, to, null);
        await audit.record(trx, {
          ...actor,
          action: via === 'seed' ? 'licence.seed_set' : 'licence.console_set',
          subjectType: 'operator_licence',
          subjectId: 'licence',
          reason,
          before: { profile: current.profile },
          after: { profile: to },
        });
      });
    },
  };
}

export type LicenceChanges = ReturnType<typeof createLicenceChanges>;
