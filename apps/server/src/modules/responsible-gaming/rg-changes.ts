import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertHistory } from './responsible-gaming.repository';
import type { RgContext } from './rg-context';

type Db = Kysely<Database>;

/** One change of a player's limits, reality check or exclusions, as rg_history keeps it. */
export type RgChange = Parameters<typeof insertHistory>[1];

/**
 * Write a responsible-gambling change everywhere the licence keeps it, in the caller's transaction
 * (docs/compliance.md, "Records that cannot be deleted"): the module's own history (rg_history,
 * which the player, the back office and the monitoring read) and an audit entry, which the
 * database seals into the audit log's hash chain when the transaction commits (migration 0340).
 * The change, its history row and its entry commit or roll back together, so a limit, reality
 * check or exclusion change can be neither lost nor rewritten unnoticed.
 */
export function createRgChangeRecorder(audit: RgContext['audit']) {
  return async function recordChange(trx: Db, change: RgChange): Promise<void> {
    await insertHistory(trx, change);
    await audit.record(trx, {
      actorType: change.actorType,
      actorId: change.actorId,
      action: `responsible_gaming.${change.action}`,
      subjectType: 'member',
      subjectId: change.memberId,
      reason: null,
      before: { kind: change.kind, value: change.before },
      after: { kind: change.kind, value: change.after },
    });
  };
}

export type RecordRgChange = ReturnType<typeof createRgChangeRecorder>;
