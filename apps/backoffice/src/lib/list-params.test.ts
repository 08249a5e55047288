import { describe, expect, it } from 'vitest';
import { readListState, toListQuery } from './list-params';

const options = {
  filterKeys: ['status', 'q'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc' as const,
  defaultPageSize: 50,
};

describe('list state in the URL', () => {
  it("reads page, size, sort, order and only the list's own filters", () => {
    const state = readListState(
      new URLSearchParams('page=3&pageSize=20&sort=amount&order=asc&status=pending&other=x&q='),
      options,
    );
    expect(state).toEqual({ page: 3, pageSize: 20, sort: 'amount', order: 'asc', filters: { status: 'pending' } });
  });

  it('falls back to the defaults for missing or out-of-range values', () => {
    expect(readListState(new URLSearchParams('page=0&pageSize=500&order=sideways'), options)).toEqual({
      page: 1,
      pageSize: 50,
      sort: 'createdAt',
      order: 'desc',
      filters: {},
    });
    expect(readListState(new URLSearchParams('page=2.5&pageSize=-1'), options)).toMatchObject({
      page: 1,
      pageSize: 50,
    });
  });

  it('sends the list the page and the export only the filters and sort', () => {
    const state = readListState(new URLSearchParams('page=2&status=paid&sort=amount&order=asc'), options);
    expect(toListQuery(state, true).toString()).toBe('status=paid&sort=amount&order=asc&page=2&pageSize=50');
    expect(toListQuery(state, false).toString()).toBe('status=paid&sort=amount&order=asc');
  });
});
