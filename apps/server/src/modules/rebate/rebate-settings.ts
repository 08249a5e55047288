import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { GAME_CATEGORIES, type GameCategory } from '@wps/shared/catalogue-constants';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type {
  RebateSettings,
  RebateSettingChange,
  RebateSettingsResult,
  RebateSettingsUpdate,
  RebateSettingsView,
} from '@wps/shared/schemas/rebate';
import type { Database } from '../../db/schema';
import type { RebateRaises } from '../../db/tables/rebate';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { SetupCeilings } from '../operator-money/operator-money-setups';
import {
  decideChange,
  findChange,
  findPendingChange,
  insertChange,
  lockPendingChange,
  supersedePending,
  type RebateChangeRow,
} from './rebate-changes.repository';
import {
  insertRateVersion,
  lockRebateSettings,
  readRebateSettings,
  writeRebateSettings,
  type RebateSettingsRow,
} from './rebate.repository';

type Db = Kysely<Database>;

export type RebateSettingsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The operator money policy's check of the second operator (kind `rebate`). */
  setups: Pick<SetupCeilings, 'assertApprover'>;
  now: () => Date;
};

function isCategory(c: string): c is GameCategory {
  return (GAME_CATEGORIES as readonly string[]).includes(c);
}

/** The settings as the back office reads them (categories the catalogue no longer has left out). */
function publicSettings(s: RebateSettingsRow): RebateSettings {
  return {
    enabled: s.enabled,
    period: s.period,
    mode: s.mode,
    rates: Object.fromEntries(Object.entries(s.rates).filter(([c]) => isCategory(c))),
  };
}

/** The same rates whatever the order their categories were written in (a category at 0 is one left out). */
export function sameRates(a: Record<string, number>, b: Record<string, number>): boolean {
  const canonical = (r: Record<string, number>) =>
    JSON.stringify(Object.entries(r).sort(([x], [y]) => (x < y ? -1 : 1)));
  return canonical(a) === canonical(b);
}

const sameSettings = (a: RebateSettingsRow, b: RebateSettingsRow) =>
  a.enabled === b.enabled && a.period === b.period && a.mode === b.mode && sameRates(a.rates, b.rates);

/**
 * Which part of a change pays less (in force at once) and which pays more (waits for a second
 * operator). Pays more: switching the rebate on, automatic payment (every player with turnover is
 * paid, where claim mode pays only those who claim), a higher or new category rate, and any change
 * of period (a week's rebate is floored once instead of seven times, and the rates in force at its
 * end reach a whole week of play: neither is clearly less). Pays less: switching it off, claim mode,
 * a lower or removed rate.
 */
export function splitRebateChange(
  current: RebateSettingsRow,
  wanted: RebateSettingsRow,
): { atOnce: RebateSettingsRow; raises: RebateRaises | null } {
  const raises: RebateRaises = {};
  if (!current.enabled && wanted.enabled) raises.enabled = true;
  if (current.mode === 'claim' && wanted.mode === 'auto') raises.mode = 'auto';
  if (wanted.period !== current.period) raises.period = wanted.period;
  const rates: Record<string, number> = {};
  const raisedRates: Record<string, number> = {};
  for (const c of new Set([...Object.keys(current.rates), ...Object.keys(wanted.rates)])) {
    const was = current.rates[c];
    const next = wanted.rates[c];
    if ((next ?? 0) > (was ?? 0)) raisedRates[c] = next!;
    // Lowered (or left out): the new value; raised: the old one until the raise is approved.
    const atOnce = (next ?? 0) <= (was ?? 0) ? next : was;
    if (atOnce !== undefined) rates[c] = atOnce;
  }
  if (Object.keys(raisedRates).length > 0) raises.rates = raisedRates;
  return {
    atOnce: {
      enabled: wanted.enabled ? current.enabled : false,
      mode: wanted.mode === 'claim' ? 'claim' : current.mode,
      period: current.period,
      rates,
    },
    raises: Object.keys(raises).length > 0 ? raises : null,
  };
}

/** The settings once an approved raise is applied to those in force (lowerings made meanwhile kept). */
export function applyRaises(current: RebateSettingsRow, raises: RebateRaises): RebateSettingsRow {
  return {
    enabled: raises.enabled ?? current.enabled,
    mode: raises.mode ?? current.mode,
    period: raises.period ?? current.period,
    rates: { ...current.rates, ...raises.rates },
  };
}

function present(row: RebateChangeRow): RebateSettingChange {
  return {
    id: String(row.id),
    raises: row.raises as RebateSettingChange['raises'],
    before: row.before as RebateSettings,
    reason: row.reason,
    status: row.status,
    requestedBy: String(row.requestedBy),
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy === null ? null : String(row.decidedBy),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/**
 * The operator's rebate settings (docs/decisions.md, "Rate set-ups: a raise waits for a second
 * operator"): a change that pays less is written at once; what pays more waits as one raise for an
 * operator other than the asker whose live role holds the policy's permission of kind `rebate`.
 * Until then the settings the players and the payments read are unchanged. Locks: the settings row,
 * then the change rows. Every step is audited with who asked and who decided.
 */
export function createRebateSettings({ db, audit, setups, now }: RebateSettingsContext) {
  /** Write the settings and, when the rates change, a rate version in force from now (under the row's lock). */
  async function write(trx: Db, before: RebateSettingsRow, next: RebateSettingsRow, operatorId: string) {
    await writeRebateSettings(trx, next, operatorId);
    // A change of rates starts a version: periods that end after this moment are paid at it.
    if (!sameRates(before.rates, next.rates)) await insertRateVersion(trx, next.rates, now(), operatorId);
  }

  async function read(): Promise<RebateSettingsView> {
    const [settings, pending] = await Promise.all([readRebateSettings(db), findPendingChange(db)]);
    return { ...publicSettings(settings), pending: pending ? present(pending) : null };
  }

  /** The waiting change locked for a decision, and the refusal that explains why not. */
  async function lockForDecision(
    trx: Db,
    approver: { operatorId: string; role: OpsRole },
    id: string,
  ): Promise<RebateChangeRow> {
    const row = await lockPendingChange(trx, id);
    if (!row) {
      const existing = await findChange(trx, id);
      if (!existing) throw new AppError(ErrorCode.SETUP_CHANGE_NOT_FOUND, 'No such rebate change');
      throw new AppError(ErrorCode.SETUP_CHANGE_ALREADY_DECIDED, 'This rebate change was already decided', {
        status: existing.status,
      });
    }
    setups.assertApprover('rebate', String(row.requestedBy), approver);
    return row;
  }

  return {
    /** GET /ops/rebate/settings. */
    read,

    /** PUT /ops/rebate/settings: what pays less at once (audited `rebate.settings`), what pays more left waiting. */
    async change(operatorId: string, input: RebateSettingsUpdate): Promise<RebateSettingsResult> {
      const { reason, ...fields } = input;
      const wanted: RebateSettingsRow = {
        ...fields,
        rates: Object.fromEntries(Object.entries(fields.rates).filter(([, r]) => r !== undefined)) as Record<
          string,
          number
        >,
      };
      const waiting = await runInTransaction(db, async (trx) => {
        const before = await lockRebateSettings(trx);
        const { atOnce, raises } = splitRebateChange(before, wanted);
        const changed = !sameSettings(before, atOnce);
        if (changed) await write(trx, before, atOnce, operatorId);
        if (changed || !raises)
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operatorId,
            action: 'rebate.settings',
            subjectType: 'rebate',
            subjectId: 'settings',
            reason,
            before,
            after: atOnce,
          });
        if (!raises) return null;
        const superseded = await supersedePending(trx);
        const change = await insertChange(trx, {
          raises,
          before: publicSettings(before),
          reason,
          requestedBy: operatorId,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'rebate.settings_raise_request',
          subjectType: 'rebate',
          subjectId: 'settings',
          reason,
          before: atOnce,
          after: {
            changeId: String(change.id),
            status: 'pending',
            raises,
            supersedes: superseded.map((r) => String(r.id)),
          },
        });
        return change;
      });
      return { ...(await read()), waiting: waiting ? present(waiting) : null };
    },

    /** POST /ops/rebate/setting-changes/:id/approve: the raise in force from now; never the asker's own. */
    async approve(
      approver: { operatorId: string; role: OpsRole },
      id: string,
      reason: string,
    ): Promise<RebateSettingsView> {
      await runInTransaction(db, async (trx) => {
        const current = await lockRebateSettings(trx);
        const change = await lockForDecision(trx, approver, id);
        const raises = change.raises as RebateRaises;
        const next = applyRaises(current, raises);
        await write(trx, current, next, approver.operatorId);
        await decideChange(trx, id, { status: 'applied', decidedBy: approver.operatorId, reason });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: 'rebate.settings_raise_approve',
          subjectType: 'rebate',
          subjectId: 'settings',
          reason,
          before: current,
          after: { ...next, changeId: id, requestedBy: String(change.requestedBy), raises },
        });
      });
      return read();
    },

    /** POST /ops/rebate/setting-changes/:id/reject: nothing changes; never the asker's own. */
    async reject(
      approver: { operatorId: string; role: OpsRole },
      id: string,
      reason: string,
    ): Promise<RebateSettingsView> {
      await runInTransaction(db, async (trx) => {
        await lockRebateSettings(trx);
        const change = await lockForDecision(trx, approver, id);
        await decideChange(trx, id, { status: 'rejected', decidedBy: approver.operatorId, reason });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: approver.operatorId,
          action: 'rebate.settings_raise_reject',
          subjectType: 'rebate',
          subjectId: 'settings',
          reason,
          before: { changeId: id, status: 'pending', requestedBy: String(change.requestedBy) },
          after: { changeId: id, status: 'rejected', raises: change.raises },
        });
      });
      return read();
    },
  };
}

export type RebateSettingsService = ReturnType<typeof createRebateSettings>;
