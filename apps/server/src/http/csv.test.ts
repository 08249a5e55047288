import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp, describeEachDatabase, type TestApp } from '../../test/test-app';
import { csvCell, sendCsv } from './csv';

describe('csvCell', () => {
  it('defuses cells a spreadsheet would run as formulas, keeps numbers and plain text', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(csvCell('+55 11 9999')).toBe("'+55 11 9999");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-1250n)).toBe('-1250');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell('João, "o Grande"')).toBe('João, "o Grande"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(new Date('2026-11-23T12:00:00Z'))).toBe('2026-11-23T12:00:00.000Z');
  });
});

/** A test-only route exporting `count` numbered rows from the database by keyset pages. */
function exportRoute(app: App, pagesRead: number[], database: () => TestApp['database']['db']): void {
  app.get<{ Querystring: { count: string; failAfter?: string } }>('/test/csv', async (request, reply) => {
    const count = Number(request.query.count);
    const failAfter = request.query.failAfter === undefined ? Infinity : Number(request.query.failAfter);
    return sendCsv(reply, {
      filename: 'números de teste',
      pageSize: 100,
      columns: [
        { header: 'n', value: (r: { n: number; label: string }) => r.n },
        { header: 'label', value: (r) => r.label },
      ],
      cursorOf: (r) => r.n,
      fetchPage: async (after, limit) => {
        if (pagesRead.length >= failAfter) throw new Error('database went away');
        pagesRead.push(after ?? 0);
        const result = await sql<{ n: number; label: string }>`
          SELECT n::int AS n,
                 CASE WHEN n = 1 THEN '=1+1' WHEN n = 2 THEN 'a, "quoted"' || chr(10) || 'line' ELSE 'row ' || n END AS label
          FROM generate_series(1, ${count}) AS n
          WHERE n > ${after ?? 0}
          ORDER BY n
          LIMIT ${limit}`.execute(database());
        return result.rows;
      },
    });
  });
}

describeEachDatabase('sendCsv streams a Kysely query by keyset pages', (target) => {
  let t: TestApp;
  const pagesRead: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(target, {}, { extraRoutes: (app) => exportRoute(app, pagesRead, () => t.database.db) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the header, every row once, escaped, with the download headers', async () => {
    pagesRead.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/test/csv?count=250' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="n-meros-de-teste.csv"');
    const body = response.body;
    expect(body.startsWith('\uFEFFn,label\n')).toBe(true);
    const lines = body.slice(1).split('\n');
    expect(lines[1]).toBe(`1,'=1+1`);
    expect(lines[2]).toBe('2,"a, ""quoted""');
    expect(lines[3]).toBe('line"');
    expect(lines[4]).toBe('3,row 3');
    expect(lines.at(-1)).toBe('250,row 250');
    // Three pages of 100 and nothing more: the last page was short.
    expect(pagesRead).toEqual([0, 100, 200]);
  });

  it('an exact multiple of the page size ends with one empty page', async () => {
    pagesRead.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/test/csv?count=200' });
    // 200 rows and the header; row 2's label holds a line break inside its quotes.
    expect(response.body.trimEnd().split('\n')).toHaveLength(202);
    expect(pagesRead).toEqual([0, 100, 200]);
  });

  it('an empty export still has its header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/test/csv?count=0' });
    expect(response.statusCode).toBe(200);
    expect(response.body.replace(/^\uFEFF/, '')).toBe('n,label');
  });

  it('a failure before the first row answers an error, not a half file', async () => {
    pagesRead.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/test/csv?count=250&failAfter=0' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('a failure on a later page cuts the download short rather than ending it as if complete', async () => {
    pagesRead.length = 0;
    await expect(t.app.inject({ method: 'GET', url: '/test/csv?count=250&failAfter=1' })).rejects.toThrow();
  });
});
