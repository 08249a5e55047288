import type { Kysely } from 'kysely';
import { maskCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import { licenceRules, type JurisdictionProfile } from '@wps/shared/licence';
import type { BarredHit, BarredHitsQuery, RecordBarredContactBody } from '@wps/shared/schemas/identity';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { findContacts, insertContact } from './barred-contacts.repository';
import { findHits, hasOpenWindow, lockHit, setHitWindow, settleMemberHits, type HitRow } from './identity.repository';

type Db = Kysely<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The inbox notice a barred member gets (NOTICE_KINDS; the web words it with the two deadlines). */
const BARRED_NOTICE_KIND = 'barred_withdrawal_window';

type HitsContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  balance: (memberId: string, trx?: Db) => Promise<bigint>;
  accountNames: (memberIds: string[]) => Promise<Map<string, string>>;
  /** The inbox (the messages module), in the hit's transaction. */
  notify: (trx: Db, notice: { memberId: string; kind: string; params: Record<string, string> }) => Promise<void>;
  /** The calendar clock (the test clock door moves it): the window's deadlines are counted from it. */
  now: () => number;
};

/**
 * The back office's barred-list hits (docs/compliance.md, "Barred persons"): every hit with the
 * CPF masked and, for a member, their balance now; and the settlement an operator records once a
 * barred member's balance went back to them as a PIX payout to a key of their own (the refund,
 * barred-refund.ts: a withdrawal of origin barred_refund, paid through the withdrawal queue), never
 * an adjustment. A member's balance must be zero, and the refund paid, to settle.
 */
export function createBarredHits({ db, audit, balance, accountNames, notify, now }: HitsContext) {
  async function viewOf(rows: HitRow[]): Promise<BarredHit[]> {
    const memberIds = [...new Set(rows.flatMap((row) => (row.memberId ? [row.memberId] : [])))];
    const [names, balances, contacts] = await Promise.all([
      accountNames(memberIds),
      Promise.all(memberIds.map(async (id) => [id, await balance(id)] as const)),
      findContacts(
        db,
        rows.map((row) => row.id),
      ),
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
      withdrawUntil: row.withdrawUntil?.toISOString() ?? null,
      refundDueAt: row.refundDueAt?.toISOString() ?? null,
      contacts: contacts
        .filter((c) => c.hitId === row.id)
        .map((c) => ({
          id: c.id,
          channel: c.channel,
          content: c.content,
          contactedAt: c.contactedAt.toISOString(),
          recordedBy: c.recordedBy,
        })),
      refundWithdrawalId: row.refundWithdrawalId,
    }));
  }

  return {
    /**
     * A member's new hit, in its transaction (the identity row already locked by the caller): the
     * first open hit of an episode opens the withdrawal window the licence gives (barredWithdrawalDays,
     * then barredRefundDays for the refund), tells the member in the inbox with both deadlines and
     * records that contact. A later hit while that episode is open (the next day's login, a sweep)
     * tells nothing again: the member was told, and the deadlines stand.
     *
     * The notice is the one contact the site makes itself; the e-mails, SMS and calls an operator
     * makes are recorded on the hit (`recordContact`). The member cannot log in meanwhile (the
     * session door refuses a barred CPF), so the window is the time the player has to ask for the
     * payout, which the operator makes as the PIX refund (barred-refund.ts; docs/compliance.md).
     */
    async openWindow(trx: Db, hit: { id: string; memberId: string; profile: JurisdictionProfile }): Promise<boolean> {
      const rules = licenceRules(hit.profile);
      if (rules.barredWithdrawalDays === null || (await hasOpenWindow(trx, hit.memberId))) return false;
      const at = now();
      const withdrawUntil = new Date(at + rules.barredWithdrawalDays * DAY_MS);
      const refundDueAt = new Date(withdrawUntil.getTime() + (rules.barredRefundDays ?? 0) * DAY_MS);
      await setHitWindow(trx, hit.id, { withdrawUntil, refundDueAt });
      const params = { withdrawUntil: withdrawUntil.toISOString(), refundDueAt: refundDueAt.toISOString() };
      await notify(trx, { memberId: hit.memberId, kind: BARRED_NOTICE_KIND, params });
      await insertContact(trx, {
        hitId: hit.id,
        channel: 'inbox',
        content: `${BARRED_NOTICE_KIND} ${JSON.stringify(params)}`,
        contactedAt: new Date(at),
        recordedBy: null,
      });
      return true;
    },

    /** POST /ops/compliance/barred-hits/:id/contacts: a contact an operator made with a barred member; audited. */
    async recordContact(operatorId: string, id: string, body: RecordBarredContactBody): Promise<BarredHit> {
      const hit = await runInTransaction(db, async (trx) => {
        const row = await lockHit(trx, id);
        if (!row) throw new AppError(ErrorCode.BARRED_HIT_NOT_FOUND, 'No such barred-list hit');
        if (!row.memberId)
          throw new AppError(ErrorCode.BARRED_HIT_NOT_OPEN, 'A refused sign-up has no member to contact');
        const contactedAt = body.contactedAt ? new Date(body.contactedAt) : new Date(now());
        const contactId = await insertContact(trx, {
          hitId: row.id,
          channel: body.channel,
          content: body.content,
          contactedAt,
          recordedBy: operatorId,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'barred_hit.contact',
          subjectType: 'member',
          subjectId: row.memberId,
          reason: body.content,
          before: null,
          after: { hit: row.id, contact: contactId, channel: body.channel, contactedAt: contactedAt.toISOString() },
        });
        return row;
      });
      return (await viewOf([hit]))[0]!;
    },

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
            "Pay the balance out first (a refund by PIX to the player's own key)",
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
