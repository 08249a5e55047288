import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

/**
 * A server-side list's state, kept in the URL so a filtered view can be bookmarked, shared and
 * reloaded: `page`, `pageSize`, `sort`, `order` and one parameter per filter. The same names go
 * to the list endpoint (`toQuery`) and, without the page, to its CSV export (`toExportQuery`).
 */
export type ListParams = {
  page: number;
  pageSize: number;
  sort: string | null;
  order: SortOrder;
  /** The filters that are set (empty ones are left out of the URL). */
  filters: Readonly<Record<string, string>>;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  /** Sort by a column (null: the endpoint's default order); back to page 1. */
  setSort: (sort: string | null, order: SortOrder) => void;
  /** Change some filters (null or '' removes one); back to page 1. */
  setFilters: (patch: Readonly<Record<string, string | null>>) => void;
  /** page, pageSize, sort, order and the filters, for the list endpoint. */
  toQuery: () => URLSearchParams;
  /** sort, order and the filters (no page), for the CSV export. */
  toExportQuery: () => URLSearchParams;
};

export type ListParamsOptions = {
  /** The filter parameters this list reads; anything else in the URL is ignored. */
  filterKeys: readonly string[];
  defaultSort?: string;
  defaultOrder?: SortOrder;
  defaultPageSize?: number;
};

export const PAGE_SIZES = [20, 50, 100] as const;

function positiveInt(value: string | null, fallback: number, max: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

type ListState = Pick<ListParams, 'page' | 'pageSize' | 'sort' | 'order' | 'filters'>;

/** The list state a URL's search parameters hold; out-of-range or unknown values fall back to the defaults. */
export function readListState(search: URLSearchParams, options: ListParamsOptions): ListState {
  const { filterKeys, defaultSort, defaultOrder = 'desc', defaultPageSize = 20 } = options;
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  const order = search.get('order');
  return {
    page: positiveInt(search.get('page'), 1, 100_000),
    pageSize: positiveInt(search.get('pageSize'), defaultPageSize, 100),
    sort: search.get('sort') || defaultSort || null,
    order: order === 'asc' || order === 'desc' ? order : defaultOrder,
    filters,
  };
}

/** The query for the list endpoint (with the page) or for its CSV export (without). */
export function toListQuery(state: ListState, withPage: boolean): URLSearchParams {
  const query = new URLSearchParams(state.filters);
  if (state.sort) {
    query.set('sort', state.sort);
    query.set('order', state.order);
  }
  if (withPage) {
    query.set('page', String(state.page));
    query.set('pageSize', String(state.pageSize));
  }
  return query;
}

/** The list state of the current URL, and setters that replace it (one history entry per change). */
export function useListParams({
  filterKeys,
  defaultSort,
  defaultOrder = 'desc',
  defaultPageSize = 20,
}: ListParamsOptions): ListParams {
  const [search, setSearch] = useSearchParams();
  const keys = filterKeys.join('|');

  const state = useMemo(
    () =>
      readListState(search, {
        filterKeys: keys.split('|').filter(Boolean),
        defaultSort,
        defaultOrder,
        defaultPageSize,
      }),
    [search, keys, defaultSort, defaultOrder, defaultPageSize],
  );

  const update = useCallback(
    (patch: Readonly<Record<string, string | null>>, resetPage: boolean) => {
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (resetPage) next.delete('page');
        return next;
      });
    },
    [setSearch],
  );

  return useMemo(
    () =>
      ({
        ...state,
        setPage: (page) => update({ page: page > 1 ? String(page) : null }, false),
        setPageSize: (pageSize) => update({ pageSize: pageSize === defaultPageSize ? null : String(pageSize) }, true),
        setSort: (sort, order) => update({ sort, order: sort ? order : null }, true),
        setFilters: (patch) => update(patch, true),
        toExportQuery: () => toListQuery(state, false),
        toQuery: () => toListQuery(state, true),
      }) satisfies ListParams,
    [state, update, defaultPageSize],
  );
}
