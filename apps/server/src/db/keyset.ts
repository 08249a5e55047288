import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Keyset paging for lists ordered by one column and then the id, both in the same direction: the
 * streamed CSV exports read page after page with it, never OFFSET (which reads and drops every
 * row before the page, and skips or repeats rows that move meanwhile).
 *
 * A cursor is the last row's sort value and id. Both travel as text and PostgreSQL reads them as
 * the columns' types (a row comparison types its parameters from the other side). Sort columns
 * must hold values a string carries exactly: ids and integer amounts, not timestamps (microseconds
 * a JavaScript Date loses), which is why lists "by time" sort by id.
 */
export type KeysetCursor = { value: string; id: string };

/** The rows after `after` in the order (column, idColumn) `order`: a row comparison, one index range. */
export function afterKeyset(
  column: string,
  idColumn: string,
  order: 'asc' | 'desc',
  after: KeysetCursor,
): Expression<SqlBool> {
  const cmp = order === 'asc' ? sql`>` : sql`<`;
  return sql<SqlBool>`(${sql.ref(column)}, ${sql.ref(idColumn)}) ${cmp} (${after.value}, ${after.id})`;
}
