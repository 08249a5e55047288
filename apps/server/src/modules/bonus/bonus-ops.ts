import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type {
  BonusCostReport,
  BonusSettings,
  OpsBonus,
  OpsBonusSettingsBody,
  OpsGrantBonusAnswer,
  OpsGrantBonusBody,
} from '@wps/shared/schemas/bonus';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { Database } from '../../db/schema';
import type { BonusStatus } from '../../db/tables/bonus';
import { runInTransaction } from '../../db/run-in-transaction';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import type { OperatorService } from '../operator/operator.service';
import type { SystemService } from '../system/system.service';
import type { BonusService } from './bonus.service';
import { createBonusGrantRequests, type IssueGrant } from './bonus-grant-requests';
import { toBonusView, toContributionList } from './bonus-view';
import {
  findCostReport,
  findOpsBonuses,
  lockSettings,
  readSettings,
  writeSettings,
  type BonusSettingsRow,
} from './bonus.repository';

type Db = Kysely<Database>;

export type BonusOpsContext = {
  db: Db;
  bonus: Pick<BonusService, 'endOne'>;
  audit: Pick<AuditService, 'record'>;
  system: Pick<SystemService, 'getBrand'>;
  member: Pick<MemberService, 'findMemberIdByAccount' | 'findAccountNames'>;
  operators: Pick<OperatorService, 'namesOf'>;
  issueGrant: IssueGrant;
  /** Asked for every bonus an operator gives (bonus-grant-requests.ts). */
  moneyPolicy: Pick<OperatorMoneyPolicy, 'decide'>;
};

function toSettings(row: BonusSettingsRow, scale: number): BonusSettings {
  return {
    spendOrder: row.spendOrder,
    contributions: toContributionList(row.contributions),
    defaultWageringMultiple: row.defaultWageringMultiple,
    defaultExpiryHours: row.defaultExpiryHours,
    defaultMaxStake: formatMinor(String(row.defaultMaxStakeMinor), scale),
    defaultMaxConversionMultiple: row.defaultMaxConversionMultiple,
  };
}

/** The back office's bonuses: the list, grants and cancels (audited), the settings and the cost report. */
export function createBonusOps(ctx: BonusOpsContext) {
  const { db, audit, system, member } = ctx;
  const requests = createBonusGrantRequests({
    db,
    audit,
    member,
    operators: ctx.operators,
    issueGrant: ctx.issueGrant,
    moneyPolicy: ctx.moneyPolicy,
  });

  return {
    async list(q: {
      page: number;
      pageSize: number;
      status?: BonusStatus | undefined;
      memberId?: string | undefined;
      source?: string | undefined;
    }): Promise<OpsPage<OpsBonus> & { currency: string; scale: number }> {
      const brand = await system.getBrand();
      const { rows, total } = await findOpsBonuses(db, q, (q.page - 1) * q.pageSize, q.pageSize);
      const names = await member.findAccountNames(rows.map((r) => String(r.memberId)));
      return {
        list: rows.map((r) => ({
          ...toBonusView(r),
          memberId: String(r.memberId),
          username: names.get(String(r.memberId)) ?? null,
          endReason: r.endReason,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.max(1, Math.ceil(total / q.pageSize)),
        currency: brand.currency,
        scale: brand.currencyScale,
      };
    },

    /**
     * An operator gives a player a bonus: a grant of source 'operator', paid at once, audited; above
     * the operator money policy's thresholds it waits for a second operator instead.
     */
    async grant(operatorId: string, body: OpsGrantBonusBody): Promise<OpsGrantBonusAnswer> {
      const brand = await system.getBrand();
      const memberId = await member.findMemberIdByAccount(body.username);
      if (!memberId) throw new AppError(ErrorCode.PLAYER_NOT_FOUND, 'No player has this account name');
      const scale = brand.currencyScale;
      const amount = amountFromWire(body.amount, { field: 'body.amount', scale });
      const params: Record<string, unknown> = {};
      if (body.wageringMultiple !== undefined) params['wageringMultiple'] = body.wageringMultiple;
      if (body.expiresInHours !== undefined) params['expiresInHours'] = body.expiresInHours;
      if (body.maxConversion !== undefined)
        params['maxConversionMinor'] = amountFromWire(body.maxConversion, {
          field: 'body.maxConversion',
          scale,
        }).toString();
      if (body.maxStake !== undefined)
        params['maxStakeMinor'] = amountFromWire(body.maxStake, { field: 'body.maxStake', scale }).toString();
      return requests.ask(operatorId, {
        memberId: String(memberId),
        amount,
        currency: brand.currency,
        params,
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
      });
    },

    /** The bonus screen's requests (waiting for a second operator, or decided), and their decisions. */
    listRequests: requests.list,
    approveRequest: requests.approve,
    rejectRequest: requests.reject,

    /** An operator cancels a running bonus: its money back to the promotion budget, audited with the reason. */
    async cancel(operatorId: string, bonusId: string, reason: string) {
      const ended = await ctx.bonus.endOne(
        bonusId,
        'cancelled',
        { reason, by: operatorId, now: new Date() },
        async (trx, before, after) => {
          await audit.record(trx, {
            actorType: 'operator',
            actorId: operatorId,
            action: 'bonus.cancel',
            subjectType: 'bonus',
            subjectId: bonusId,
            reason,
            before: { status: before.status },
            after: { status: after.status, returnedMinor: after.returnedMinor },
          });
        },
      );
      if (!ended) throw new AppError(ErrorCode.BONUS_ALREADY_ENDED, 'This bonus has already ended');
      return ended;
    },

    async getSettings(): Promise<BonusSettings> {
      const brand = await system.getBrand();
      return toSettings(await readSettings(db), brand.currencyScale);
    },

    async updateSettings(operatorId: string, body: OpsBonusSettingsBody): Promise<BonusSettings> {
      const brand = await system.getBrand();
      const maxStake = amountFromWire(body.defaultMaxStake, {
        field: 'body.defaultMaxStake',
        scale: brand.currencyScale,
      });
      return runInTransaction(db, async (trx) => {
        const before = toSettings(await lockSettings(trx), brand.currencyScale);
        const row = await writeSettings(
          trx,
          {
            spendOrder: body.spendOrder,
            contributions: Object.fromEntries(body.contributions.map((c) => [c.category, c.percent])),
            defaultWageringMultiple: body.defaultWageringMultiple,
            defaultExpiryHours: body.defaultExpiryHours,
            defaultMaxStakeMinor: maxStake.toString(),
            defaultMaxConversionMultiple: body.defaultMaxConversionMultiple,
          },
          operatorId,
        );
        const after = toSettings(row, brand.currencyScale);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'bonus.settings',
          subjectType: 'bonus_settings',
          subjectId: 'bonus',
          reason: body.reason,
          before,
          after,
        });
        return after;
      });
    },

    /** Granted, converted, forfeited, expired and cancelled bonus money by day and source. */
    async costReport(q: { from: string; to: string; tz: string }): Promise<BonusCostReport> {
      const brand = await system.getBrand();
      try {
        new Intl.DateTimeFormat('en', { timeZone: q.tz });
      } catch {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'tz: not a time zone', { fields: ['tz'] });
      }
      const rows = await findCostReport(db, q.from, q.to, q.tz);
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        rows: rows.map((r) => ({
          day: r.day,
          source: r.source,
          grants: Number(r.grants),
          grantedMinor: r.granted,
          convertedMinor: r.converted,
          forfeitedMinor: r.forfeited,
          expiredMinor: r.expired,
          cancelledMinor: r.cancelled,
        })),
      };
    },
  };
}

export type BonusOps = ReturnType<typeof createBonusOps>;
