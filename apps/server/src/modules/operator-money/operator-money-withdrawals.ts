import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findAlertsFor, findCreditsByOperatorTo, findLimits, insertAlert } from './operator-money.repository';

type Db = Kysely<Database>;

/**
 * How far back an operator's manual credits to a player make their approval of that player's
 * withdrawal raise an alert. A week covers the pattern the review described (credit on Monday,
 * approve the withdrawal of it days later, when no one connects the two) while keeping out an old
 * goodwill credit that the player has long since played through.
 */
export const CREDIT_ALERT_DAYS = 7;

/** What an alert keeps: the credits that raised it, read in the approval's transaction. */
export type CreditAlertFigures = {
  creditCount: number;
  creditedMinor: string;
  lastCreditAt: string;
  days: number;
  references: string[];
};

export type PayoutAlert = {
  kind: 'credited_then_paid_out';
  reference: string;
  operatorId: string;
  raisedAt: Date;
  figures: CreditAlertFigures;
};

/**
 * The operator money policy's side of withdrawal approvals, beyond `policy.decide` (which holds
 * a withdrawal, direction 'payout', to the amount of one request and to the asking operator's
 * 24-hour payout total): the alert when an operator pays out to a player they credited by hand,
 * and the ceiling of the ops CLI.
 *
 * Why a payout has its own total and not the credits': a withdrawal is the player's own money
 * leaving, already held from their wallet, so it adds nothing to what operators gave players; but
 * what one operator lets out alone in a day is the same kind of exposure the operator total
 * bounds, so it is held to the same threshold, summed over payouts only. No per-player total: the
 * player's withdrawals are already bounded by the withdrawal rules (amount and daily count).
 *
 * Why an alert and not a refusal: a finance operator who made a goodwill credit is also who works
 * the withdrawal queue that day; refusing would stop ordinary work. The pair is what collusion
 * looks like, so it is written down where the next operator looks (the withdrawal's row and
 * detail) and in the audit, and the thresholds still apply.
 */
export function createPayoutChecks() {
  return {
    /**
     * In the approval's transaction, after the policy decided: if `operatorId` asked or approved a
     * manual credit to `playerId` within CREDIT_ALERT_DAYS, raise the alert on `reference` (once
     * per reference and operator) and answer it; otherwise null.
     */
    async raiseIfCredited(
      trx: Db,
      p: { reference: string; operatorId: string; playerId: string },
    ): Promise<CreditAlertFigures | null> {
      const credits = await findCreditsByOperatorTo(trx, p.operatorId, p.playerId, CREDIT_ALERT_DAYS);
      if (credits.length === 0) return null;
      const figures: CreditAlertFigures = {
        creditCount: credits.length,
        creditedMinor: String(credits.reduce((sum, c) => sum + c.amount, 0n)),
        lastCreditAt: credits[credits.length - 1]!.decidedAt.toISOString(),
        days: CREDIT_ALERT_DAYS,
        references: credits.map((c) => c.reference),
      };
      await insertAlert(trx, {
        kind: 'credited_then_paid_out',
        reference: p.reference,
        playerId: p.playerId,
        operatorId: p.operatorId,
        figures,
      });
      return figures;
    },

    /** The alerts raised on these references (a page of the withdrawal queue), oldest first. */
    async alertsFor(db: Db, references: string[]): Promise<PayoutAlert[]> {
      const rows = await findAlertsFor(db, references);
      return rows.map((r) => ({
        kind: r.kind,
        reference: r.reference,
        operatorId: String(r.operatorId),
        raisedAt: r.raisedAt,
        figures: r.figures as CreditAlertFigures,
      }));
    },

    /**
     * The ops CLI approves as the system, with no operator the policy could count or a second
     * operator could differ from: it may pay what one request may and nothing above, read in the
     * payout's transaction (FOR SHARE, like a decision). Above it the withdrawal is approved in the
     * back office. Whoever runs the CLI has the database anyway; this keeps the CLI from being the
     * way around the second operator.
     */
    async isWithinOneRequest(trx: Db, amountMinor: bigint): Promise<{ isWithin: boolean; perRequestMinor: string }> {
      const row = await findLimits(trx, 'share');
      if (!row) throw new Error('the operator money thresholds are missing (migration 0450 inserts them)');
      return { isWithin: amountMinor <= BigInt(row.perRequestMinor), perRequestMinor: String(row.perRequestMinor) };
    },
  };
}

export type PayoutChecks = ReturnType<typeof createPayoutChecks>;
