import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { RecordsViews } from './records-views';

type Db = Kysely<Database>;

/**
 * Closed accounts past retention: real-money members that are disabled, not anonymised yet, with
 * no sign-in, no money movement and no round since `cutoff`, no open round, and nothing left on any
 * of their accounts. Oldest first, at most `limit`.
 */
export async function findAnonymisationCandidates(
  db: Db,
  views: RecordsViews,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom(views.activity().as('m'))
    .select('m.id')
    .where('m.status', '=', 'disabled')
    .where(sql<boolean>`m.account <> 'anon-' || m.id::text`)
    .where('m.created_at', '<', cutoff)
    .where((eb) => eb.or([eb('m.last_login_at', 'is', null), eb('m.last_login_at', '<', cutoff)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(views.entries().as('e'))
            .select('e.id')
            .whereRef('e.member_id', '=', 'm.id')
            .where('e.created_at', '>=', cutoff),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(views.playerAccounts().as('a'))
            .select('a.id')
            .whereRef('a.member_id', '=', 'm.id')
            .where('a.balance', '<>', '0'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(views.roundRecords().as('r'))
            .select('r.id')
            .whereRef('r.member_id', '=', 'm.id')
            .where((x) => x.or([x('r.created_at', '>=', cutoff), x('r.status', '=', 'open')])),
        ),
      ),
    )
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
