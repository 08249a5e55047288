import { useMemo } from 'react';
import { ALL } from '../../components/select-filter';
import { useListParams, type ListParams, type SortOrder } from '../../lib/list-params';

export { ALL };

/** A queue's filter: the values the endpoint accepts, and the one a bare URL means (a value or ALL). */
export type QueueFilter = { values: readonly string[]; defaultValue: string };

/**
 * What each filter is set to: the URL's value when the endpoint accepts it (or ALL), otherwise the
 * filter's default. A queue opens on what waits for an operator (status=pending) without the URL
 * saying so, and "every status" is a choice of its own (`status=all`) rather than a missing value.
 */
export function effectiveFilters(
  url: Readonly<Record<string, string>>,
  specs: Readonly<Record<string, QueueFilter>>,
): Record<string, string> {
  const effective: Record<string, string> = {};
  for (const [key, spec] of Object.entries(specs)) {
    const value = url[key];
    effective[key] = value !== undefined && (value === ALL || spec.values.includes(value)) ? value : spec.defaultValue;
  }
  return effective;
}

/** A list or export query with the effective filters in place of the URL's: ALL is left out, the defaults are sent. */
export function withEffectiveFilters(
  query: URLSearchParams,
  effective: Readonly<Record<string, string>>,
): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(effective)) {
    if (value === ALL) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export type QueueParams = {
  /** For the DataTable and the list hook: paging, sort, and the effective filters in both queries. */
  params: ListParams;
  /** Each filter's effective value (ALL for none). */
  filters: Readonly<Record<string, string>>;
  /** Choose a filter's value; its default leaves the URL clean. Back to page 1. */
  setFilter: (key: string, value: string) => void;
};

/** useListParams for a queue: the URL keeps paging, sort and filters; filters have defaults and an "all" choice. */
export function useQueueParams({
  filters: specs,
  defaultSort,
  defaultOrder,
}: {
  filters: Readonly<Record<string, QueueFilter>>;
  defaultSort: string;
  defaultOrder: SortOrder;
}): QueueParams {
  const base = useListParams({ filterKeys: Object.keys(specs), defaultSort, defaultOrder, defaultPageSize: 20 });
  return useMemo(() => {
    const filters = effectiveFilters(base.filters, specs);
    return {
      filters,
      params: {
        ...base,
        toQuery: () => withEffectiveFilters(base.toQuery(), filters),
        toExportQuery: () => withEffectiveFilters(base.toExportQuery(), filters),
      },
      setFilter: (key, value) => base.setFilters({ [key]: value === specs[key]?.defaultValue ? null : value }),
    };
  }, [base, specs]);
}
