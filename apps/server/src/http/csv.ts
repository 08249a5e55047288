import { Readable } from 'node:stream';
import { format } from '@fast-csv/format';
import type { FastifyReply } from 'fastify';

/**
 * Streamed CSV exports for the back office (`GET <list path>/csv`). Rows come from the
 * database a page at a time by keyset (never OFFSET, never the whole result in memory) and go
 * out through @fast-csv/format as the client reads them, so a million-row export holds one
 * page in memory.
 *
 *   app.get('/ops/deposits/csv', { config: { permission: 'money.read' }, schema: { querystring } }, (request, reply) =>
 *     sendCsv(reply, {
 *       filename: 'deposits',
 *       columns: [
 *         { header: 'id', value: (r) => r.id },
 *         { header: 'amount', value: (r) => r.amountMinor },   // bigint/number: written as is
 *         { header: 'created_at', value: (r) => r.createdAt }, // Date: ISO 8601 UTC
 *       ],
 *       fetchPage: (after, limit) => deposits.listForExport(request.query, after, limit), // ordered by (sort, id)
 *       cursorOf: (row) => ({ createdAt: row.createdAt, id: row.id }),
 *     }));
 *
 * `fetchPage(after, limit)` answers the rows after the cursor (null: from the start) in a stable
 * order ending with a unique column; an answer shorter than `limit` ends the export. The first
 * page is read before anything is sent, so a failing query still answers the JSON error envelope.
 */

export type CsvValue = string | number | bigint | boolean | Date | null | undefined;
export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

export type CsvExport<T, C> = {
  /** The file name offered to the browser, without extension (the date and .csv are added by the client). */
  filename: string;
  columns: readonly CsvColumn<T>[];
  fetchPage: (after: C | null, limit: number) => Promise<readonly T[]>;
  cursorOf: (row: T) => C;
  /** Rows per database round trip (default 1000). */
  pageSize?: number;
};

/** Characters a spreadsheet reads as the start of a formula (and tab / CR, which some strip before reading). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (e.g. "-12.50") is not a formula and keeps its sign. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell's text: numbers and dates as written (ISO 8601 for instants), empty for null, and
 * text that a spreadsheet would run as a formula prefixed with an apostrophe (OWASP CSV injection).
 * Quoting of commas, quotes and line breaks is the formatter's.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The rows of every page in turn, as CSV records (arrays of cells). */
async function* records<T, C>(
  { columns, fetchPage, cursorOf, pageSize }: Required<Omit<CsvExport<T, C>, 'filename'>>,
  first: readonly T[],
) {
  let page = first;
  for (;;) {
    for (const row of page) yield columns.map((column) => csvCell(column.value(row)));
    const last = page[page.length - 1];
    if (page.length < pageSize || last === undefined) return;
    page = await fetchPage(cursorOf(last), pageSize);
  }
}

/** A file name that is safe in a Content-Disposition header. */
function safeFilename(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'export';
}

/** Answer the request with the export as a streamed CSV download (UTF-8 with BOM, so spreadsheets read accents). */
export async function sendCsv<T, C>(reply: FastifyReply, spec: CsvExport<T, C>): Promise<FastifyReply> {
  const pageSize = spec.pageSize ?? 1000;
  const first = await spec.fetchPage(null, pageSize);
  const formatter = format<string[], string[]>({
    headers: spec.columns.map((c) => c.header),
    writeBOM: true,
    alwaysWriteHeaders: true,
  });
  const source = Readable.from(records({ ...spec, pageSize }, first));
  source.on('error', (error) => formatter.destroy(error));
  source.pipe(formatter);
  reply.header('Content-Type', 'text/csv; charset=utf-8');
  reply.header('Content-Disposition', `attachment; filename="${safeFilename(spec.filename)}.csv"`);
  reply.header('Cache-Control', 'no-store');
  return reply.send(formatter);
}
