import { ErrorCode } from '@wps/shared/error-codes';
import type { PlayerStatus } from '@wps/shared/schemas/players';
import type { AppContext } from '../../app-context';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import { createMemberAdmin } from '../member/member-admin';
import type { MessagesService } from '../messages/messages.service';
import { setBankAccountHolders } from '../security/payee-correction';
import { createSecurityAdminService } from '../security/security-admin.service';
import { checkField, FALLBACK_RULES } from '../security/security-helpers';
import { isMemberSession } from '../session/session-history';
import type { SessionService } from '../session/session.service';
import type { SystemService } from '../system/system.service';
import type { PlayersService } from './players.service';

/** The operator acting (every action names them in the audit log). */
export type OperatorActor = { actorType: 'operator'; actorId: string };

export type PlayerActionsContext = Pick<AppContext, 'db'> & {
  audit: Pick<AuditService, 'record'>;
  session: Pick<SessionService, 'revoke' | 'revokeOthers'>;
  messages: Pick<MessagesService, 'notify'>;
  system: Pick<SystemService, 'getRegisterSettings'>;
  players: Pick<PlayersService, 'requirePlayer'>;
};

/** The notice kind of an operator's message; the player site shows its note under a generic title. */
export const OPERATOR_MESSAGE_KIND = 'operator_message';

/**
 * What an operator changes on a player that moves no money. Each change and its audit entry
 * (actor, reason, before and after) commit in one transaction.
 */
export function createPlayerActions(ctx: PlayerActionsContext) {
  const { db, audit, session, messages, system, players } = ctx;
  const memberAdmin = createMemberAdmin();
  const securityAdmin = createSecurityAdminService({ db, audit });

  return {
    /**
     * Disable or enable the account. Disabling ends every session of the player at once; their
     * logins are refused with ACCOUNT_DISABLED until enabled again.
     */
    async setStatus(
      actor: OperatorActor,
      memberId: string,
      status: PlayerStatus,
      reason: string,
    ): Promise<{ status: PlayerStatus; revokedSessions: number }> {
      await players.requirePlayer(memberId);
      return runInTransaction(db, async (trx) => {
        const before = await memberAdmin.setStatus(trx, memberId, status);
        if (before === undefined) throw new AppError(ErrorCode.PLAYER_NOT_FOUND, 'No such player');
        const revokedSessions =
          status === 'disabled' ? await session.revokeOthers(memberId, undefined, trx, 'account_disabled') : 0;
        await audit.record(trx, {
          ...actor,
          action: status === 'disabled' ? 'member.disable' : 'member.enable',
          subjectType: 'member',
          subjectId: memberId,
          reason,
          before: { status: before },
          after: { status, revokedSessions },
        });
        return { status, revokedSessions };
      });
    },

    /** Remove the payment password (and its tries and lock): the player sets a new one in the security centre. */
    async resetPaymentPassword(actor: OperatorActor, memberId: string, reason: string): Promise<void> {
      const player = await players.requirePlayer(memberId);
      await securityAdmin.resetPaymentPassword(actor, player.account, reason);
    },

    /** Correct the payee (real) name, checked against the operator's payeeName rule; bound accounts follow. */
    async correctPayeeName(
      actor: OperatorActor,
      memberId: string,
      payeeName: string,
      reason: string,
    ): Promise<{ payeeName: string }> {
      await players.requirePlayer(memberId);
      const rule = (await system.getRegisterSettings()).validate.payeeName ?? FALLBACK_RULES.payeeName;
      checkField('payeeName', rule, payeeName);
      return runInTransaction(db, async (trx) => {
        const changed = await memberAdmin.correctPayeeName(trx, memberId, payeeName);
        if (!changed) throw new AppError(ErrorCode.PLAYER_NOT_FOUND, 'No such player');
        await setBankAccountHolders(trx, memberId, payeeName);
        await audit.record(trx, {
          ...actor,
          action: 'member.payee_name.correct',
          subjectType: 'member',
          subjectId: memberId,
          reason,
          before: { payeeName: changed.before },
          after: { payeeName },
        });
        return { payeeName };
      });
    },

    /** A notice to the player from the operator, audited with its text. */
    async sendMessage(actor: OperatorActor, memberId: string, message: { title: string; body: string }): Promise<void> {
      await players.requirePlayer(memberId);
      await runInTransaction(db, async (trx) => {
        await messages.notify(trx, {
          memberId,
          kind: OPERATOR_MESSAGE_KIND,
          params: { title: message.title, note: message.body },
        });
        await audit.record(trx, {
          ...actor,
          action: 'member.message',
          subjectType: 'member',
          subjectId: memberId,
          reason: null,
          before: null,
          after: message,
        });
      });
    },

    /** End one of the player's sessions (404 NOT_FOUND for a session that is not theirs). */
    async revokeSession(actor: OperatorActor, memberId: string, sessionId: string): Promise<void> {
      if (!(await isMemberSession(db, memberId, sessionId)))
        throw new AppError(ErrorCode.NOT_FOUND, 'No such session of this player');
      await session.revoke(sessionId, 'operator');
      await runInTransaction(db, (trx) =>
        audit.record(trx, {
          ...actor,
          action: 'member.session.revoke',
          subjectType: 'member',
          subjectId: memberId,
          reason: null,
          before: { sessionId },
          after: null,
        }),
      );
    },

    /** End every session of the player; answers how many were live. */
    async revokeAllSessions(actor: OperatorActor, memberId: string): Promise<{ revoked: number }> {
      await players.requirePlayer(memberId);
      return runInTransaction(db, async (trx) => {
        const revoked = await session.revokeOthers(memberId, undefined, trx, 'operator');
        await audit.record(trx, {
          ...actor,
          action: 'member.sessions.revoke_all',
          subjectType: 'member',
          subjectId: memberId,
          reason: null,
          before: null,
          after: { revoked },
        });
        return { revoked };
      });
    },
  };
}

export type PlayerActions = ReturnType<typeof createPlayerActions>;
